/**
 * One poll of the tracked set (DESIGN.md sections 1 and 4): ask the price source for every tracked coin,
 * store what is fresh in Postgres (latest prices and history), and publish one PriceTick with only the
 * coins that changed, on the bus topic for the gateways and the SSE streams and on the durable stream
 * for the alert consumer.
 */
import { DEFAULT_COIN_LIST_REFRESH_MS, type Bus, type Logger, type PriceSource } from '@coinpace/adapters';
import {
  displayCurrenciesInUse,
  listTrackedIds,
  prunePriceHistory,
  recordPriceHistory,
  saveFxRates,
  saveLatestPrices,
  type AppDb,
} from '@coinpace/db';
import {
  BUS_STREAMS,
  BUS_TOPICS,
  DISPLAY_CURRENCIES,
  TICKER_COIN_IDS,
  tickerFromPrices,
  type DisplayCurrency,
  type FxRates,
  type PriceMap,
  type PriceSourceState,
  type PriceTick,
  type TickerCoin,
} from '@coinpace/domain';
import { CoinListRefresh } from './coin-list-refresh.ts';
import { FxBackfill } from './fx-backfill.ts';
import { MarketHistoryBackfill } from './market-backfill.ts';
import { changedQuotes, sameSourceState, sameTicker } from './changes.ts';
import { HISTORY_COARSE_MS, HISTORY_FINE_FOR_MS, historyBucket } from './history.ts';

export interface PricePollDeps {
  db: AppDb;
  bus: Bus;
  prices: PriceSource;
  logger: Logger;
  /** Epoch ms. */
  now: () => number;
  /** Manual tracks not asked for again within this many ms drop out of the tracked set. */
  manualTrackTtlMs: number;
  /** Age at which the stored coin list is read from CoinGecko again, ms. Default 6 hours. */
  coinListRefreshMs?: number;
  /** After a complete pass of the market history backfill, how long until the next, ms. Default 60 s. */
  marketBackfillRescanMs?: number;
  /**
   * The upstream quota's window, ms, when the price source counts calls in one (COINGECKO_QUOTA_WINDOW_MS),
   * else 0 (the default): a new term's market history waits one window, and stands aside for a window
   * on each side of a read of the coin list.
   */
  quotaWindowMs?: number;
}

/** Every display currency besides the dollar: each poll reads all their rates with the prices. */
const POLLED_CURRENCIES = DISPLAY_CURRENCIES.filter((c) => c !== 'usd');

/**
 * How long the set of display currencies in use is kept before it is read again, ms: a currency newly
 * chosen has its past daily rates backfilled at most this and one poll later.
 */
const CURRENCIES_REREAD_MS = 10_000;

/** Latest-price `source` of each fresh origin; cached and fallback prices are never stored. */
const STORED_ORIGINS = { live: 'coingecko', simulated: 'simulated' } as const;

/** Keeps what the last published tick said, so the next one carries only changes. */
export class PricePoll {
  private previous: PriceMap = {};
  private ticker: TickerCoin[] | null = null;
  private state: PriceSourceState | null = null;
  private seq = 0;
  private lastPruneAt = 0;
  private currencies: { list: DisplayCurrency[]; readAt: number } | null = null;
  private readonly backfill: FxBackfill;
  private readonly coinList: CoinListRefresh;
  private readonly market: MarketHistoryBackfill;

  constructor(private readonly deps: PricePollDeps) {
    this.backfill = new FxBackfill(deps);
    this.coinList = new CoinListRefresh({
      ...deps,
      refreshMs: deps.coinListRefreshMs ?? DEFAULT_COIN_LIST_REFRESH_MS,
      quietMs: deps.quotaWindowMs,
    });
    this.market = new MarketHistoryBackfill({
      ...deps,
      rescanMs: deps.marketBackfillRescanMs,
      termDelayMs: deps.quotaWindowMs,
      holdUntil: () => this.coinList.quietUntil(),
    });
  }

  /**
   * Starts a leadership term knowing nothing as published, so the term's first tick carries every fresh
   * price. A change the previous leader stored but never published (it died between the two, or its
   * tick went with Redis's data) still reaches the browsers and the alert consumer. The cost
   * is one full tick per new term.
   */
  startTerm(): void {
    this.previous = {};
    this.ticker = null;
    this.state = null;
    this.backfill.startTerm();
    this.coinList.startTerm();
    this.market.startTerm();
  }

  /**
   * Settles when no backfill of past rates (FxBackfill) or market history (MarketHistoryBackfill) and no
   * coin-list refresh (CoinListRefresh) runs.
   */
  async idle(): Promise<void> {
    await Promise.all([this.backfill.idle(), this.coinList.idle(), this.market.idle()]);
  }

