import {
  findBucketPrices,
  findHolding,
  findLatestPrices,
  findMarketBucketPrices,
  findHoldingFirstTradeAt,
  findMarketPricesBefore,
  findPricesBefore,
  listHeldCoins,
  type AppDb,
} from '@coinpace/db';
import {
  AppError,
  buildValueSeries,
  historyWindow,
  priceHistoryWindow,
  type BucketPrice,
  type HistoryRange,
  type PortfolioHistory,
  type PriceHistory,
  type PriceHistoryRange,
} from '@coinpace/domain';

/**
 * The value of the user's current holdings over `range`, from the price history the poller records
 * and the latest prices (GET /api/portfolio/history). Quantities are today's; coins without a
 * CoinGecko id have no price and are left out.
 */
export async function portfolioHistory(
  db: AppDb,
  userId: string,
  range: HistoryRange,
  now: number,
): Promise<PortfolioHistory> {
  return valueSeries(db, await listHeldCoins(db, userId), historyWindow(range, now));
}

/**
 * One holding's coin price over `range` (GET /api/portfolio/{id}/price-history), for the holding's
 * detail chart: the same series as the value chart for one coin at quantity 1, so each point's `value`
 * is the price in USD. 'all' starts at the holding's first transaction. 404 when the holding is not the
 * user's; no points for a coin without an id.
 */
export async function holdingPriceHistory(
  db: AppDb,
  userId: string,
  holdingId: string,
  range: PriceHistoryRange,
  now: number,
): Promise<PriceHistory> {
  const holding = await findHolding(db, userId, holdingId);
  if (!holding) throw new AppError('NOT_FOUND', { message: 'Portfolio item not found.' });
  const coins = holding.coingeckoId ? [{ coingeckoId: holding.coingeckoId, quantity: 1 }] : [];
  const firstTradeAt = range === 'all' ? await findHoldingFirstTradeAt(db, holding.id) : null;
  return valueSeries(db, coins, priceHistoryWindow(range, now, firstTradeAt));
}

/**
 * The summed value of `coins` at their quantities over `range`: from the prices the poll recorded, and
 * where it recorded none (before it first polled a coin, or while it was down), from the market history
 * the poller's backfill stored (market_history).
 */
async function valueSeries<R extends string>(
  db: AppDb,
  coins: Parameters<typeof buildValueSeries>[0]['coins'],
  window: { range: R; from: number; to: number; stepMs: number },
): Promise<Omit<PortfolioHistory, 'range'> & { range: R }> {
  const ids = [...new Set(coins.map((c) => c.coingeckoId))];
  const [recorded, stored, recordedBefore, storedBefore, latest] =
    ids.length === 0
      ? [[], [], new Map<string, number>(), new Map<string, number>(), new Map<string, number>()]
      : await Promise.all([
          findBucketPrices(db, ids, window),
          findMarketBucketPrices(db, ids, window),
          findPricesBefore(db, ids, window.from),
          findMarketPricesBefore(db, ids, window.from),
          findLatestPrices(db, ids),
        ]);
  const buckets = mergeBuckets(recorded, stored);
  const before = new Map([...storedBefore, ...recordedBefore]);
  return {
    range: window.range,
    from: window.from,
    to: window.to,
    stepMs: window.stepMs,
    holdings: coins.length,
    points: buildValueSeries({ window, coins, buckets, before, latest }),
  };
}

/** The recorded buckets, and the stored history's for every coin and bucket the poll recorded nothing in. */
export function mergeBuckets(
  recorded: readonly BucketPrice[],
  stored: readonly BucketPrice[],
): BucketPrice[] {
  // The long ranges read no recorded prices: nothing to merge, and no key to build per stored bucket.
  if (recorded.length === 0) return [...stored];
  const seen = new Set(recorded.map((p) => `${p.coingeckoId}@${p.t}`));
  return [...recorded, ...stored.filter((p) => !seen.has(`${p.coingeckoId}@${p.t}`))];
}
