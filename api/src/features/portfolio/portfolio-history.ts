import {
  findBucketPrices,
  findLatestPrices,
  findPricesBefore,
  listHeldCoins,
  type AppDb,
} from '@coinpace/db';
import { buildValueSeries, historyWindow, type HistoryRange, type PortfolioHistory } from '@coinpace/domain';

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
  const window = historyWindow(range, now);
  const coins = await listHeldCoins(db, userId);
  const ids = [...new Set(coins.map((c) => c.coingeckoId))];
  const [buckets, before, latest] = await Promise.all([
    findBucketPrices(db, ids, window),
    findPricesBefore(db, ids, window.from),
    findLatestPrices(db, ids),
  ]);
  return {
    range,
    from: window.from,
    to: window.to,
    stepMs: window.stepMs,
    holdings: coins.length,
    points: buildValueSeries({ window, coins, buckets, before, latest }),
  };
}
