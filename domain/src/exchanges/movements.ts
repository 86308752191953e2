/**
 * An exchange's movements as holding transactions. Each movement gives a transaction of its base asset
 * (a trade) or its asset (a deposit, a withdrawal), with the reference `exchange:<accountId>:<externalId>`
 * that makes it stored once whatever the retries; a trade quoted in a coin also moves that coin (its
 * quote side, `movementTransactions`), as a file import does.
 *
 * A trade is recorded in its own currency, as a file import records it, so the two agree: a quote in
 * dollars or a dollar stablecoin is 'usd', a fiat display currency its code ('eur'), a coin its CoinGecko id
 * ('bitcoin' for an ETH/BTC trade), which the holding's history converts with that coin's stored close of
 * the day. A quote none of these (a fiat currency Coinpace keeps no rate of, a coin the caller cannot
 * name) is recorded at 0 with a note saying its price. Fees count in the trade's currency: in the quote as
 * they are, in the base asset at the trade's price (the coins taken); fees in a third asset are named in
 * the note.
 */
import { isDisplayCurrency } from '../format/currency.ts';
import { fromDecimal, mul, toDecimal } from '../transactions/fixed-point.ts';
import type { TransactionKind } from '../transactions/cost-basis.ts';

/** The movements of the exchange port, as far as this needs them (structurally the same types). */
export interface MovementFee {
  asset: string;
  amount: string;
}
export type SyncedMovement =
  | {
      kind: 'trade';
      externalId: string;
      at: string;
      fee: MovementFee | null;
      side: 'buy' | 'sell';
      base: string;
      quote: string;
      amount: string;
      price: string;
    }
  | {
      kind: 'deposit' | 'withdrawal';
      externalId: string;
      at: string;
      fee: MovementFee | null;
      asset: string;
      amount: string;
    };

/** Quote currencies counted as USD. */
export const USD_LIKE = new Set(['USD', 'USDT', 'USDC', 'BUSD', 'DAI', 'FDUSD', 'TUSD', 'USDP', 'PYUSD']);

/** Fiat currencies: cash on the exchange, not a coin holding. */
export const FIAT_CODES = new Set([
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'AUD',
  'CAD',
  'CHF',
  'TRY',
  'BRL',
  'KRW',
  'INR',
  'SGD',
  'HKD',
]);

/** One holding transaction a movement becomes. */
export interface SyncedTransaction {
  /** The exchange's asset code, upper case: which holding it goes to. */
  asset: string;
  kind: TransactionKind;
  at: string;
  quantity: string;
  pricePerCoin: string;
  fee: string;
  /** What price and fee are in: 'usd', a display currency code ('eur') or a coin's CoinGecko id. */
  currency: string;
  note: string | null;
  externalRef: string;
  /**
   * The quote side of a trade in a dollar stablecoin: recorded only where the user holds that coin (a
   * stablecoin not tracked is counted as dollars, not as a holding to create).
   */
  onlyIfHeld?: true;
}

/** The reference of a synced movement, unique per user. */
export function exchangeRef(accountId: string, externalId: string): string {
  return `exchange:${accountId}:${externalId}`;
}

const canonical = (value: bigint) => toDecimal(value < 0n ? 0n : value);

/**
 * The CoinGecko id of an exchange asset code ('BTC' → 'bitcoin'), or undefined when the caller knows no
 * coin for it; the same mapping the holdings are made with, so a trade and its quote side agree.
 */
export type CoinIdOf = (asset: string) => string | undefined;

/**
 * The currency a trade quoted in `quote` is recorded in, or null when it cannot be priced: 'usd' for the
 * dollar and its stablecoins, a fiat display currency's code, a coin's CoinGecko id.
 */
export function quoteCurrency(quote: string, coinIdOf: CoinIdOf = () => undefined): string | null {
  const code = quote.toUpperCase();
  if (USD_LIKE.has(code)) return 'usd';
  const lower = code.toLowerCase();
  // BTC and ETH are display currencies too, but a trade in them is a trade in the coin (its own close).
  if (FIAT_CODES.has(code)) return isDisplayCurrency(lower) ? lower : null;
  return coinIdOf(code) ?? null;
}

