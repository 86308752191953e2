/**
 * The price poller role (DESIGN.md section 1): campaigns for the poller lock and, while it leads, polls
 * the tracked set every `pollMs`. However many pollers run, one polls; when it dies another takes over
 * within the lock's TTL.
 */
import { noopLogger, type Bus, type Logger, type PriceSource } from '@coinpace/adapters';
import type { AppDb } from '@coinpace/db';
import { createLeaderElection } from './leader.ts';
import { PricePoll } from './price-poll.ts';

/** Key of the poller's leader lock on the bus. */
export const POLLER_LOCK_KEY = 'price-poller';

export interface PricePollerOptions {
  db: AppDb;
  bus: Bus;
  prices: PriceSource;
  /** Time between the starts of two polls, ms (config PRICE_POLL_MS). A slow poll delays the next. */
  pollMs: number;
  /** TTL of the leader lock, ms: how long a dead leader can hold the others up. Default 15,000. */
  lockTtlMs?: number;
  /** Manual tracks not asked for again within this many ms are no longer polled. Default 7 days. */
  manualTrackTtlMs?: number;
  /**
   * Age at which the stored coin list (what API processes check ids against and search) is read from
   * CoinGecko again, ms (config COINGECKO_COIN_LIST_REFRESH_MINUTES). Default 6 hours.
   */
  coinListRefreshMs?: number;
  /** After a complete pass of the market history backfill, how long until the next, ms. Default 60 s. */
  marketBackfillRescanMs?: number;
  /**
   * The window of the price source's quota, ms, when it counts calls in one: against CoinGecko,
   * COINGECKO_QUOTA_WINDOW_MS. A new leader's market history waits one window before its first pass and
   * stands aside a window on each side of a read of the coin list (market-backfill.ts and
   * coin-list-refresh.ts say why). Default 0: the embedded feeds count no calls.
   */
  quotaWindowMs?: number;
  logger?: Logger;
  /** Epoch ms. Default Date.now. */
  now?: () => number;
}

export interface PricePoller {
  /** Starts campaigning; polls while leading. */
  start(): void;
  /** True while this poller holds the lock. */
  isLeader(): boolean;
  /**
   * Stops polling and campaigning, after the poll in flight. `releaseLock: false` leaves the lock to
   * expire, as a crashed process would (default true: another poller takes over at once).
   */
  stop(options?: { releaseLock?: boolean }): Promise<void>;
}

export function createPricePoller(options: PricePollerOptions): PricePoller {
  const logger = options.logger ?? noopLogger;
  const now = options.now ?? Date.now;
  const poll = new PricePoll({
    db: options.db,
    bus: options.bus,
    prices: options.prices,
    logger,
    now,
    manualTrackTtlMs: options.manualTrackTtlMs ?? 7 * 24 * 3_600_000,
    coinListRefreshMs: options.coinListRefreshMs,
    marketBackfillRescanMs: options.marketBackfillRescanMs,
    quotaWindowMs: options.quotaWindowMs,
  });
  let term = 0;
  let leading = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const election = createLeaderElection({
    bus: options.bus,
    key: POLLER_LOCK_KEY,
    ttlMs: options.lockTtlMs ?? 15_000,
    logger,
    onElected: () => {
      leading = true;
      const myTerm = ++term;
      inFlight = inFlight.then(() => {
        if (term !== myTerm) return;
        poll.startTerm();
        loop(myTerm);
      });
    },
    onDeposed: () => {
      leading = false;
      term += 1;
      clearTimeout(timer);
    },
  });

  function loop(myTerm: number) {
    const startedAt = now();
    inFlight = poll
      .run(() => leading && term === myTerm)
      .then(
        (tick) => {
          if (tick) logger.debug({ tickId: tick.id, changed: Object.keys(tick.prices).length }, 'price tick');
        },
        (err: unknown) => logger.error({ err }, 'price poll failed'),
      )
      .then(() => {
        if (!leading || term !== myTerm) return;
        const wait = Math.max(0, options.pollMs - (now() - startedAt));
        timer = setTimeout(() => loop(myTerm), wait);
      });
  }

  return {
    start: () => election.start(),
    isLeader: () => election.isLeader(),
    async stop({ releaseLock = true } = {}) {
      await election.stop({ release: releaseLock });
      leading = false;
      term += 1;
      clearTimeout(timer);
      await inFlight;
      await poll.idle();
    },
  };
}
