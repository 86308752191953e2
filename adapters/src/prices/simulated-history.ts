/**
 * The simulated feed's past: a plausible, deterministic price history for any coin, ending at its
 * current price. The log price wanders by a sum of smooth noises of one day, one week and one month,
 * each drawn from a generator seeded by (seed, coin, scale, knot), so a past hour has the same price
 * however often and in whatever pieces it is asked for. Scaled so the price at `now` is `currentUsd`.
 */
import { GRANULARITY_MS, type MarketGranularity, type MarketPoint } from '@coinpace/domain';
import { hashString } from './simulated-coins.ts';

const DAY_MS = 86_400_000;
/** The noises: their knot spacing and their size in daily volatilities. */
const OCTAVES = [
  { spanMs: DAY_MS, size: 0.8 },
  { spanMs: 7 * DAY_MS, size: 1.6 },
  { spanMs: 30 * DAY_MS, size: 3 },
] as const;

/** A number in [-1, 1) that depends only on its inputs. */
function knot(seed: number, coin: string, octave: number, index: number): number {
  return (hashString(`${seed}:${coin}:${octave}:${index}`) / 0x100000000) * 2 - 1;
}

/** The log-price offset at `at`: the octaves' noises, each eased between its two nearest knots. */
function offset(seed: number, coin: string, dailyVol: number, at: number): number {
  let sum = 0;
  OCTAVES.forEach(({ spanMs, size }, octave) => {
    const position = at / spanMs;
    const index = Math.floor(position);
    const f = position - index;
    const ease = f * f * (3 - 2 * f);
    const a = knot(seed, coin, octave, index);
    const b = knot(seed, coin, octave, index + 1);
    sum += size * dailyVol * (a + (b - a) * ease);
  });
  return sum;
}

/** The inputs of a simulated history. */
export interface SimulatedHistoryInput {
  seed: number;
  coin: string;
  dailyVol: number;
  /** The coin's price now, which the history ends at. */
  currentUsd: number;
  /** Epoch ms. */
  now: number;
  from: number;
  to: number;
  granularity: MarketGranularity;
}

/** One point at the start of each period of the granularity in [from, min(to, now)), oldest first. */
export function simulatedHistory(input: SimulatedHistoryInput): MarketPoint[] {
  const step = GRANULARITY_MS[input.granularity];
  const end = Math.min(input.to, input.now);
  const base = offset(input.seed, input.coin, input.dailyVol, input.now);
  const points: MarketPoint[] = [];
  for (let at = Math.ceil(input.from / step) * step; at < end; at += step) {
    const usd = input.currentUsd * Math.exp(offset(input.seed, input.coin, input.dailyVol, at) - base);
    points.push({ at, price: Number(usd.toPrecision(8)) });
  }
  return points;
}
