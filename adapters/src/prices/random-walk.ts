/**
 * A seeded random walk of prices: the log price follows a mean-reverting Gaussian walk (an
 * Ornstein-Uhlenbeck process) around each coin's base price, so it wanders like a market but never
 * drifts off over a long demo. Each step uses the exact transition over the elapsed time, so how far a
 * price moves depends on how much time has passed, not on how often it is asked for, and a long gap is
 * as stable as many short ones. Prices are exp(log price), so never zero or negative.
 * Each coin has its own generator seeded from (seed, key), so a coin's path depends only on the seed and
 * the times it is advanced to, not on which other coins are asked for.
 */
import { hashString } from './simulated-coins.ts';

const DAY_MS = 86_400_000;
/** Pull back toward the base price, per day. */
const REVERSION_PER_DAY = 0.5;
/** The lowest base price a walk starts from, so log() stays finite for a bad table entry. */
const MIN_BASE_USD = 1e-12;

/** mulberry32: a small, fast, seedable generator of numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller). */
function gaussian(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

interface WalkState {
  random: () => number;
  logBase: number;
  logPrice: number;
  dailyVol: number;
  /** The walk's own time, epoch ms. */
  at: number;
  /** Price and time the 24h change is measured from; moved forward once a day of walk time has passed. */
  anchorPrice: number;
  anchorAt: number;
}

/** A point of the walk. */
export interface WalkPoint {
  usd: number;
  /** Percent change against the price at the start of the current 24h window. */
  changePct: number;
  /** The walk's time of this point, epoch ms. */
  at: number;
}

export class RandomWalk {
  private readonly states = new Map<string, WalkState>();

  /** @param seed the same seed and the same calls give the same prices */
  constructor(private readonly seed: number) {}

  /**
   * Advances the walk of `key` to `now` (epoch ms) and returns its price. When `now` is not after the walk's
   * own time (asked again within the same millisecond, or the clock went back), the price stays as it is.
   */
  advance(key: string, now: number, baseUsd: number, dailyVol: number): WalkPoint {
    const state = this.stateOf(key, now, baseUsd, dailyVol);
    if (!(now > state.at)) return this.point(state);
    const days = (now - state.at) / DAY_MS;
    // Exact transition of dx = k(mu - x)dt + vol dW over `days`: the pull back decays as e^(-k t) and
    // the noise has variance vol^2 (1 - e^(-2k t)) / 2k, whatever the length of the step.
    const decay = Math.exp(-REVERSION_PER_DAY * days);
    const spread = state.dailyVol * Math.sqrt((1 - decay * decay) / (2 * REVERSION_PER_DAY));
    state.logPrice =
      state.logBase + (state.logPrice - state.logBase) * decay + spread * gaussian(state.random);
    state.at = now;
    if (state.at - state.anchorAt >= DAY_MS) {
      state.anchorPrice = Math.exp(state.logPrice);
      state.anchorAt = state.at;
    }
    return this.point(state);
  }

  /** The price of `key` without moving the walk (starting it at `now` if new). */
  peek(key: string, now: number, baseUsd: number, dailyVol: number): WalkPoint {
    return this.point(this.stateOf(key, now, baseUsd, dailyVol));
  }

  private stateOf(key: string, now: number, baseUsd: number, dailyVol: number): WalkState {
    let state = this.states.get(key);
    if (!state) {
      const random = mulberry32(hashString(`${this.seed}:${key}`));
      const logBase = Math.log(Math.max(baseUsd, MIN_BASE_USD));
      // Start with a believable 24h change instead of 0.
      const anchorPrice = Math.exp(logBase - dailyVol * gaussian(random));
      state = { random, logBase, logPrice: logBase, dailyVol, at: now, anchorPrice, anchorAt: now };
      this.states.set(key, state);
    }
    return state;
  }

  private point(state: WalkState): WalkPoint {
    const usd = Number(Math.exp(state.logPrice).toPrecision(8));
    return { usd, changePct: (usd / state.anchorPrice - 1) * 100, at: state.at };
  }
}
