/**
 * Prices for the browser's reads (GET /api/prices, the SSE stream's first message): the poller's stored
 * latest prices when fresh, otherwise what the price source has already (its cache or the built-in
 * prices), otherwise the stored price however old. Never an upstream call: these reads are public, and
 * anyone could otherwise make each request cost CoinGecko calls.
 */
import type { PriceSource, SourceState } from '@coinpace/adapters';
import { loadLatestPrices, type AppDb } from '@coinpace/db';
import type { PriceMap } from '@coinpace/domain';

export interface ReadPricesOptions {
  /** A stored price older than this (ms) is asked of the source again. */
  staleAfterMs: number;
  now?: () => number;
}

/** The latest quote of each id that can be priced, and the source's state. */
export async function readPrices(
  db: AppDb,
  source: PriceSource,
  ids: readonly string[],
  options: ReadPricesOptions,
): Promise<{ prices: PriceMap; state: SourceState }> {
  const now = (options.now ?? Date.now)();
  const stored = await loadLatestPrices(db, ids);
  const prices: PriceMap = {};
  const missing: string[] = [];
  for (const id of ids) {
    const entry = stored[id];
    if (entry && now - entry.receivedAt.getTime() < options.staleAfterMs) prices[id] = entry.quote;
    else missing.push(id);
  }
  if (missing.length === 0) return { prices, state: source.state() };
  const fetched = await source.getPrices(missing, { cachedOnly: true });
  for (const id of missing) {
    const quote = fetched.prices[id] ?? stored[id]?.quote;
    if (quote) prices[id] = quote;
  }
  return { prices, state: fetched.state };
}

/** How old a stored price may be before reads ask the source: two polls and a margin, at least 5 minutes. */
export function staleAfterMs(pollMs: number): number {
  return Math.max(5 * 60_000, 2 * pollMs + 30_000);
}
