/**
 * Past rates for the display currencies in use (history is kept in dollars and converted with
 * each day's rate). Polls store every currency's rate each day; for a currency in use whose stored
 * rates do not reach back FX_BACKFILL_DAYS, the price source is asked once for the daily rates of that
 * span, which fill the days no poll stored. Runs beside the poll, never holding it up.
 */
import type { Logger, PriceSource } from '@coinpace/adapters';
import { firstFxRateDays, saveDailyFxRates, type AppDb } from '@coinpace/db';
import { utcDay, type DisplayCurrency } from '@coinpace/domain';

/** Days of past rates a currency in use should have: the value chart's month and one day more. */
export const FX_BACKFILL_DAYS = 31;
/** How long after a failed backfill a currency is tried again, ms. */
export const FX_BACKFILL_RETRY_MS = 5 * 60_000;

const DAY_MS = 86_400_000;

export interface FxBackfillDeps {
  db: AppDb;
  prices: PriceSource;
  logger: Logger;
  /** Epoch ms. */
  now: () => number;
}

/** Backfills each currency at most once per leadership term (a failure is tried again later). */
export class FxBackfill {
  private readonly done = new Set<DisplayCurrency>();
  private readonly retryAt = new Map<DisplayCurrency, number>();
  private running: Promise<void> | null = null;

  constructor(private readonly deps: FxBackfillDeps) {}

  /** Forgets what was checked: a new leader checks every currency once again. */
  startTerm(): void {
    this.done.clear();
    this.retryAt.clear();
  }

  /**
   * Starts backfilling the currencies among `currencies` not yet checked this term, unless a backfill
   * runs already; returns at once. `stillLeading` is asked before anything is written.
   */
  start(currencies: readonly DisplayCurrency[], stillLeading: () => boolean): void {
    if (this.running) return;
    const now = this.deps.now();
    const due = currencies.filter((c) => !this.done.has(c) && (this.retryAt.get(c) ?? 0) <= now);
    if (due.length === 0) return;
    this.running = this.run(due, stillLeading)
      .catch((err: unknown) => this.failed(due, err, 'past display-currency rates failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Settles when no backfill runs (for a clean stop and for tests). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async run(due: DisplayCurrency[], stillLeading: () => boolean): Promise<void> {
    const { db, prices, logger, now } = this.deps;
    let missing: DisplayCurrency[];
    try {
      const first = await firstFxRateDays(db);
      const reach = utcDay(now() - FX_BACKFILL_DAYS * DAY_MS);
      missing = due.filter((currency) => {
        const day = first[currency];
        if (day !== undefined && day <= reach) this.done.add(currency);
        return !this.done.has(currency);
      });
    } catch (err) {
      return this.failed(due, err, 'could not read which display-currency rates are stored');
    }
    if (missing.length === 0) return;
    // Low priority: the poll's calls and users' searches go first.
    const { rates } = await prices.getDailyRates(missing, { days: FX_BACKFILL_DAYS, priority: 'low' });
    if (!stillLeading()) return;
    for (const currency of missing) {
      const days = rates[currency];
      if (!days || days.length === 0) {
        this.failed([currency], undefined, 'could not read past display-currency rates');
        continue;
      }
      try {
        await saveDailyFxRates(db, currency, days);
        this.done.add(currency);
        logger.info({ currency, days: days.length }, 'stored past display-currency rates');
      } catch (err) {
        this.failed([currency], err, 'could not store past display-currency rates');
      }
    }
  }

  private failed(currencies: DisplayCurrency[], err: unknown, message: string): void {
    const retryAt = this.deps.now() + FX_BACKFILL_RETRY_MS;
    for (const currency of currencies) this.retryAt.set(currency, retryAt);
    this.deps.logger.warn(
      { err, currencies, retryInMs: FX_BACKFILL_RETRY_MS },
      `${message}; trying again later`,
    );
  }
}
