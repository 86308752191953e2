import {
  cachedDailyCloses,
  cachedUserTransactions,
  findBucketPrices,
  findLatestPrices,
  findMarketBucketPrices,
  findMarketPricesBefore,
  findPricesBefore,
  loadDailyFxRates,
  type AppDb,
  type UserRecord,
  type UserTransaction,
} from '@coinpace/db';
import {
  CURRENCIES,
  computePerformance,
  displayCurrencyOf,
  performanceWindow,
  rateOnDay,
  usesHourlyHistory,
  utcDay,
  type BucketPrice,
  type PerformanceQuery,
  type PerformanceTransaction,
  type PortfolioPerformance,
} from '@coinpace/domain';
import { keepWalk, keptWalk } from './performance-state.ts';
import { mergeBuckets } from './portfolio-history.ts';

/** The walk's form of a user's transactions, per list the transactions cache shares between requests. */
const walkForms = new WeakMap<
  readonly UserTransaction[],
  { transactions: PerformanceTransaction[]; excluded: number }
>();

/**
 * The transactions as the walk reads them, and how many holdings are left out (no coin id). A list read
 * from the cache unchanged is the same array as before, so its form is made once, not on every request.
 */
function walkForm(all: readonly UserTransaction[]) {
  let form = walkForms.get(all);
  if (!form) {
    const transactions: PerformanceTransaction[] = [];
    const excluded = new Set<string>();
    for (const t of all) {
      if (t.coingeckoId === null) excluded.add(t.holdingId);
      else {
        transactions.push({
          coinId: t.coingeckoId,
          kind: t.kind,
          at: t.at,
          quantity: t.quantity,
          pricePerCoin: t.pricePerCoin,
          fee: t.fee,
        });
      }
    }
    form = { transactions, excluded: excluded.size };
    walkForms.set(all, form);
  }
  return form;
}

/** How far before the first flow stored currency rates are read. */
const RATE_LOOKBACK_MS = 7 * 86_400_000;

/**
 * The user's portfolio performance over `range` (GET /api/portfolio/performance): value and net invested
 * step by step, gain, money- and time-weighted returns, and optionally the same flows put into bitcoin
 * or ether. Prices come only from what is stored: for ranges up to a month the prices the poll recorded
 * and the hourly market history, beyond that the daily closes; the latest tick for now. Nothing upstream
 * is asked here. Amounts are in the user's display currency, converted with the stored rate of each
 * point's and each flow's day; in dollars while no rate of that currency is stored.
 */
export async function portfolioPerformance(
  db: AppDb,
  user: Pick<UserRecord, 'id' | 'displayCurrency'>,
  query: PerformanceQuery,
  now: number,
): Promise<PortfolioPerformance> {
  // The user's transactions come from memory while their stored rows are unchanged (one aggregate
  // tells); the window and the coins come with them, so the price reads run after one round trip.
  const { span, transactions: all, stamp } = await cachedUserTransactions(db, user.id);
  const firstAt = span.firstAt;
  const window = performanceWindow(query.range, now, firstAt);
  const ids = [...span.coinIds];
  if (query.benchmark && !ids.includes(query.benchmark)) ids.push(query.benchmark);

  const wanted = displayCurrencyOf(user.displayCurrency);
  const hourly = usesHourlyHistory(query.range);
  const none = firstAt === null;
  const [recorded, stored, closes, recordedBefore, storedBefore, latest, days] = await Promise.all([
    none || !hourly ? [] : findBucketPrices(db, ids, window),
    none || !hourly ? [] : findMarketBucketPrices(db, ids, window),
    none || hourly ? null : cachedDailyCloses(db, ids),
    none || !hourly ? new Map<string, number>() : findPricesBefore(db, ids, window.from),
    none ? new Map<string, number>() : findMarketPricesBefore(db, ids, window.from),
    none ? new Map<string, number>() : findLatestPrices(db, ids),
    // Net invested converts every flow at the rate of its day: rates from a week before the first flow,
    // so a first day without a stored rate takes the latest one before it.
    none || wanted === 'usd'
      ? []
      : loadDailyFxRates(db, wanted, utcDay(Math.min(firstAt, window.from) - RATE_LOOKBACK_MS)),
  ]);
  const { transactions, excluded } = walkForm(all);
  const empty = transactions.length === 0;
  const currency = days.length > 0 ? wanted : 'usd';
  const before = new Map([...storedBefore, ...recordedBefore]);
  const decimals = CURRENCIES[currency].decimals;
  // The walk up to the range's last step is kept and continued (performance-state.ts) when all it read
  // has a stamp: the daily closes, and transactions whose dollar amounts are as stored.
  const lastStep = window.from + (Math.ceil((window.to - window.from) / window.stepMs) - 1) * window.stepMs;
  const keeps = closes !== null && stamp !== null && lastStep > window.from;
  const slot = `${user.id}|${query.range}|${query.benchmark ?? ''}|${currency}`;
  const key = keeps
    ? [
        stamp,
        window.from,
        window.stepMs,
        decimals,
        closes.stamp,
        JSON.stringify([...before]),
        days.map((d) => `${d.day}:${d.rate}`).join(','),
      ].join('|')
    : '';
  const kept = keeps ? keptWalk(db, slot, key) : undefined;
  const resumeFrom = kept && kept.at <= lastStep ? kept : undefined;
  const prices: BucketPrice[] = closes
    ? closes.buckets({ ...window, from: resumeFrom?.at ?? window.from })
    : mergeBuckets(recorded, stored);
  const result = computePerformance(
    {
      window,
      transactions,
      prices,
      before,
      latest,
      benchmark: query.benchmark,
      rateAt: currency === 'usd' ? undefined : (t) => rateOnDay(days, t) ?? 1,
      decimals,
    },
    keeps ? { from: resumeFrom, keepAt: resumeFrom?.at === lastStep ? undefined : lastStep } : {},
  );
  if (result.kept) keepWalk(db, slot, key, result.kept);
  return {
    range: query.range,
    currency,
    from: window.from,
    to: window.to,
    stepMs: window.stepMs,
    points: empty ? [] : result.points,
    summary: {
      ...result.summary,
      ...(query.benchmark
        ? { benchmark: result.benchmark && { coin: query.benchmark, ...result.benchmark } }
        : {}),
    },
    unpriced: result.unpriced.filter((id) => id !== query.benchmark),
    excludedHoldings: excluded,
  };
}
