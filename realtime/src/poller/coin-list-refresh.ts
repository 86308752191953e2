/**
 * Keeps CoinGecko's coin list stored for every process (the prices adapter's PriceStore): the leading
 * poller reads it again when the stored one is older than `refreshMs` (a few times a day) and replaces
 * it. API processes check ids and answer coin search from the stored list, so no request of theirs
 * reads it upstream. Runs beside the poll, never holding it up; its calls are the poller's, at low
 * priority, never the users' share of the quota.
 */
import type { Logger, PriceSource } from '@coinpace/adapters';
import { loadCoinListState, replaceCoinList, type AppDb } from '@coinpace/db';

/** How long after a failed read the list is tried again, ms. */
export const COIN_LIST_RETRY_MS = 10 * 60_000;

export interface CoinListRefreshDeps {
  db: AppDb;
  prices: PriceSource;
  logger: Logger;
  /** Epoch ms. */
  now: () => number;
  /** Age of the stored list at which it is read again, ms. */
  refreshMs: number;
  /**
   * The window of the upstream quota, ms, when the source counts calls in one (CoinGecko: a minute);
   * the history backfill stands aside that long around each read of the list (quietUntil). Default 0.
   */
  quietMs?: number;
}

export class CoinListRefresh {
  /** Nothing to do before this (epoch ms): the stored list's next refresh, or the next retry. */
  private nextAt = 0;
  private running: Promise<void> | null = null;
  /** Whether the list is being read upstream now. */
  private asking = false;
  /** When the last read upstream ended (epoch ms), 0 when none did this term. */
  private askedAt = 0;

  constructor(private readonly deps: CoinListRefreshDeps) {}

  /** A new leader reads the stored list's age again. */
  startTerm(): void {
    this.nextAt = 0;
    this.askedAt = 0;
  }

  /**
   * Until when the history backfill holds its calls (epoch ms; 0 when it need not): from a quota window
   * before a refresh falls due, while the list's pages are read, to a window after. A full poll, the
   * list's pages (five at the defaults) and the history share's burst could otherwise fall in one window
   * and pass the quota; apart, each fits beside the poll. Before this term's first look at the stored
   * list its due time is unknown; the backfill's own wait at a new term covers that start.
   */
  quietUntil(): number {
    const quietMs = this.deps.quietMs ?? 0;
    if (quietMs <= 0) return 0;
    const now = this.deps.now();
    if (this.asking) return now + quietMs;
    if (this.askedAt + quietMs > now) return this.askedAt + quietMs;
    if (this.nextAt > 0 && this.nextAt - quietMs <= now) return Math.max(this.nextAt, now) + quietMs;
    return 0;
  }

  /** Starts a refresh when one is due and none runs; returns at once. */
  start(stillLeading: () => boolean): void {
    if (this.running || this.deps.now() < this.nextAt) return;
    this.running = this.run(stillLeading)
      .catch((err: unknown) => {
        this.nextAt = this.deps.now() + COIN_LIST_RETRY_MS;
        this.deps.logger.error({ err }, 'could not refresh the stored coin list');
      })
      .finally(() => {
        this.running = null;
      });
  }

  /** Settles when no refresh runs (for a clean stop and for tests). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async run(stillLeading: () => boolean): Promise<void> {
    const { db, prices, logger, now, refreshMs } = this.deps;
    const stored = await loadCoinListState(db);
    if (stored && now() - stored.refreshedAt.getTime() < refreshMs) {
      this.nextAt = stored.refreshedAt.getTime() + refreshMs;
      return;
    }
    this.nextAt = now() + COIN_LIST_RETRY_MS;
    // Null when it could not be read (the adapter logs why) or when the source has no list (simulated).
    const coins = await this.ask(() => prices.listCoins());
    if (!coins || !stillLeading()) return;
    if (stored && coins.length < stored.coins / 2) {
      logger.warn(
        { coins: coins.length, stored: stored.coins },
        'CoinGecko coin list much shorter than the stored one; keeping the stored one',
      );
      return;
    }
    await replaceCoinList(db, coins, new Date(now()));
    this.nextAt = now() + refreshMs;
    logger.info({ coins: coins.length }, 'coin list refreshed');
  }

  private async ask<T>(read: () => Promise<T>): Promise<T> {
    this.asking = true;
    try {
      return await read();
    } finally {
      this.asking = false;
      this.askedAt = this.deps.now();
    }
  }
}
