/**
 * The movement streams of one exchange account, each read oldest first from its own place in the cursor:
 * trades (per market where the exchange wants a symbol), deposits, withdrawals. A sync pass reads the
 * streams in key order; the cursor names the stream the pass continues at (see CcxtClient.fetchMovements).
 *
 * How a stream resumes exactly, per exchange:
 * - Binance trades: `fromId`, the next trade id of the market.
 * - Kraken trades and ledger entries: `start`, the id of the last entry read (Kraken's `start` is
 *   exclusive). Kraken answers newest first, 50 at a time, so the oldest page after `start` is at offset
 *   count - 50.
 * - Binance deposits and withdrawals: 90-day windows from Binance's opening, the longest it answers.
 * - Every other exchange: ccxt's `since`, keeping the ids already read at the last timestamp so entries
 *   sharing it are neither lost nor read twice.
 * A deposit or withdrawal still pending stops its stream there: the next sync reads it again, settled.
 */
import type { Exchange, Trade, Transaction } from 'ccxt';
import type { ExchangeMovement, ExchangeTransfer, SyncCursor } from './port.ts';

export interface StreamRead {
  movements: ExchangeMovement[];
  /** More may follow right away in this stream (a full page, a window before now). */
  more: boolean;
}

export interface MovementStream {
  /** Unique among the account's streams; also its entries' prefix in the cursor. */
  readonly key: string;
  /** Reads the next page after the stream's place in `cursor` and moves that place (mutates `cursor`). */
  read(ex: Exchange, cursor: SyncCursor): Promise<StreamRead>;
}

/** What the streams need of the client. */
export interface StreamHost {
  readonly exchange: string;
  readonly pageSize: number | undefined;
  readonly historyFrom: number | undefined;
  raw(ex: Exchange, method: string, params?: Record<string, unknown>): Promise<unknown>;
  trade(ex: Exchange, trade: Trade, perMarket?: boolean): ExchangeMovement | null;
  transfer(ex: Exchange, kind: ExchangeTransfer['kind'], t: Transaction): ExchangeTransfer | null;
}

/** Quote currencies a Binance account's held assets are paired with to find the markets it traded. */
const BINANCE_QUOTES = [
  'USDT',
  'USDC',
  'FDUSD',
  'BUSD',
  'TUSD',
  'BTC',
  'ETH',
  'BNB',
  'EUR',
  'GBP',
  'TRY',
  'BRL',
];
/** Binance opened in July 2017; nothing older exists. */
const BINANCE_OPENED = Date.UTC(2017, 6, 1);
/** The longest window Binance's deposit and withdrawal history answers. */
const BINANCE_WINDOW_MS = 90 * 86_400_000;
const KRAKEN_PAGE = 50;
const DAY_MS = 86_400_000;

