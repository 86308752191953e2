/**
 * The price side of the performance walk: every coin's prices grouped by instant, in time order, with
 * coins as indexes and prices as bigints scaled by 10^18 (converted to the display currency when a rate
 * is given). The walk then takes one instant at a time instead of one object per coin and bucket.
 */
import { roundDiv } from '../transactions/fixed-point.ts';
import { TEN_18, scaled18 } from './performance-amounts.ts';
import type { BucketPrice } from './value-history.ts';

/** Prices of one instant: coin indexes and their prices at 10^18, side by side. */
export interface PriceInstant {
  t: number;
  coins: number[];
  prices: bigint[];
}

/** A positive finite price (a stored price that is not one is left out). */
export function usable(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n) && n > 0;
}

/**
 * Units of the display currency per dollar at an instant, scaled by 10^18 (1 when the rate is not a
 * usable number); each distinct rate is scaled once.
 */
export function rate18Reader(rateAt: (t: number) => number): (t: number) => bigint {
  const cache = new Map<number, bigint>();
  return (t) => {
    const rate = rateAt(t);
    let value = cache.get(rate);
    if (value === undefined) {
      value = usable(rate) ? scaled18(rate) : TEN_18;
      cache.set(rate, value);
    }
    return value;
  };
}

/** Options of groupPrices. */
export interface PriceSources {
  window: { from: number; to: number };
  /** Coin id to index; prices of other coins are left out. */
  index: ReadonlyMap<string, number>;
  prices: readonly BucketPrice[];
  before?: ReadonlyMap<string, number>;
  latest?: ReadonlyMap<string, number>;
  /** The display currency's rate at an instant, scaled by 10^18; dollars when left out. */
  rate18At?: (t: number) => bigint;
}

/**
 * The prices by instant in time order: each coin's price before the window at its start, the prices
 * inside it at their bucket, the latest at its end. Within an instant the given order is kept (a later
 * price of a coin replaces an earlier one). A dollar price has at most 18 decimals already; a converted
 * one is rounded to 18 (usd × rate, exact at 36 decimals, then rounded half away from zero).
 */
export function groupPrices(sources: PriceSources): PriceInstant[] {
  const { window, index, rate18At } = sources;
  const byTime = new Map<number, PriceInstant>();
  const instants: PriceInstant[] = [];
  let sorted = true;
  // Prices arrive coin by coin: the rate of each instant is looked up once.
  const rates = new Map<number, bigint>();
  const add = (coinId: string, t: number, usd: number, usd18?: bigint) => {
    const coin = index.get(coinId);
    if (coin === undefined || !usable(usd)) return;
    let price = usd18 ?? scaled18(usd);
    if (rate18At) {
      let rate18 = rates.get(t);
      if (rate18 === undefined) {
        rate18 = rate18At(t);
        rates.set(t, rate18);
      }
      price = roundDiv(price * rate18, TEN_18);
    }
    let instant = byTime.get(t);
    if (!instant) {
      if (instants.length > 0 && instants[instants.length - 1]!.t > t) sorted = false;
      instant = { t, coins: [], prices: [] };
      byTime.set(t, instant);
      instants.push(instant);
    }
    instant.coins.push(coin);
    instant.prices.push(price);
  };
  for (const [coinId, usd] of sources.before ?? []) add(coinId, window.from, usd);
  for (const p of sources.prices) {
    if (p.t >= window.from && p.t < window.to) add(p.coingeckoId, p.t, p.usd, p.usd18);
  }
  for (const [coinId, usd] of sources.latest ?? []) add(coinId, window.to, usd);
  if (!sorted) instants.sort((a, b) => a.t - b.t);
  return instants;
}
