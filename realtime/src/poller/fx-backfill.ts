/**
 * Past rates for the display currencies in use (history is kept in dollars and converted with
 * each day's rate). Polls store every currency's rate each day; for a currency in use whose stored
 * rates do not reach back FX_BACKFILL_DAYS, the price source is asked once for the daily rates of that
 * span, which fill the days no poll stored. Rates older than the first stored day, back to the earliest
 * day a transaction needs one (a trade made in euros in 2021, or any trade of a user who shows euros),
 * are read on first need from the source's older daily prices (getPastFiatPrices: Binance's own budget,
 * never CoinGecko's quota), once: afterwards the first stored day is that day. Runs beside the poll,
 * never holding it up.
 */
import type { Logger, PriceSource } from '@coinpace/adapters';
import { earliestFxNeeds, firstFxRateDays, saveDailyFxRates, type AppDb } from '@coinpace/db';
import { utcDay, type DisplayCurrency } from '@coinpace/domain';

/** Days of past rates a currency in use should have: the value chart's month and one day more. */
export const FX_BACKFILL_DAYS = 31;
/** How long after a failed backfill a currency is tried again, ms. */
export const FX_BACKFILL_RETRY_MS = 5 * 60_000;

/** How often the days transactions need are read again for rates older than stored, ms. */
export const FX_OLDER_RECHECK_MS = 10 * 60_000;

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
  /** When the older rates were last looked over this term (0: not yet), epoch ms. */
  private olderCheckedAt = 0;
  /** Each currency's earliest needed day whose older rates were read this term. */
  private readonly olderFilled = new Map<DisplayCurrency, string>();

  constructor(private readonly deps: FxBackfillDeps) {}

  /** Forgets what was checked: a new leader checks every currency once again. */
  startTerm(): void {
    this.done.clear();
    this.retryAt.clear();
    this.olderCheckedAt = 0;
    this.olderFilled.clear();
  }

  /**
   * Starts backfilling the currencies among `currencies` not yet checked this term, unless a backfill
   * runs already; returns at once. `stillLeading` is asked before anything is written.
   */
  start(currencies: readonly DisplayCurrency[], stillLeading: () => boolean): void {
    if (this.running) return;
    const now = this.deps.now();
    const due = currencies.filter((c) => !this.done.has(c) && (this.retryAt.get(c) ?? 0) <= now);
    const olderDue = this.olderCheckedAt === 0 || now >= this.olderCheckedAt + FX_OLDER_RECHECK_MS;
    if (due.length === 0 && !olderDue) return;
    this.running = (async () => {
      if (due.length > 0)
        await this.run(due, stillLeading).catch((err: unknown) =>
          this.failed(due, err, 'past display-currency rates failed'),
        );
      if (olderDue) {
        this.olderCheckedAt = this.deps.now();
        await this.fillOlder(stillLeading).catch((err: unknown) =>
          this.deps.logger.warn({ err }, 'older display-currency rates failed; trying again later'),
        );
      }
    })().finally(() => {
      this.running = null;
    });
  }

  /**
   * For each currency whose first stored day is later than the earliest day a transaction needs, reads
   * the days between from the source's older daily prices and stores them (a day's rate is 1 / the
   * dollar price of one unit). A currency with no stored day yet waits for the recent backfill, whose
   * days say where older begins. Days the source has nothing for (before a pair was listed) stay
   * without a rate: conversion takes the nearest stored day's, as for any missing day.
   */
  private async fillOlder(stillLeading: () => boolean): Promise<void> {
    const { db, prices, logger, now } = this.deps;
    const [first, needs] = await Promise.all([firstFxRateDays(db), earliestFxNeeds(db)]);
    for (const [currency, needed] of Object.entries(needs) as [DisplayCurrency, string][]) {
      const stored = first[currency];
      if (stored === undefined || needed >= stored || this.olderFilled.get(currency) === needed) continue;
      if ((this.retryAt.get(currency) ?? 0) > now()) continue;
      const to = Date.parse(`${stored}T00:00:00Z`);
      let from = Date.parse(`${needed}T00:00:00Z`);
      let saved = 0;
      while (from < to) {
        const answer = await prices.getPastFiatPrices(currency, { from, to });
        if (!stillLeading()) return;
        if (!answer.ok) {
          this.retryAt.set(currency, answer.retryAt ?? now() + FX_BACKFILL_RETRY_MS);
          logger.warn({ currency, reason: answer.reason }, 'could not read older display-currency rates');
          break;
        }
        const days = answer.points
          .filter((p) => p.price > 0 && p.at < to)
          .map((p) => ({ day: utcDay(p.at), rate: 1 / p.price }));
        if (days.length > 0) await saveDailyFxRates(db, currency, days);
        saved += days.length;
        if (!(answer.answered.to > from)) break;
        from = answer.answered.to;
      }
      if (from >= to) this.olderFilled.set(currency, needed);
      logger.info({ currency, from: needed, to: stored, days: saved }, 'stored older display-currency rates');
    }
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
