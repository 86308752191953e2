/**
 * Histories an exchange answers only by time window. Trades: KuCoin's fills 7 days a request for the last
 * year, OKX's fills history (the last 3 months) in one range, Bybit's executions 7 days a request for the
 * last two years. Deposits and withdrawals: KuCoin's lists 7 days a request, Bybit's records 30 days a
 * request, each from the oldest its endpoint serves (OKX pages its transfer history by time, with no
 * window, and is read by ccxt's `since` like the other exchanges).
 *
 * A first sync walks the windows from the oldest instant the exchange serves up to now, one request a
 * window, so a first sync reads all it can; the cursor keeps where the walk is, so a sync stopped midway
 * (a worker killed, a rate limit) resumes at the window it was in. Later syncs start at the last entry
 * read; a deposit or withdrawal still pending stops its stream there, and the next sync reads it again.
 *
 * Each exchange answers a window newest first, a page at most: a full page may hide older entries of the
 * window, so the window is halved until its entries fit one page (as Binance's transfers are read).
 *
 * OKX keeps older fills (up to two years) only in an archive it prepares as a file on request; a sync
 * does not read it: those trades come from an export file.
 */
import type { Exchange, Transaction } from 'ccxt';
import { after, boundary, fresh, setBoundary, type Stamped } from './ccxt-stream-boundary.ts';
import type { MovementStream, StreamHost } from './ccxt-stream-types.ts';
import type { ExchangeMovement, ExchangeTransfer } from './port.ts';

const DAY_MS = 86_400_000;
/**
 * How far inside the exchange's oldest instant a first sync starts: the exchange checks the range by
 * its own clock, a moment after ours.
 */
const CLOCK_MARGIN_MS = 60 * 60_000;

/** How one exchange's history endpoint answers: how wide a request, how many entries. */
interface Window {
  /** The widest range one request may ask, milliseconds. */
  windowMs: number;
  /** The most entries one request answers. */
  limit: number;
  /** Exchange parameters that ask for `limit` entries (where ccxt does not pass its own limit on). */
  params?: (limit: number) => Record<string, unknown>;
}

/** A history served for a span back from now. */
export interface TimeWindow extends Window {
  /** How far back the history is served, milliseconds before now. */
  backMs: number;
}

/** A history served from a fixed date on. */
export interface DatedWindow extends Window {
  /** The oldest instant served, epoch milliseconds. */
  servedFrom: number;
}

export const TRADE_WINDOWS: Readonly<Record<string, TimeWindow>> = {
  kucoin: { windowMs: 7 * DAY_MS, backMs: 365 * DAY_MS, limit: 500, params: (pageSize) => ({ pageSize }) },
  // ccxt sends no limit with a start time: OKX answers its default of 100.
  okx: { windowMs: 90 * DAY_MS, backMs: 90 * DAY_MS, limit: 100 },
  bybit: { windowMs: 7 * DAY_MS, backMs: 730 * DAY_MS, limit: 100 },
};

/**
 * KuCoin's deposit and withdrawal lists (`/api/v1/deposits`, `/api/v1/withdrawals`) serve 7 days a
 * request, from 18 February 2019 (ccxt sends an older start to KuCoin's V1 archive endpoints instead).
 */
export const KUCOIN_TRANSFERS_FROM = Date.UTC(2019, 1, 18);
/** Bybit opened in March 2018; its deposit and withdrawal records serve 30 days a request. */
export const BYBIT_TRANSFERS_FROM = Date.UTC(2018, 2, 1);

export const TRANSFER_WINDOWS: Readonly<Record<string, DatedWindow>> = {
  kucoin: { windowMs: 7 * DAY_MS, servedFrom: KUCOIN_TRANSFERS_FROM, limit: 500 },
  bybit: { windowMs: 30 * DAY_MS, servedFrom: BYBIT_TRANSFERS_FROM, limit: 50 },
};

/** The trades of one market (or all, `symbol` undefined) read window by window. */
export function windowedTrades(
  host: StreamHost,
  symbol: string | undefined,
  spec: TimeWindow,
): MovementStream {
  return windowed(host, symbol === undefined ? 'trade' : `trade:${symbol}`, spec, {
    fetch: (ex, from, limit, params) => ex.fetchMyTrades(symbol, from, limit, params),
    settled: (items) => ({ read: items, pending: false }),
    movements: (ex, read) =>
      read.map((t) => host.trade(ex, t, symbol !== undefined)).filter((m) => m !== null),
  });
}

/** The deposits or withdrawals of the account read window by window. */
export function windowedTransfers(
  host: StreamHost,
  kind: ExchangeTransfer['kind'],
  spec: DatedWindow,
): MovementStream {
  return windowed(host, kind, spec, {
    fetch: (ex, from, limit, params) =>
      kind === 'deposit'
        ? ex.fetchDeposits(undefined, from, limit, params)
        : ex.fetchWithdrawals(undefined, from, limit, params),
    settled,
    movements: (ex, read) => transfers(host, ex, kind, read),
  });
}

/** Settled transfers up to the first pending one; failed and cancelled ones are not movements. */
export function settled(items: Transaction[]): { read: Transaction[]; pending: boolean } {
  const read: Transaction[] = [];
  for (const item of items) {
    if (item.status === 'pending') return { read, pending: true };
    read.push(item);
  }
  return { read, pending: false };
}

export function transfers(
  host: StreamHost,
  ex: Exchange,
  kind: ExchangeTransfer['kind'],
  items: Transaction[],
): ExchangeMovement[] {
  return items
    .filter((t) => t.status !== 'failed' && t.status !== 'canceled')
    .map((t) => host.transfer(ex, kind, t))
    .filter((m) => m !== null);
}

interface Entries<T extends Stamped> {
  fetch(ex: Exchange, from: number, limit: number, params: Record<string, unknown>): Promise<T[]>;
  /** The entries that may be read now (oldest first), and whether one still pending stops the read. */
  settled(items: T[]): { read: T[]; pending: boolean };
  movements(ex: Exchange, read: T[]): ExchangeMovement[];
}

function windowed<T extends Stamped>(
  host: StreamHost,
  key: string,
  spec: TimeWindow | DatedWindow,
  entries: Entries<T>,
): MovementStream {
  const limit = Math.min(host.pageSize ?? spec.limit, spec.limit);
  const fetch = (ex: Exchange, from: number, until: number) =>
    entries.fetch(ex, from, limit, { until, ...(spec.params?.(limit) ?? {}) });
  return {
    key,
    async read(ex, cursor) {
      const now = Date.now();
      const oldest = ('servedFrom' in spec ? spec.servedFrom : now - spec.backMs) + CLOCK_MARGIN_MS;
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
      const inWindow = fresh(items, { from, ids }).filter((t) => (t.timestamp ?? 0) <= end);
      const { read, pending } = entries.settled(inWindow);
      const movements = entries.movements(ex, read);
      if (!pending && end < now) {
        setBoundary(cursor, key, { from: end + 1, ids: new Set() });
        const progress = now > first ? (end - first) / (now - first) : 1;
        return { movements, more: true, progress: Math.min(Math.max(progress, 0), 1) };
      }
      setBoundary(cursor, key, after({ from, ids }, read));
      return { movements, more: false };
    },
  };
}
