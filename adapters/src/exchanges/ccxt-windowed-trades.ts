/**
 * Trade histories an exchange answers only by time window: KuCoin's fills 7 days a request for the last
 * year, OKX's fills history (the last 3 months) in one range, Bybit's executions 7 days a request for the
 * last two years. A first sync walks the windows from the oldest instant the exchange serves up to now,
 * one request a window, so a first sync reads all it can; the cursor keeps where the walk is, so a sync
 * stopped midway (a worker killed, a rate limit) resumes at the window it was in. Later syncs start at
 * the last trade read.
 *
 * Each exchange answers a window newest first, a page at most: a full page may hide older trades of the
 * window, so the window is halved until its trades fit one page (as Binance's transfers are read).
 *
 * OKX keeps older fills (up to two years) only in an archive it prepares as a file on request; a sync
 * does not read it: those trades come from an export file.
 */
import type { Exchange } from 'ccxt';
import { after, boundary, fresh, setBoundary } from './ccxt-stream-boundary.ts';
import type { MovementStream, StreamHost } from './ccxt-stream-types.ts';

const DAY_MS = 86_400_000;
/**
 * How far inside the exchange's oldest instant a first sync starts: the exchange checks the range by
 * its own clock, a moment after ours.
 */
const CLOCK_MARGIN_MS = 60 * 60_000;

/** How one exchange's trade history is served. */
export interface TradeWindow {
  /** The widest range one request may ask, milliseconds. */
  windowMs: number;
  /** How far back the history is served, milliseconds before now. */
  backMs: number;
  /** The most trades one request answers. */
  limit: number;
  /** Exchange parameters that ask for `limit` trades (where ccxt does not pass its own limit on). */
  params?: (limit: number) => Record<string, unknown>;
}

export const TRADE_WINDOWS: Readonly<Record<string, TradeWindow>> = {
  kucoin: { windowMs: 7 * DAY_MS, backMs: 365 * DAY_MS, limit: 500, params: (pageSize) => ({ pageSize }) },
  // ccxt sends no limit with a start time: OKX answers its default of 100.
  okx: { windowMs: 90 * DAY_MS, backMs: 90 * DAY_MS, limit: 100 },
  bybit: { windowMs: 7 * DAY_MS, backMs: 730 * DAY_MS, limit: 100 },
};

/** The trades of one market (or all, `symbol` undefined) read window by window. */
export function windowedTrades(
  host: StreamHost,
  symbol: string | undefined,
  spec: TradeWindow,
): MovementStream {
  const key = symbol === undefined ? 'trade' : `trade:${symbol}`;
  const limit = Math.min(host.pageSize ?? spec.limit, spec.limit);
  const fetch = (ex: Exchange, from: number, until: number) =>
    ex.fetchMyTrades(symbol, from, limit, { until, ...(spec.params?.(limit) ?? {}) });
  return {
    key,
    async read(ex, cursor) {
      const now = Date.now();
      const oldest = now - spec.backMs + CLOCK_MARGIN_MS;
      const b = boundary(cursor, key);
      const first = Math.max(host.historyFrom ?? oldest, oldest);
      // A place older than the exchange serves (an account not synced for that long) starts at its oldest.
      const from = Math.max(b.from ?? first, oldest);
      const ids = from === b.from ? b.ids : new Set<string>();
      let end = Math.min(from + spec.windowMs - 1, now);
      let items = await fetch(ex, from, end);
      while (items.length >= limit && end - from > 1_000) {
        end = from + Math.floor((end - from) / 2);
        items = await fetch(ex, from, end);
      }
      const read = fresh(items, { from, ids }).filter((t) => (t.timestamp ?? 0) <= end);
      const movements = read.map((t) => host.trade(ex, t, symbol !== undefined)).filter((m) => m !== null);
      if (end < now) {
        setBoundary(cursor, key, { from: end + 1, ids: new Set() });
        const progress = now > first ? (end - first) / (now - first) : 1;
        return { movements, more: true, progress: Math.min(Math.max(progress, 0), 1) };
      }
      setBoundary(cursor, key, after({ from, ids }, read));
      return { movements, more: false };
    },
  };
}