/** The transaction `movement` becomes, or null for one that moves nothing (a zero amount). */
export function movementTransaction(
  accountId: string,
  movement: SyncedMovement,
  coinIdOf?: CoinIdOf,
): SyncedTransaction | null {
  const externalRef = exchangeRef(accountId, movement.externalId);
  const amount = fromDecimal(movement.amount);
  if (amount <= 0n) return null;
  const fee = movement.fee && fromDecimal(movement.fee.amount) > 0n ? movement.fee : null;
  const notes: string[] = [];

  if (movement.kind === 'trade') {
    const base = movement.base.toUpperCase();
    const quote = movement.quote.toUpperCase();
    if (FIAT_CODES.has(base)) return null;
    const price = fromDecimal(movement.price);
    const currency = quoteCurrency(quote, coinIdOf);
    const priced = currency !== null;
    let quantity = amount;
    let feeValue = 0n;
    if (fee) {
      const feeAsset = fee.asset.toUpperCase();
      const feeAmount = fromDecimal(fee.amount);
      if (feeAsset === base) {
        // Coins taken as the fee: fewer arrive on a buy, more leave on a sale; their value is the fee.
        quantity = movement.side === 'buy' ? amount - feeAmount : amount + feeAmount;
        if (priced) feeValue = mul(feeAmount, price);
        else notes.push(`fee ${fee.amount} ${feeAsset}`);
      } else if (priced && (feeAsset === quote || (currency === 'usd' && USD_LIKE.has(feeAsset)))) {
        feeValue = feeAmount;
      } else {
        notes.push(`fee ${fee.amount} ${feeAsset} not counted`);
      }
    }
    if (!priced) notes.unshift(`priced in ${quote}: ${movement.price} ${quote} each, not converted to USD`);
    if (quantity <= 0n) return null;
    return {
      asset: base,
      kind: movement.side === 'buy' ? 'buy' : 'sell',
      at: movement.at,
      quantity: canonical(quantity),
      pricePerCoin: priced ? canonical(price) : '0',
      fee: canonical(feeValue),
      currency: currency ?? 'usd',
      note: notes.length > 0 ? notes.join('; ') : null,
      externalRef,
    };
  }

  const asset = movement.asset.toUpperCase();
  // Cash paid in or out is no coin: nothing to hold.
  if (FIAT_CODES.has(asset)) return null;
  let quantity = amount;
  if (fee) {
    if (fee.asset.toUpperCase() === asset) {
      // A withdrawal's network fee leaves with the coins; a deposit's fee was taken before they arrived.
      quantity =
        movement.kind === 'withdrawal' ? amount + fromDecimal(fee.amount) : amount - fromDecimal(fee.amount);
      notes.push(`network fee ${fee.amount} ${asset}`);
    } else {
      notes.push(`fee ${fee.amount} ${fee.asset.toUpperCase()} not counted`);
    }
  }
  if (quantity <= 0n) return null;
  return {
    asset,
    kind: movement.kind === 'deposit' ? 'transfer_in' : 'transfer_out',
    at: movement.at,
    quantity: canonical(quantity),
    pricePerCoin: '0',
    fee: '0',
    currency: 'usd',
    note: notes.length > 0 ? notes.join('; ') : null,
    externalRef,
  };
}

/**
 * The transactions `movement` becomes: that of movementTransaction and, for a trade quoted in a coin
 * (not cash), the quote coin's other side: a buy pays it (a sale of amount x price, plus a fee taken in
 * it), a sale receives it (a buy, less a fee taken in it). Its reference is the trade's with the quote
 * code after it, so it too is stored once. Priced 1 in its own currency (a dollar for a stablecoin, the
 * coin's id otherwise, valued by that coin's close of the day, as a file import records it), or unpriced
 * (0) with a note when `coinIdOf` names no coin for it.
 */
export function movementTransactions(
  accountId: string,
  movement: SyncedMovement,
  coinIdOf?: CoinIdOf,
): SyncedTransaction[] {
  const base = movementTransaction(accountId, movement, coinIdOf);
  if (!base) return [];
  if (movement.kind !== 'trade') return [base];
  const quote = movement.quote.toUpperCase();
  if (FIAT_CODES.has(quote) || quote === movement.base.toUpperCase()) return [base];
  const buy = movement.side === 'buy';
  const value = mul(fromDecimal(movement.amount), fromDecimal(movement.price));
  const fee =
    movement.fee && movement.fee.asset.toUpperCase() === quote ? fromDecimal(movement.fee.amount) : 0n;
  const moved = buy ? value + fee : value - fee;
  if (moved <= 0n) return [base];
  const usd = USD_LIKE.has(quote);
  const currency = quoteCurrency(quote, coinIdOf);
  const notes = [`${buy ? 'Paid for' : 'Received for'} ${movement.amount} ${movement.base.toUpperCase()}`];
  if (currency === null) notes.push('not priced in USD');
  const counter: SyncedTransaction = {
    asset: quote,
    kind: buy ? 'sell' : 'buy',
    at: movement.at,
    quantity: canonical(moved),
    pricePerCoin: currency === null ? '0' : '1',
    fee: '0',
    currency: currency ?? 'usd',
    note: notes.join('; '),
    externalRef: `${base.externalRef}:${quote.toLowerCase()}`,
  };
  return [base, usd ? { ...counter, onlyIfHeld: true } : counter];
}
