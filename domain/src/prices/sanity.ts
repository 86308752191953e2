/**
 * Price sanity rules (SPEC.md section 5 'Price sanity', section 9 'Limits'), as pure decisions.
 * A rejected price never throws: the caller gets the price to use instead (the old one) and why.
 */
import { MAX_PRICE_USD } from '../limits.ts';

/** Highest believable price of one coin, in USD; a higher price is rejected. */
export const MAX_COIN_PRICE_USD = MAX_PRICE_USD;
/** Highest value of one position (quantity x price) a price update may raise it to, in USD. */
export const MAX_POSITION_VALUE_USD = 5_000_000;
/** A price that makes a position worth more than this many times its previous value is rejected. */
export const MAX_POSITION_JUMP_FACTOR = 100;

/**
 * Why a new price was not taken:
 * - invalid: missing, not a finite number, zero or negative (a source sends 0 or null for 'no data');
 * - above_coin_cap: above MAX_COIN_PRICE_USD;
 * - jump: the position would be worth more than MAX_POSITION_JUMP_FACTOR times its previous value;
 * - above_position_cap: the position would rise above MAX_POSITION_VALUE_USD.
 */
export type PriceRejectReason = 'invalid' | 'above_coin_cap' | 'jump' | 'above_position_cap';

/** The outcome of a sanity check. */
export interface PriceDecision {
  /** True when the new price is taken. */
  accept: boolean;
  /** The price to use from now on: the new price if accepted, else the previous one; null when neither exists. */
  price: number | null;
  /** Set when the new price is not taken. */
  reason?: PriceRejectReason;
}

/** A previous price worth keeping: finite and above zero. */
function usable(price: number | null | undefined): number | null {
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : null;
}

function keep(previousPrice: number | null | undefined, reason: PriceRejectReason): PriceDecision {
  return { accept: false, price: usable(previousPrice), reason };
}

/**
 * Checks a new coin price in USD against the per-coin rules.
 * Accepts a finite price above 0 and at most 10,000,000 (exactly 10,000,000 is accepted).
 * Missing, NaN, infinite, zero or negative prices keep the previous price (reason 'invalid');
 * prices above 10,000,000 keep it too (reason 'above_coin_cap'). A previous price that is itself
 * missing or not above 0 counts as none, so `price` is then null.
 */
export function checkCoinPrice(
  newPrice: number | null | undefined,
  previousPrice?: number | null,
): PriceDecision {
  if (typeof newPrice !== 'number' || !Number.isFinite(newPrice) || newPrice <= 0) {
    return keep(previousPrice, 'invalid');
  }
  if (newPrice > MAX_COIN_PRICE_USD) return keep(previousPrice, 'above_coin_cap');
  return { accept: true, price: newPrice };
}

/** Input of checkPositionPrice. Prices in USD per coin. */
export interface PositionPriceInput {
  /** Coins held; a quantity that is not above 0 has no value, so only the coin rules apply. */
  quantity: number;
  /** The price the position is valued at now; null, undefined or 0 when it has none yet. */
  previousPrice?: number | null;
  /** The candidate price. */
  newPrice: number | null | undefined;
}

/**
 * Checks a new price for valuing one position (a holding), after the coin rules of checkCoinPrice.
 *
 * - Jump: with a previous price, a new price that makes the position worth more than 100 times its
 *   previous value (quantity x newPrice > 100 x quantity x previousPrice, i.e. newPrice > 100 x previousPrice)
 *   is rejected and the previous price kept (reason 'jump'). Exactly 100 times is accepted.
 * - Cap: 'cap a position above 5,000,000 by keeping the old price' means a price update may not raise a
 *   position above 5,000,000 USD. If quantity x newPrice > 5,000,000 and the new price is higher than the
 *   previous price, the previous price is kept (reason 'above_position_cap'). Exactly 5,000,000 is accepted.
 *   A position already above the cap is therefore frozen while the price rises, but a falling price is
 *   always taken, so a loss is never hidden. Without a previous price there is nothing to keep: the first
 *   price is accepted if it passes the coin rules.
 *
 * This decides the price a position is valued at; it does not change the coin's shared price.
 */
export function checkPositionPrice(input: PositionPriceInput): PriceDecision {
  const { quantity, previousPrice, newPrice } = input;
  const coin = checkCoinPrice(newPrice, previousPrice);
  if (!coin.accept) return coin;
  const price = coin.price!;
  const previous = usable(previousPrice);
  if (previous === null || !Number.isFinite(quantity) || quantity <= 0) return coin;
  if (price > MAX_POSITION_JUMP_FACTOR * previous) return keep(previous, 'jump');
  if (quantity * price > MAX_POSITION_VALUE_USD && price > previous)
    return keep(previous, 'above_position_cap');
  return coin;
}

/** Input of checkCoinPriceMove. Prices in USD per coin. */
export interface PriceMoveInput {
  /** The last good price of the coin; null or undefined when it has none yet. */
  previousPrice?: number | null;
  /** A price held back by the previous check (more than 100x the last good one), waiting to be confirmed. */
  pending?: number | null;
  /** The fetched price. */
  newPrice: number | null | undefined;
}

/** The outcome of checkCoinPriceMove: a PriceDecision plus the candidate to remember for the next fetch. */
export interface PriceMoveDecision extends PriceDecision {
  /** The price held back now, to pass as `pending` with the next fetched price; null when none is held. */
  pending: number | null;
  /** True when the new price is taken because it confirms a held-back jump. */
  confirmed?: boolean;
}

/** Most a confirming price may differ from the held-back candidate: within this factor either way. */
export const JUMP_CONFIRM_FACTOR = 2;

/**
 * Checks a fetched coin price against the coin rules (checkCoinPrice) and against the jump rule on the
 * coin's own price (SPEC.md section 5: a position more than 100 times its previous value is a position
 * whose coin price rose more than MAX_POSITION_JUMP_FACTOR times, whatever the quantity).
 *
 * - A price the coin rules reject keeps the previous price and drops any held-back candidate, so a
 *   confirmation has to come from the very next fetch.
 * - Without a previous price, or when the new price is at most 100 times the previous one (exactly 100x
 *   included, and every fall, so a crash is never hidden), the price is taken and nothing is held.
 * - A price more than 100 times the previous one is held back (reason 'jump'): the previous price is kept
 *   and the new price becomes `pending`. If the next fetched price is again more than 100 times the
 *   previous one and within a factor of 2 of the pending candidate, it is taken (`confirmed`), so a real
 *   100x move is not frozen forever; a different second jump replaces the candidate and is held in turn.
 */
export function checkCoinPriceMove(input: PriceMoveInput): PriceMoveDecision {
  const { previousPrice, newPrice } = input;
  const coin = checkCoinPrice(newPrice, previousPrice);
  if (!coin.accept) return { ...coin, pending: null };
  const price = coin.price!;
  const previous = usable(previousPrice);
  if (previous === null || price <= MAX_POSITION_JUMP_FACTOR * previous) return { ...coin, pending: null };
  const pending = usable(input.pending);
  if (pending !== null && price <= JUMP_CONFIRM_FACTOR * pending && price * JUMP_CONFIRM_FACTOR >= pending) {
    return { ...coin, pending: null, confirmed: true };
  }
  return { ...keep(previous, 'jump'), pending: price };
}
