/**
 * Market history for every coin held or watched (daily back to its first trade, or a year for a coin
 * without one; hourly for the last 90 days), filled in the background by the leading poller. Only spans no
 * source was ever asked for are asked (market_history_coverage), so history already stored costs no
 * upstream call; every call draws on the history share of the quota, never the poll's or the users'.
 * Today's hours are not asked: the poll records them itself (price_history).
 */
import type { Logger, PriceSource } from '@coinpace/adapters';
import {
  findMarketHistoryGaps,
  listHistoryCoins,
  pruneHourlyMarketHistory,
  saveMarketHistory,
  type AppDb,
} from '@coinpace/db';
import { HOURLY_HISTORY_DAYS, periodStart, type MarketGranularity, type TimeSpan } from '@coinpace/domain';

const DAY_MS = 86_400_000;
/**
 * How far back daily history reaches for a coin no holding has a trade of (watched, or held without
 * transactions): the year CoinGecko's public API serves. A held coin's days reach back to its first trade,
 * the older ones read from Binance (the price source decides; see adapters' binance-klines.ts).
 */
export const DAILY_HISTORY_REACH_DAYS = 364;
/** After a complete pass, how long until the coins are looked over again, ms. */
export const MARKET_BACKFILL_RESCAN_MS = 60_000;
/** How long after a failed read a coin is tried again, ms. */
export const MARKET_BACKFILL_RETRY_MS = 5 * 60_000;
/**
 * The window of CoinGecko's quota, ms: it counts calls per minute. A new leader's first pass waits one
 * window, since the term's first minute already carries the full first poll and, when the stored list is
 * old, the coin list's pages; the history share's burst on top of them could pass the quota (seen at
 * 1,000 coins on the demo plan). From the second minute on, the poll and the history share fit beside
 * each other, and the history stands aside a window on each side of a later read of the list.
 */
export const COINGECKO_QUOTA_WINDOW_MS = 60_000;

export interface MarketBackfillDeps {
  db: AppDb;
  prices: PriceSource;
  logger: Logger;
  /** Epoch ms. */
  now: () => number;
  /** Default MARKET_BACKFILL_RESCAN_MS. */
  rescanMs?: number;
  /** How long a new term waits before its first pass, ms (COINGECKO_QUOTA_WINDOW_MS against CoinGecko). Default 0. */
  termDelayMs?: number;
  /**
   * Until when another background read of the same quota asks the history to stand aside (epoch ms, 0
   * for not at all): checked before every upstream call, a pass pauses until then.
   */
  holdUntil?: () => number;
}

/** The spans of one coin's history wanted now, in the order they are filled. */
export function wantedSpans(
  firstTradeAt: number | null,
  now: number,
): { granularity: MarketGranularity; span: TimeSpan }[] {
  const today = periodStart(now, 'daily');
  const reach = today - DAILY_HISTORY_REACH_DAYS * DAY_MS;
  const dailyFrom = firstTradeAt === null ? reach : Math.min(today, periodStart(firstTradeAt, 'daily'));
  return [
    { granularity: 'hourly', span: { from: today - HOURLY_HISTORY_DAYS * DAY_MS, to: today } },
    { granularity: 'daily', span: { from: dailyFrom, to: today } },
  ];
}

