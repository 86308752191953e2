/**
 * When a price may fire alerts. A tick is judged as
 * of its own time and against the prices it carries, so what it fires does not depend on which consumer
 * handles it or how late: a tick taken over from a consumer that died still fires on a real crossing.
 * - A tick price fires only when the sanity rules accept it. The poller puts only fresh live or
 *   simulated quotes in a tick (never cached or built-in fallback prices, never a price it held back).
 * - A stored price used beside the tick's (whole-portfolio alerts) must have been received no more than
 *   two poll intervals before the tick, and not be a fallback price.
 */
import { checkCoinPrice } from '../prices/sanity.ts';

/** How many poll intervals a price stays fresh for alerting. */
export const STALE_AFTER_POLLS = 2;

/** Why a tick price may not fire alerts: the sanity rules refuse it. */
export type AlertPriceRejection = 'rejected';

export type AlertPriceCheck = { usable: true } | { usable: false; reason: AlertPriceRejection };

/** Whether a price a tick carries (USD) may fire alerts, or why not (a value, never a throw). */
export function checkTickPrice(price: number): AlertPriceCheck {
  return checkCoinPrice(price).accept ? { usable: true } : { usable: false, reason: 'rejected' };
}

/**
 * True when a price received at `receivedAt` (epoch ms) is older than two poll intervals at `at`, the
 * moment it is used for (a tick's time). A price received after `at` is not stale.
 */
export function isStale(receivedAt: number | null | undefined, at: number, pollMs: number): boolean {
  if (receivedAt === null || receivedAt === undefined || !Number.isFinite(receivedAt)) return true;
  return at - receivedAt > STALE_AFTER_POLLS * pollMs;
}
