/**
 * Daily prices older than CoinGecko's free year, from Binance's public market data (no key):
 * GET /api/v3/klines?symbol=<SYMBOL>USDT&interval=1d&startTime&endTime&limit=1000, each kline an array
 * [openTime, open, high, low, close, volume, closeTime, ...]. Tether is taken as the US dollar. A day's
 * point is timed at the kline's open (UTC midnight) and priced with its open, which is the previous day's
 * close: the first price of the day, as the table keeps every source's points.
 *
 * Binance is its own upstream: these calls never touch CoinGecko's limiter or any share of its quota.
 * They draw on a small fixed budget of their own (BINANCE_HISTORY_SHARE) and honour a 429's or 418's
 * Retry-After before asking again, as Binance requires to avoid an IP ban.
 */
import { periodStart } from '@coinpace/domain';
import type { PriceLogger } from './logger.ts';
import type { MarketHistoryResult } from './port.ts';
import { createMemoryUpstreamBudget, type UpstreamBudget, type UserShare } from './user-budget.ts';

const DAY_MS = 86_400_000;

/** Binance's public market-data host; config BINANCE_DATA_URL overrides it. */
export const DEFAULT_BINANCE_DATA_URL = 'https://data-api.binance.vision';
/**
 * Klines calls allowed in any minute: 30 calls of weight 2 use 60 of the 6,000 request weight Binance
 * allows an IP per minute, a small fixed share that leaves everything else the IP does untouched.
 */
export const BINANCE_HISTORY_SHARE: UserShare = { calls: 30, perMs: 60_000 };
/** Days one call asks for: Binance's most klines per answer. */
export const BINANCE_KLINES_LIMIT = 1_000;
/** Binance opened on 2017-07-14: nothing is asked before it, so an old first trade costs no empty calls. */
export const BINANCE_FIRST_DAY = Date.parse('2017-07-14T00:00:00Z');
/** Binance's error code for a symbol it does not list (answered with HTTP 400). */
const INVALID_SYMBOL_CODE = -1121;
/** Wait after a 429 or 418 without a readable Retry-After. */
const DEFAULT_LOCK_MS = 60_000;

export interface BinanceKlinesOptions {
  /** Default DEFAULT_BINANCE_DATA_URL. */
  baseUrl?: string;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Epoch ms. Default Date.now. */
  now?: () => number;
  /** Default: a bucket holding BINANCE_HISTORY_SHARE. */
  budget?: UpstreamBudget;
  /** Default 10 000. */
  timeoutMs?: number;
  logger?: PriceLogger;
}

/** Reads one coin's daily dollar prices from Binance's USDT pair. */
export interface BinanceKlines {
  /**
   * The daily points of `<symbol>USDT` in [from, to) (UTC midnights, epoch ms), answering at most
   * BINANCE_KLINES_LIMIT days per call. A symbol Binance does not list, and days before it listed the
   * pair, are answered with no points (source 'binance'), so they are recorded as covered.
   */
  readDaily(symbol: string, span: { from: number; to: number }): Promise<MarketHistoryResult>;
}

/** A Binance pair symbol is letters and digits only; anything else cannot be a pair. */
const PAIR_BASE = /^[A-Z0-9]{1,20}$/;

export function createBinanceKlines(options: BinanceKlinesOptions = {}): BinanceKlines {
  const baseUrl = (options.baseUrl ?? DEFAULT_BINANCE_DATA_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const budget = options.budget ?? createMemoryUpstreamBudget(BINANCE_HISTORY_SHARE, now);
  const timeoutMs = options.timeoutMs ?? 10_000;
  let lockedUntil = 0;

  return {
    async readDaily(symbol, span) {
      const from = Math.max(periodStart(span.from, 'daily'), 0);
      const to = Math.min(span.to, from + BINANCE_KLINES_LIMIT * DAY_MS);
      const none = (upTo: number): MarketHistoryResult => ({
        ok: true,
        points: [],
        answered: { from: span.from, to: upTo },
        source: 'binance',
      });
      if (!(to > span.from)) return none(span.from);
      if (span.to <= BINANCE_FIRST_DAY) return none(span.to);
      if (span.from < BINANCE_FIRST_DAY) return none(BINANCE_FIRST_DAY);
      const base = symbol.trim().toUpperCase();
      if (!PAIR_BASE.test(base)) return none(to);
      if (now() < lockedUntil) return { ok: false, reason: 'rate_limited', retryAt: lockedUntil };
      const token = await budget.take();
      if (!token.ok) return { ok: false, reason: 'over_budget', retryAt: token.nextTokenAt };

      const query = new URLSearchParams({
        symbol: `${base}USDT`,
        interval: '1d',
        startTime: String(from),
        endTime: String(to - 1),
        limit: String(BINANCE_KLINES_LIMIT),
      });
      let response: Response;
      let body: unknown;
      try {
        response = await doFetch(`${baseUrl}/api/v3/klines?${query}`, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        body = await response.json().catch(() => null);
      } catch (err) {
        options.logger?.warn({ err: (err as Error).message, symbol: base }, 'binance klines unreachable');
        return { ok: false, reason: 'failed' };
      }
      if (response.status === 429 || response.status === 418) {
        lockedUntil = now() + retryAfterMs(response.headers.get('retry-after'));
        options.logger?.warn({ symbol: base, status: response.status, lockedUntil }, 'binance rate limited');
        return { ok: false, reason: 'rate_limited', retryAt: lockedUntil };
      }
      if (response.status === 400 && errorCode(body) === INVALID_SYMBOL_CODE) return none(to);
      if (!response.ok) return { ok: false, reason: 'failed' };
      const points = readKlines(body, { from: span.from, to });
      if (points === null) return { ok: false, reason: 'failed' };
      return { ok: true, points, answered: { from: span.from, to }, source: 'binance' };
    },
  };
}

/** Milliseconds a Retry-After header (seconds) asks to wait, or the default when it has none. */
function retryAfterMs(header: string | null): number {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : DEFAULT_LOCK_MS;
}

function errorCode(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * One point per kline opening within the span: its open time and open price (a decimal string in
 * Binance's shape). Null when the body is not an array of klines.
 */
export function readKlines(
  body: unknown,
  span: { from: number; to: number },
): { at: number; price: number }[] | null {
  if (!Array.isArray(body)) return null;
  const points: { at: number; price: number }[] = [];
  for (const row of body) {
    if (!Array.isArray(row)) return null;
    const [openTime, open] = row as unknown[];
    const price = typeof open === 'string' ? Number(open) : typeof open === 'number' ? open : NaN;
    if (typeof openTime !== 'number' || !Number.isFinite(price) || price <= 0) continue;
    const at = periodStart(openTime, 'daily');
    if (at >= span.from && at < span.to && points.at(-1)?.at !== at) points.push({ at, price });
  }
  return points;
}
