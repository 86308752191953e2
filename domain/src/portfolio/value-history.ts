/**
 * The portfolio value chart's series: today's holdings valued at the
 * prices of the past, bucket by bucket.
 */
import { HISTORY_RANGES, type HistoryRange, type ValuePoint } from '../schemas/portfolio-history.ts';

/** The time window of a range: epoch-aligned buckets of `stepMs` from `from` up to `to` (now). */
export interface HistoryWindow {
  range: HistoryRange;
  from: number;
  to: number;
  stepMs: number;
}

/**
 * The window of `range` ending at `now` (epoch ms). `from` is rounded down to a multiple of the step
 * since the epoch, so buckets line up across requests and with SQL's date_bin on the epoch.
 */
export function historyWindow(range: HistoryRange, now: number): HistoryWindow {
  const { days, stepMs } = HISTORY_RANGES[range];
  const from = Math.floor((now - days * 86_400_000) / stepMs) * stepMs;
  return { range, from, to: now, stepMs };
}

/** One coin held: its CoinGecko id and the total quantity held of it. */
export interface HeldCoin {
  coingeckoId: string;
  quantity: number;
  /** How many holdings it stands for (two symbols may map to one coin); default 1. */
  holdings?: number;
}

/** A coin's price in one bucket (the last price recorded in it). */
export interface BucketPrice {
  coingeckoId: string;
  /** Bucket start, epoch ms. */
  t: number;
  usd: number;
  /** The same price scaled by 10^18 (scaledPrice18), when the reader keeps it: it is not worked out again. */
  usd18?: bigint;
}

/** Inputs of buildValueSeries, all prices in USD per coin. */
export interface ValueSeriesInput {
  /** Any window of epoch-aligned buckets (the value chart's, or a holding price chart's). */
  window: Pick<HistoryWindow, 'from' | 'to' | 'stepMs'>;
  coins: readonly HeldCoin[];
  /** Last price per bucket and coin inside the window, any order. */
  buckets: readonly BucketPrice[];
  /** Each coin's last price before the window, so a coin without history in a bucket keeps its price. */
  before?: ReadonlyMap<string, number>;
  /** Each coin's latest price, for the final point at `window.to`. */
  latest?: ReadonlyMap<string, number>;
}

/**
 * The value of the holdings at every bucket of the window, oldest first, then one point at `window.to`
 * with the latest prices. A coin's price carries forward from its last known bucket (or from `before`)
 * until a newer one; a coin with no price yet is left out of the sum, and `priced` says how many
 * holdings were counted. Buckets where nothing was priced are omitted. Prices that are not finite or
 * not above 0 are ignored.
 */
export function buildValueSeries(input: ValueSeriesInput): ValuePoint[] {
  const { window } = input;
  const quantity = new Map<string, { quantity: number; holdings: number }>();
  for (const coin of input.coins) {
    if (!(coin.quantity > 0) || !Number.isFinite(coin.quantity)) continue;
    const entry = quantity.get(coin.coingeckoId) ?? { quantity: 0, holdings: 0 };
    entry.quantity += coin.quantity;
    entry.holdings += coin.holdings ?? 1;
    quantity.set(coin.coingeckoId, entry);
  }

  const byBucket = new Map<number, BucketPrice[]>();
  for (const price of input.buckets) {
    if (!quantity.has(price.coingeckoId) || !usable(price.usd)) continue;
    if (price.t < window.from || price.t > window.to) continue;
    const list = byBucket.get(price.t);
    if (list) list.push(price);
    else byBucket.set(price.t, [price]);
  }

  const current = new Map<string, number>();
  for (const [id, usd] of input.before ?? []) if (quantity.has(id) && usable(usd)) current.set(id, usd);

  const points: ValuePoint[] = [];
  const valueNow = (): ValuePoint | null => {
    let value = 0;
    let priced = 0;
    for (const [id, usd] of current) {
      const held = quantity.get(id)!;
      value += held.quantity * usd;
      priced += held.holdings;
    }
    return priced > 0 ? { t: 0, value, priced } : null;
  };

  for (let t = window.from; t < window.to; t += window.stepMs) {
    for (const price of byBucket.get(t) ?? []) current.set(price.coingeckoId, price.usd);
    const point = valueNow();
    if (point) points.push({ ...point, t });
  }
  for (const [id, usd] of input.latest ?? []) if (quantity.has(id) && usable(usd)) current.set(id, usd);
  const last = valueNow();
  if (last) points.push({ ...last, t: window.to });
  return points;
}

function usable(usd: number): boolean {
  return Number.isFinite(usd) && usd > 0;
}