export async function createStreams(host: StreamHost, ex: Exchange): Promise<MovementStream[]> {
  await ex.loadMarkets();
  const streams: MovementStream[] = [];
  if (host.exchange === 'binance') {
    for (const symbol of await binanceSymbols(ex)) streams.push(binanceTrades(host, symbol));
    streams.push(binanceTransfers(host, 'deposit'), binanceTransfers(host, 'withdrawal'));
  } else if (host.exchange === 'kraken') {
    streams.push(krakenTrades(host), krakenLedger(host, 'deposit'), krakenLedger(host, 'withdrawal'));
  } else {
    if (ex.has['fetchMyTrades']) {
      if (await needsSymbol(ex)) {
        for (const symbol of await heldSymbols(ex, [])) streams.push(sinceTrades(host, symbol));
      } else {
        streams.push(sinceTrades(host, undefined));
      }
    }
    for (const kind of ['deposit', 'withdrawal'] as const) {
      if (!ex.has[kind === 'deposit' ? 'fetchDeposits' : 'fetchWithdrawals']) continue;
      if (await needsCode(ex, kind)) {
        for (const code of await heldAssets(ex, [])) streams.push(sinceTransfers(host, kind, code));
      } else {
        streams.push(sinceTransfers(host, kind, undefined));
      }
    }
  }
  return streams.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Whether the exchange reads trades only per market (ccxt throws ArgumentsRequired before any request). */
async function needsSymbol(ex: Exchange): Promise<boolean> {
  try {
    await ex.fetchMyTrades(undefined, Date.now(), 1);
    return false;
  } catch (err) {
    if (err instanceof Error && err.constructor.name === 'ArgumentsRequired') return true;
    throw err;
  }
}

/** Whether the exchange lists transfers only per currency (Coinbase: per account). */
async function needsCode(ex: Exchange, kind: ExchangeTransfer['kind']): Promise<boolean> {
  try {
    if (kind === 'deposit') await ex.fetchDeposits(undefined, Date.now(), 1);
    else await ex.fetchWithdrawals(undefined, Date.now(), 1);
    return false;
  } catch (err) {
    if (err instanceof Error && err.constructor.name === 'ArgumentsRequired') return true;
    throw err;
  }
}

/** Codes with a balance in any wallet ccxt reads by default. */
async function heldAssets(ex: Exchange, extraTypes: string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (const params of [{}, ...extraTypes.map((type) => ({ type }))]) {
    const totals =
      ((await ex.fetchBalance(params)) as { total?: Record<string, number | undefined> }).total ?? {};
    for (const [code, total] of Object.entries(totals)) if (total !== undefined && total > 0) held.add(code);
  }
  return held;
}

/**
 * Spot markets the account may have traded: a held asset against a common quote currency or another held
 * asset. Binance cannot list the markets an account traded, so trades in a coin sold to nothing since are
 * out of reach of the API (an export file covers them).
 */
async function heldSymbols(
  ex: Exchange,
  extraTypes: string[],
  quotes: string[] = BINANCE_QUOTES,
): Promise<string[]> {
  const held = await heldAssets(ex, extraTypes);
  return Object.values(ex.markets ?? {})
    .filter((m) => m && m.spot && held.has(m.base) && (quotes.includes(m.quote) || held.has(m.quote)))
    .map((m) => m.symbol)
    .sort();
}

function binanceSymbols(ex: Exchange): Promise<string[]> {
  return heldSymbols(ex, ['funding']);
}

function binanceTrades(host: StreamHost, symbol: string): MovementStream {
  const key = `trade:${symbol}`;
  const limit = Math.min(host.pageSize ?? 1000, 1000);
  return {
    key,
    async read(ex, cursor) {
      const fromId = Number(cursor[key] ?? 0);
      const trades = await ex.fetchMyTrades(symbol, undefined, limit, { fromId });
      const movements = trades.map((t) => host.trade(ex, t, true)).filter((m) => m !== null);
      const last = trades.at(-1);
      if (last?.id) cursor[key] = Number(last.id) + 1;
      return { movements, more: trades.length >= limit };
    },
  };
}

interface Boundary {
  /** Milliseconds of the last entry read (inclusive start of the next read). */
  from: number | undefined;
  /** Ids already read at `from`. */
  ids: Set<string>;
}

function boundary(cursor: SyncCursor, key: string): Boundary {
  const from = cursor[key];
  const ids = cursor[`${key}#ids`];
  return {
    from: from === undefined ? undefined : Number(from),
    ids: new Set(typeof ids === 'string' && ids !== '' ? ids.split(',') : []),
  };
}

function setBoundary(cursor: SyncCursor, key: string, b: Boundary): void {
  if (b.from === undefined) delete cursor[key];
  else cursor[key] = b.from;
  if (b.ids.size === 0) delete cursor[`${key}#ids`];
  else cursor[`${key}#ids`] = [...b.ids].join(',');
}

interface Stamped {
  id?: string | undefined;
  timestamp?: number | undefined;
}

/** Oldest first, leaving out what was read before the boundary or at it. */
function fresh<T extends Stamped>(items: T[], b: Boundary): T[] {
  return items
    .filter((item) => item.id !== undefined && item.timestamp !== undefined)
    .sort((x, y) => (x.timestamp ?? 0) - (y.timestamp ?? 0))
    .filter((item) => {
      const at = item.timestamp ?? 0;
      if (b.from === undefined || at > b.from) return true;
      return at === b.from && !b.ids.has(item.id ?? '');
    });
}

/** The boundary after reading `read` (oldest first) from `b`. */
function after(b: Boundary, read: Stamped[]): Boundary {
  const last = read.at(-1)?.timestamp;
  if (last === undefined) return b;
  const ids = new Set(last === b.from ? b.ids : []);
  for (const item of read) if (item.timestamp === last && item.id) ids.add(item.id);
  return { from: last, ids };
}

/** Settled transfers up to the first pending one; failed and cancelled ones are not movements. */
function settled(items: Transaction[]): { read: Transaction[]; pending: boolean } {
  const read: Transaction[] = [];
  for (const item of items) {
    if (item.status === 'pending') return { read, pending: true };
    read.push(item);
  }
  return { read, pending: false };
}

function transfers(host: StreamHost, ex: Exchange, kind: ExchangeTransfer['kind'], items: Transaction[]) {
  return items
    .filter((t) => t.status !== 'failed' && t.status !== 'canceled')
    .map((t) => host.transfer(ex, kind, t))
    .filter((m) => m !== null);
}

function binanceTransfers(host: StreamHost, kind: ExchangeTransfer['kind']): MovementStream {
  const key = kind;
  const limit = Math.min(host.pageSize ?? 1000, 1000);
  const fetch = (ex: Exchange, from: number, until: number) =>
    kind === 'deposit'
      ? ex.fetchDeposits(undefined, from, limit, { until })
      : ex.fetchWithdrawals(undefined, from, limit, { until });
  return {
    key,
    async read(ex, cursor) {
      const b = boundary(cursor, key);
      const from = b.from ?? Math.max(host.historyFrom ?? BINANCE_OPENED, BINANCE_OPENED);
      const now = Date.now();
      let end = Math.min(from + BINANCE_WINDOW_MS - 1, now);
      let items = await fetch(ex, from, end);
      // A full page may hide older entries (Binance answers newest first): narrow the window instead.
      while (items.length >= limit && end - from > 1_000) {
        end = from + Math.floor((end - from) / 2);
        items = await fetch(ex, from, end);
      }
      const { read, pending } = settled(fresh(items, { from, ids: b.ids }));
      const movements = transfers(host, ex, kind, read);
      const next = after({ from, ids: b.ids }, read);
      if (pending) {
        setBoundary(cursor, key, next);
        return { movements, more: false };
      }
      if (end < now) {
        setBoundary(cursor, key, { from: end + 1, ids: new Set() });
        return { movements, more: true };
      }
      // Caught up: start the next sync a day back at most, for deposits Binance lists late.
      const lookBack = now - DAY_MS;
      setBoundary(
        cursor,
        key,
        read.length === 0 && next.from !== undefined && next.from < lookBack
          ? { from: lookBack, ids: new Set() }
          : next,
      );
      return { movements, more: false };
    },
  };
}

function sinceTrades(host: StreamHost, symbol: string | undefined): MovementStream {
  const key = symbol === undefined ? 'trade' : `trade:${symbol}`;
  return {
    key,
    async read(ex, cursor) {
      const b = boundary(cursor, key);
      const items = fresh(await ex.fetchMyTrades(symbol, b.from, host.pageSize), b);
      setBoundary(cursor, key, after(b, items));
      const movements = items.map((t) => host.trade(ex, t, symbol !== undefined)).filter((m) => m !== null);
      return { movements, more: items.length > 0 };
    },
  };
}

function sinceTransfers(
  host: StreamHost,
  kind: ExchangeTransfer['kind'],
  code: string | undefined,
): MovementStream {
  const key = code === undefined ? kind : `${kind}:${code}`;
  return {
    key,
    async read(ex, cursor) {
      const b = boundary(cursor, key);
      const items =
        kind === 'deposit'
          ? await ex.fetchDeposits(code, b.from, host.pageSize)
          : await ex.fetchWithdrawals(code, b.from, host.pageSize);
      const { read, pending } = settled(fresh(items, b));
      setBoundary(cursor, key, after(b, read));
      return { movements: transfers(host, ex, kind, read), more: read.length > 0 && !pending };
    },
  };
}

interface KrakenPage {
  count: number;
  /** Entries by id, newest first as Kraken sends them. */
  entries: [string, Record<string, unknown>][];
}

/**
 * The oldest page of entries after `start`: Kraken answers newest first with the total count, so the
 * oldest 50 sit at offset count - 50. If entries arrive between the two requests the count moves; then
 * ask again.
 */
async function krakenOldest(
  ask: (params: Record<string, unknown>) => Promise<KrakenPage>,
  start: string | undefined,
): Promise<KrakenPage> {
  const base = start === undefined ? {} : { start };
  let page = await ask({ ...base, ofs: 0 });
  for (let attempt = 0; attempt < 3 && page.count > KRAKEN_PAGE; attempt += 1) {
    const oldest = await ask({ ...base, ofs: page.count - KRAKEN_PAGE });
    if (oldest.count === page.count) return oldest;
    page = oldest;
  }
  return page;
}

function krakenResult(response: unknown, field: string): KrakenPage {
  const result = (response as { result?: Record<string, unknown> }).result ?? {};
  const entries = Object.entries((result[field] ?? {}) as Record<string, Record<string, unknown>>);
  return { count: Number(result['count'] ?? entries.length), entries };
}

/** Oldest first; entries of one instant keep Kraken's order, reversed (it sends newest first). */
function oldestFirst(entries: [string, Record<string, unknown>][]): [string, Record<string, unknown>][] {
  return [...entries].reverse().sort((a, b) => Number(a[1]['time']) - Number(b[1]['time']));
}

function krakenTrades(host: StreamHost): MovementStream {
  const key = 'trade';
  return {
    key,
    async read(ex, cursor) {
      const start = typeof cursor[key] === 'string' ? cursor[key] : undefined;
      const page = await krakenOldest(
        async (params) => krakenResult(await host.raw(ex, 'privatePostTradesHistory', params), 'trades'),
        start,
      );
      const entries = oldestFirst(page.entries);
      const trades = ex.parseTrades(entries.map(([id, trade]) => ({ ...trade, id })));
      const byId = new Map(trades.map((t) => [t.id, t]));
      const movements = entries
        .map(([id]) => byId.get(id))
        .map((t) => (t ? host.trade(ex, t) : null))
        .filter((m) => m !== null);
      const last = entries.at(-1);
      if (last) cursor[key] = last[0];
      return { movements, more: page.count > KRAKEN_PAGE };
    },
  };
}

function krakenLedger(host: StreamHost, kind: ExchangeTransfer['kind']): MovementStream {
  const key = kind;
  return {
    key,
    async read(ex, cursor) {
      const start = typeof cursor[key] === 'string' ? cursor[key] : undefined;
      const page = await krakenOldest(
        async (params) =>
          krakenResult(await host.raw(ex, 'privatePostLedgers', { ...params, type: kind }), 'ledger'),
        start,
      );
      const entries = oldestFirst(page.entries);
      const movements: ExchangeMovement[] = [];
      for (const [id, entry] of entries) {
        const asset = ex.safeCurrencyCode(String(entry['asset'] ?? ''));
        const amount = String(entry['amount'] ?? '').replace(/^-/, '');
        const fee = String(entry['fee'] ?? '0').replace(/^-/, '');
        if (!asset || amount === '') continue;
        movements.push({
          kind,
          externalId: `${kind}:${String(entry['refid'] ?? id)}`,
          at: new Date(Math.round(Number(entry['time']) * 1000)).toISOString(),
          asset,
          amount,
          fee: Number(fee) === 0 ? null : { asset, amount: fee },
        });
      }
      const last = entries.at(-1);
      if (last) cursor[key] = last[0];
      return { movements, more: page.count > KRAKEN_PAGE };
    },
  };
}