/** Runs one pass at a time; see the file comment. */
export class MarketHistoryBackfill {
  private running: Promise<void> | null = null;
  private nextRunAt = 0;
  private readonly retryAt = new Map<string, number>();
  /**
   * Each coin found complete this term, with what it was complete for (its first daily day and today):
   * while both stay the same, a pass asks nothing about it, not even its gaps. An earlier first trade or
   * a new day makes it due again.
   */
  private readonly complete = new Map<string, string>();
  /** The UTC day whose hourly history older than HOURLY_HISTORY_DAYS was last pruned this term. */
  private prunedDay: number | null = null;
  /** Whether the last pass stopped because the share was spent or upstream locked. */
  private paused = false;
  /** Resumes a paused pass when its next token is due, rather than at the next poll. */
  private resumeTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: MarketBackfillDeps) {}

  /** A new leader looks the coins over once its term's first minute is past (`termDelayMs`). */
  startTerm(): void {
    clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
    const delay = this.deps.termDelayMs ?? 0;
    // Paused until then: the first poll's start() arms the timer, so the pass need not wait for a poll.
    this.paused = delay > 0;
    this.nextRunAt = delay > 0 ? this.deps.now() + delay : 0;
    this.retryAt.clear();
    this.complete.clear();
    this.prunedDay = null;
  }

  /** Starts a pass unless one runs or none is due; returns at once. */
  start(stillLeading: () => boolean): void {
    if (this.running) return;
    if (this.deps.now() < this.nextRunAt) {
      if (this.paused && this.resumeTimer === undefined) this.resumeWhenDue(stillLeading);
      return;
    }
    this.running = this.run(stillLeading)
      .catch((err: unknown) => {
        this.nextRunAt = this.deps.now() + MARKET_BACKFILL_RETRY_MS;
        this.deps.logger.warn({ err }, 'market history backfill failed; trying again later');
      })
      .finally(() => {
        this.running = null;
        if (this.paused) this.resumeWhenDue(stillLeading);
      });
  }

  /**
   * A pass paused by the share goes on as soon as its next token is due. Waiting for the next poll instead
   * (a minute by default) would leave most of the share's refill unused: the bucket holds only a third.
   */
  private resumeWhenDue(stillLeading: () => boolean): void {
    clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(
      () => {
        this.resumeTimer = undefined;
        if (!stillLeading()) return;
        // A timer may fire a millisecond before the clock reads its time; the pass then simply asks for
        // a token again, and pauses once more if none is due yet.
        this.nextRunAt = Math.min(this.nextRunAt, this.deps.now());
        this.start(stillLeading);
      },
      Math.max(0, this.nextRunAt - this.deps.now()),
    );
    this.resumeTimer.unref();
  }

  /** Settles when no pass runs (for a clean stop and for tests). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async run(stillLeading: () => boolean): Promise<void> {
    const { db, now } = this.deps;
    await this.pruneOldHours();
    this.paused = false;
    const coins = await listHistoryCoins(db);
    for (const coin of coins) {
      if (!stillLeading()) return;
      if ((this.retryAt.get(coin.coingeckoId) ?? 0) > now()) continue;
      const wanted = wantedSpans(coin.firstTradeAt, now());
      const state = `${wanted[1]!.span.from}:${wanted[1]!.span.to}`;
      if (this.complete.get(coin.coingeckoId) === state) continue;
      const outcome = await this.fillCoin(coin.coingeckoId, wanted, stillLeading);
      if (outcome.complete) this.complete.set(coin.coingeckoId, state);
      // The share is spent or upstream is locked: every other coin would fare the same.
      if (outcome.pausedUntil !== undefined) {
        this.nextRunAt = outcome.pausedUntil;
        this.paused = true;
        return;
      }
    }
    this.nextRunAt = now() + (this.deps.rescanMs ?? MARKET_BACKFILL_RESCAN_MS);
  }

  /** Once a day: hours older than the hourly window go, their days stay in the daily series. */
  private async pruneOldHours(): Promise<void> {
    const today = periodStart(this.deps.now(), 'daily');
    if (this.prunedDay === today) return;
    const pruned = await pruneHourlyMarketHistory(this.deps.db, today - HOURLY_HISTORY_DAYS * DAY_MS);
    this.prunedDay = today;
    if (pruned > 0) this.deps.logger.info({ pruned }, 'pruned hourly market history past its window');
  }

  /** Fills one coin's missing spans; stops early when asked to pause. */
  private async fillCoin(
    coingeckoId: string,
    wanted: ReturnType<typeof wantedSpans>,
    stillLeading: () => boolean,
  ): Promise<{ pausedUntil?: number; complete?: boolean }> {
    const { db, prices, logger, now } = this.deps;
    let complete = true;
    for (const { granularity, span } of wanted) {
      const key = { coingeckoId, currency: 'usd', granularity };
      for (const gap of await findMarketHistoryGaps(db, key, span)) {
        let from = gap.from;
        while (from < gap.to) {
          const hold = this.deps.holdUntil?.() ?? 0;
          if (hold > now()) return { pausedUntil: hold };
          const answer = await prices.getMarketHistory(coingeckoId, { from, to: gap.to, granularity });
          if (!stillLeading()) return {};
          if (!answer.ok) {
            if (answer.reason !== 'failed') return { pausedUntil: answer.retryAt ?? now() + 1_000 };
            this.retryAt.set(coingeckoId, now() + MARKET_BACKFILL_RETRY_MS);
            logger.warn({ coingeckoId, granularity }, 'could not read market history; trying again later');
            return {};
          }
          if (!(answer.answered.to > from)) {
            complete = false;
            break;
          }
          await saveMarketHistory(db, {
            ...key,
            source: answer.source,
            span: answer.answered,
            points: answer.points,
          });
          logger.debug({ coingeckoId, granularity, points: answer.points.length }, 'stored market history');
          from = answer.answered.to;
        }
      }
    }
    return { complete };
  }
}