  /**
   * Polls once. `stillLeading` is asked before anything is written, so a poller that lost the lock
   * mid-poll stays silent. Returns the published tick, or null when nothing changed (or not leading).
   */
  async run(stillLeading: () => boolean): Promise<PriceTick | null> {
    const { db, prices, logger, now } = this.deps;
    const ids = await listTrackedIds(db, {
      fixedIds: TICKER_COIN_IDS,
      requestedSince: new Date(now() - this.deps.manualTrackTtlMs),
    });
    // High priority: the poll goes before waiting reads and searches (alerts depend on it).
    // Every display currency is asked in the same calls, whether or not anyone shows it yet: a user who
    // switches to one nobody used finds its rate already stored, instead of amounts blank until a poll.
    const result = await prices.getPrices(ids, {
      maxAgeMs: 0,
      priority: 'high',
      currencies: POLLED_CURRENCIES,
    });
    if (!stillLeading()) return null;
    const at = now();
    if (result.rates) await this.storeRates(result.rates, at);
    // After the poll's own calls, so it never waits behind these; not awaited. Past daily rates (one
    // history call per currency) are read only for the currencies in use.
    this.backfill.start(await this.currenciesInUse(), stillLeading);
    this.coinList.start(stillLeading);
    this.market.start(stillLeading);

    const fresh: PriceMap = {};
    const bySource: Record<string, PriceMap> = {};
    for (const [id, quote] of Object.entries(result.prices)) {
      const origin = result.origin[id];
      if (origin !== 'live' && origin !== 'simulated') continue;
      fresh[id] = quote;
      (bySource[STORED_ORIGINS[origin]] ??= {})[id] = quote;
    }
    await this.store(bySource, fresh, at);

    const changed = changedQuotes(this.previous, fresh);
    const ticker = tickerFromPrices(result.prices);
    const tickerChanged = !sameTicker(this.ticker, ticker);
    const stateChanged = !sameSourceState(this.state, result.state);
    if (Object.keys(changed).length === 0 && !tickerChanged && !stateChanged) return null;

    const tick: PriceTick = { id: `${at}-${++this.seq}`, at, prices: changed, source: result.state };
    if (tickerChanged) tick.ticker = ticker;
    // Alerts set in another currency are checked at the rates of the prices they are checked with.
    if (result.rates && Object.keys(result.rates).length > 0) tick.rates = result.rates;
    try {
      await this.deps.bus.publish(BUS_TOPICS.priceTick, tick);
      await this.deps.bus.append(BUS_STREAMS.ticks, tick);
    } catch (err) {
      // Keep the old view so the next poll sends these changes again.
      logger.error({ err, tickId: tick.id }, 'could not publish a price tick');
      return null;
    }
    this.previous = keepTracked({ ...this.previous, ...fresh }, ids);
    this.ticker = ticker;
    this.state = result.state;
    return tick;
  }

  /** The currencies users show amounts in besides the dollar, read at most every CURRENCIES_REREAD_MS. */
  private async currenciesInUse(): Promise<DisplayCurrency[]> {
    const { db, logger, now } = this.deps;
    const cached = this.currencies;
    if (cached && now() - cached.readAt < CURRENCIES_REREAD_MS) return cached.list;
    try {
      this.currencies = { list: await displayCurrenciesInUse(db), readAt: now() };
    } catch (err) {
      // Prices matter more than rates: poll with the last known set.
      logger.warn({ err }, 'could not read the display currencies in use');
      return cached?.list ?? [];
    }
    return this.currencies.list;
  }

  private async storeRates(rates: FxRates, at: number): Promise<void> {
    try {
      await saveFxRates(this.deps.db, rates, new Date(at));
    } catch (err) {
      this.deps.logger.error({ err }, 'could not store display-currency rates');
    }
  }

  private async store(bySource: Record<string, PriceMap>, fresh: PriceMap, at: number): Promise<void> {
    const { db, logger } = this.deps;
    try {
      for (const [source, quotes] of Object.entries(bySource)) {
        await saveLatestPrices(db, quotes, source, new Date(at));
      }
      if (Object.keys(fresh).length > 0) await recordPriceHistory(db, fresh, historyBucket(at));
      if (at - this.lastPruneAt >= HISTORY_COARSE_MS) {
        this.lastPruneAt = at;
        await prunePriceHistory(db, new Date(at - HISTORY_FINE_FOR_MS), HISTORY_COARSE_MS);
      }
    } catch (err) {
      // Browsers still get the tick; alerts see the stale received_at and hold off.
      logger.error({ err }, 'could not store prices');
    }
  }
}

function keepTracked(prices: PriceMap, ids: readonly string[]): PriceMap {
  const kept: PriceMap = {};
  for (const id of ids) if (prices[id]) kept[id] = prices[id];
  return kept;
}
