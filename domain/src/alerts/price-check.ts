/**
 * When a price may fire alerts (issue 6, 'Beyond the spec'): never on a stale price (received more
 * than two poll intervals ago), never on one the sanity rules reject, never on a built-in fallback
 * price, and never on a tick price the poller did not keep as the coin's latest accepted price.
 */
import { checkCoinPrice } from '../prices/sanity.ts';

/** How many poll intervals a price stays fresh for alerting. */
export const STALE_AFTER_POLLS = 2;

/** The tick's price of one coin and what the database holds as its latest accepted price. */
export interface AlertPriceInput {
  /** The price in the tick, USD. */
  price: number;
  /** The latest accepted price stored for the coin (latest_prices.usd); undefined when none is stored. */
  storedPrice?: string | number | null;
  /** When the stored price was received, epoch ms. */
  receivedAt?: number | null;
  /** latest_prices.source: coingecko, simulated or fallback. */
  source?: string | null;
  /** Now, epoch ms. */
  now: number;
  /** PRICE_POLL_MS. */
  pollMs: number;
}

/** Why a price may not fire alerts. */
export type AlertPriceRejection = 'rejected' | 'not_stored' | 'superseded' | 'fallback' | 'stale';

export type AlertPriceCheck = { usable: true } | { usable: false; reason: AlertPriceRejection };

/** A price usable for alerting, or why not (a value, never a throw). */
export function checkAlertPrice(input: AlertPriceInput): AlertPriceCheck {
  if (!checkCoinPrice(input.price).accept) return { usable: false, reason: 'rejected' };
  if (input.storedPrice === undefined || input.storedPrice === null) {
    return { usable: false, reason: 'not_stored' };
  }
  if (!samePrice(Number(input.storedPrice), input.price)) return { usable: false, reason: 'superseded' };
  if (input.source === 'fallback') return { usable: false, reason: 'fallback' };
  if (isStale(input.receivedAt, input.now, input.pollMs)) return { usable: false, reason: 'stale' };
  return { usable: true };
}

/** True when a price received at `receivedAt` (epoch ms) is older than two poll intervals at `now`. */
export function isStale(receivedAt: number | null | undefined, now: number, pollMs: number): boolean {
  if (receivedAt === null || receivedAt === undefined || !Number.isFinite(receivedAt)) return true;
  return now - receivedAt > STALE_AFTER_POLLS * pollMs;
}

// The stored numeric has 18 decimals and the tick a double: equal within a part in a billion.
function samePrice(a: number, b: number): boolean {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
}
