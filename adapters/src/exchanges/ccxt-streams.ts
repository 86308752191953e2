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
 * - KuCoin, OKX and Bybit trades, KuCoin and Bybit deposits and withdrawals: the time windows each
 *   answers, from the oldest it serves (ccxt-windowed.ts).
 * - Every other exchange: ccxt's `since`, keeping the ids already read at the last timestamp so entries
 *   sharing it are neither lost nor read twice.
 * A deposit or withdrawal still pending stops its stream there: the next sync reads it again, settled.
 */
import type { Exchange } from 'ccxt';
import { krakenLedger, krakenTrades } from './ccxt-kraken-streams.ts';
import { after, boundary, fresh, setBoundary } from './ccxt-stream-boundary.ts';
import {
  settled,
  TRADE_WINDOWS,
  TRANSFER_WINDOWS,
  transfers,
  windowedTrades,
  windowedTransfers,
} from './ccxt-windowed.ts';
import type { MovementStream, StreamHost } from './ccxt-stream-types.ts';
import type { ExchangeTransfer } from './port.ts';

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
      const windows = TRADE_WINDOWS[host.exchange];
      const tradeStream = (symbol: string | undefined) =>
        windows ? windowedTrades(host, symbol, windows) : sinceTrades(host, symbol);
      if (await needsSymbol(ex)) {
        for (const symbol of await heldSymbols(ex, [])) streams.push(tradeStream(symbol));
      } else {
        streams.push(tradeStream(undefined));
      }
    }
    for (const kind of ['deposit', 'withdrawal'] as const) {
      if (!ex.has[kind === 'deposit' ? 'fetchDeposits' : 'fetchWithdrawals']) continue;
      const windows = TRANSFER_WINDOWS[host.exchange];
      if (windows) {
        streams.push(windowedTransfers(host, kind, windows));
      } else if (await needsCode(ex, kind)) {
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

export type { MovementStream, StreamHost, StreamRead } from './ccxt-stream-types.ts';
