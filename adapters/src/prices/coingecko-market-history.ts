/**
 * A coin's past dollar prices from CoinGecko (coins/{id}/market_chart/range), for the poller's history
 * backfill. CoinGecko picks the spacing from the span: 5-minutely within a day, hourly up to 90 days,
 * daily beyond; each answer is reduced to the first price of each period asked.
 */
import { CURRENCIES, toPeriodPoints, type DisplayCurrency, type MarketGranularity } from '@coinpace/domain';
import { createBinanceKlines, type BinanceKlines } from './binance-klines.ts';
import type { CoinGeckoSettings } from './coingecko-options.ts';
import type { CoinList } from './coin-list.ts';
import type { GetMarketHistoryOptions, MarketHistoryResult } from './port.ts';
import { limitedUntil, type CoinGeckoUpstream } from './upstream.ts';

const DAY_MS = 86_400_000;

/**
 * The longest span one call asks for. Hourly: 60 days, well inside the 90 within which CoinGecko still
 * answers hourly. Daily: 365 days, as far back as the public API serves history.
 */
export const MAX_HISTORY_SPAN_MS: Readonly<Record<MarketGranularity, number>> = {
  hourly: 60 * DAY_MS,
  daily: 365 * DAY_MS,
};

/**
 * Days back CoinGecko's public API serves daily history: its year, less the day in progress. Older days
 * come from Binance (binance-klines.ts).
 */
export const COINGECKO_DAILY_REACH_DAYS = 364;

/** The first UTC midnight whose daily price CoinGecko still serves at `now` (epoch ms). */
export function coinGeckoDailyReachStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - COINGECKO_DAILY_REACH_DAYS * DAY_MS;
}

/** What readMarketHistoryOf reads with. */
export interface MarketHistoryDeps {
  upstream: CoinGeckoUpstream;
  coinList: CoinList;
  binance: BinanceKlines;
  now: () => number;
  timeoutMs: number;
}

/** The adapter's getMarketHistory for listed coins, with its own Binance reader (see readMarketHistoryOf). */
export function createHistoryReader(
  o: CoinGeckoSettings,
  upstream: CoinGeckoUpstream,
  coinList: CoinList,
): {
  read: (coin: string, options: GetMarketHistoryOptions) => Promise<MarketHistoryResult>;
  /** A fiat currency's daily dollar price through its Binance `<CODE>USDT` pair. */
  readFiat: (code: DisplayCurrency, span: { from: number; to: number }) => Promise<MarketHistoryResult>;
} {
  const binance = createBinanceKlines({
    baseUrl: o.binanceBaseUrl,
    fetch: o.fetch,
    now: o.now,
    budget: o.binanceBudget,
    timeoutMs: o.timeoutMs,
    logger: o.logger,
  });
  const deps = { upstream, coinList, binance, now: o.now, timeoutMs: o.timeoutMs };
  return {
    read: (coin, options) => readMarketHistoryOf(coin, options, deps),
    // Only fiat has a Tether pair worth reading; a coin display currency is priced through its history.
    readFiat: async (code, span) =>
      code === 'usd' || CURRENCIES[code].sign
        ? { ok: true, points: [], answered: span, source: 'binance' }
        : binance.readDaily(code.toUpperCase(), span),
  };
}

/**
 * One answer for a coin CoinGecko lists: daily days older than CoinGecko's year from Binance, through the
 * coin's USDT pair (the coin list's symbol, when no better-ranked coin shares it), everything else from
 * CoinGecko.
 */
export async function readMarketHistoryOf(
  coin: string,
  options: GetMarketHistoryOptions,
  deps: MarketHistoryDeps,
): Promise<MarketHistoryResult> {
  const reach = coinGeckoDailyReachStart(deps.now());
  if (options.granularity !== 'daily' || options.from >= reach)
    return readCoinGeckoHistory(deps.upstream, coin, options, deps.timeoutMs);
  const index = await deps.coinList.current();
  // Without the list the symbol is unknown: a failure to retry, not a coin without a pair.
  if (!index) return { ok: false, reason: 'failed' };
  const span = { from: options.from, to: Math.min(options.to, reach) };
  const symbol = index.pairSymbol(coin);
  if (symbol === null) return { ok: true, points: [], answered: span, source: 'binance' };
  return deps.binance.readDaily(symbol, span);
}

/** Reads the first part of the asked span (at most MAX_HISTORY_SPAN_MS) in one call. */
export async function readCoinGeckoHistory(
  upstream: CoinGeckoUpstream,
  id: string,
  options: GetMarketHistoryOptions,
  timeoutMs: number,
): Promise<MarketHistoryResult> {
  const from = options.from;
  const to = Math.min(options.to, from + MAX_HISTORY_SPAN_MS[options.granularity]);
  if (!(to > from)) return { ok: true, points: [], answered: { from, to: from }, source: 'coingecko' };
  const query = new URLSearchParams({
    vs_currency: 'usd',
    from: String(Math.floor(from / 1000)),
    to: String(Math.ceil(to / 1000)),
  });
  const outcome = await upstream.getHistory(
    `/coins/${encodeURIComponent(id)}/market_chart/range`,
    query,
    timeoutMs,
  );
  if (!outcome.ok) {
    // A coin upstream does not know has no history: the span is answered, with no points.
    if (outcome.kind === 'client_error' && outcome.status === 404)
      return { ok: true, points: [], answered: { from, to }, source: 'coingecko' };
    if (outcome.kind === 'over_budget')
      return { ok: false, reason: 'over_budget', retryAt: outcome.lockedUntil };
    const until = limitedUntil(outcome);
    if (until !== undefined || outcome.kind === 'busy')
      return { ok: false, reason: 'rate_limited', ...(until !== undefined ? { retryAt: until } : {}) };
    return { ok: false, reason: 'failed' };
  }
  const samples = readChartSamples(outcome.body);
  if (samples === null) return { ok: false, reason: 'failed' };
  return {
    ok: true,
    points: toPeriodPoints(samples, options.granularity, { from, to }),
    answered: { from, to },
    source: 'coingecko',
  };
}

/** The `[ms, price]` pairs of a market_chart answer's `prices`, or null when the body has none. */
function readChartSamples(body: unknown): [number, number][] | null {
  if (typeof body !== 'object' || body === null) return null;
  const prices = (body as { prices?: unknown }).prices;
  if (!Array.isArray(prices)) return null;
  const samples: [number, number][] = [];
  for (const point of prices) {
    if (!Array.isArray(point)) continue;
    const [at, price] = point as unknown[];
    if (typeof at === 'number' && typeof price === 'number') samples.push([at, price]);
  }
  return samples;
}
