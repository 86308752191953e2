/**
 * What changed between two polls (DESIGN.md section 4: ticks carry only coins that changed), as pure
 * comparisons the poller and its tests share.
 */
import type { PriceMap, PriceQuote, PriceSourceState, TickerCoin } from '@coinpace/domain';

/** True when a client would see a difference: the price or the 24h change moved. */
export function quoteChanged(previous: PriceQuote | undefined, next: PriceQuote): boolean {
  return !previous || previous.usd !== next.usd || previous.usd_24h_change !== next.usd_24h_change;
}

/** The quotes of `next` that are new or differ from `previous` (a timestamp alone is no change). */
export function changedQuotes(previous: Readonly<PriceMap>, next: Readonly<PriceMap>): PriceMap {
  const changed: PriceMap = {};
  for (const [id, quote] of Object.entries(next)) {
    if (quoteChanged(previous[id], quote)) changed[id] = quote;
  }
  return changed;
}

/** True when two tickers show the same coins, prices and changes in the same order. */
export function sameTicker(a: readonly TickerCoin[] | null, b: readonly TickerCoin[]): boolean {
  if (!a || a.length !== b.length) return false;
  return a.every((coin, i) => {
    const other = b[i]!;
    return (
      coin.symbol === other.symbol &&
      coin.price === other.price &&
      coin.changePercent24h === other.changePercent24h &&
      coin.change24h === other.change24h
    );
  });
}

/** True when two source states would be shown the same (the time of the last success aside). */
export function sameSourceState(a: PriceSourceState | null, b: PriceSourceState): boolean {
  return !!a && a.status === b.status && a.lockedUntil === b.lockedUntil && a.message === b.message;
}
