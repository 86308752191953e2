/**
 * Prices the coins a portfolio has just gained. A holding's price is the poller's stored latest price, and
 * the poller takes a new coin in on its next round (up to a minute later): until then an added or
 * imported coin showed 'No price data'. So the request that adds it asks the price source once for the
 * coins that have no recent stored price and stores what comes back fresh, as the poll does.
 */
import type { PriceSource } from '@coinpace/adapters';
import { loadLatestPrices, saveLatestPrices, type AppDb } from '@coinpace/db';
import type { PriceMap } from '@coinpace/domain';
import type { Logger } from '../../logger.ts';

/** How a request prices its new coins. */
export interface NewCoinPricing {
  /** A stored price younger than this (ms) is kept and its coin not asked for. */
  freshMs: number;
  now?: () => number;
  /** Told when the look-up failed (the coins are added all the same). */
  log?: Pick<Logger, 'warn'>;
}

/** The latest-price `source` of each fresh origin; cached and built-in prices are never stored. */
const STORED_ORIGINS = { live: 'coingecko', simulated: 'simulated' } as const;

/**
 * Asks `prices` for the ids among `ids` without a stored price younger than `freshMs`, and stores the
 * answers that are fresh (live or simulated). The call is an ordinary one in the source's limiter: it waits
 * behind the live poll and is refused as busy like a search, so it never spends the poll's share, and an
 * id the source does not know costs no upstream call. Never throws: a coin it cannot price waits for the
 * next poll, as before.
 */
export async function priceNewCoins(
  db: AppDb,
  prices: PriceSource,
  ids: readonly (string | null)[],
  pricing: NewCoinPricing,
): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return;
  try {
    const now = (pricing.now ?? Date.now)();
    const stored = await loadLatestPrices(db, wanted);
    const missing = wanted.filter((id) => {
      const entry = stored[id];
      return !entry || now - entry.receivedAt.getTime() >= pricing.freshMs;
    });
    if (missing.length === 0) return;
    // maxAgeMs 0: a price the source holds only as a last good value cannot be told from a fresh one by
    // its origin, and only fresh prices are stored.
    const result = await prices.getPrices(missing, { maxAgeMs: 0 });
    const bySource: Record<string, PriceMap> = {};
    for (const [id, quote] of Object.entries(result.prices)) {
      const origin = result.origin[id];
      if (origin === 'live' || origin === 'simulated') (bySource[STORED_ORIGINS[origin]] ??= {})[id] = quote;
    }
    const at = new Date((pricing.now ?? Date.now)());
    for (const [source, quotes] of Object.entries(bySource)) await saveLatestPrices(db, quotes, source, at);
  } catch (error) {
    // The coins are added either way; the next poll prices them.
    pricing.log?.warn({ err: error }, 'pricing new coins failed');
  }
}
