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
}

export class CoinListRefresh {
  /** Nothing to do before this (epoch ms): the stored list's next refresh, or the next retry. */
  private nextAt = 0;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: CoinListRefreshDeps) {}

  /** A new leader reads the stored list's age again. */
  startTerm(): void {
    this.nextAt = 0;
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
    const coins = await prices.listCoins();
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
}
