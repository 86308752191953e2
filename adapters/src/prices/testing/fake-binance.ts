/**
 * A local HTTP peer that answers Binance's public klines route (GET /api/v3/klines) in Binance's
 * documented shape: daily klines [openTime, open, high, low, close, volume, closeTime, quoteVolume,
 * trades, takerBase, takerQuote, ignore] with prices as decimal strings, from a pair's listing day on.
 * An unlisted symbol is answered 400 with code -1121, as Binance does; a 429 with Retry-After can be forced.
 * Exported to other packages' tests through `@coinpace/adapters/testing`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const DAY_MS = 86_400_000;

export interface FakeBinancePair {
  /** The pair, e.g. 'BTCUSDT'. */
  symbol: string;
  /** The pair's first day (epoch ms, a UTC midnight): no kline opens before it. */
  listedAt: number;
  /** The open price of the day opening at `openTime`. Default: 100 + the day's number modulo 50. */
  open?: (openTime: number) => number;
}

export interface FakeBinanceRequest {
  path: string;
  query: URLSearchParams;
  status: number;
}

export interface FakeBinance {
  /** Starts listening; `url` is the base URL to give the adapter (BINANCE_DATA_URL). */
  start(): Promise<{ url: string }>;
  close(): Promise<void>;
  addPair(pair: FakeBinancePair): void;
  /** Answers the next `times` klines requests 429 with `Retry-After: retryAfterSeconds`. */
  limit(retryAfterSeconds: number, times?: number): void;
  readonly requests: readonly FakeBinanceRequest[];
  clearRequests(): void;
}

/** The default open price of a day: deterministic and easy to check. */
export function fakeBinanceOpen(openTime: number): number {
  return 100 + (Math.floor(openTime / DAY_MS) % 50);
}

export function createFakeBinance(): FakeBinance {
  const pairs = new Map<string, FakeBinancePair>();
  const requests: FakeBinanceRequest[] = [];
  let limited = { times: 0, retryAfter: 0 };
  let server: Server | undefined;

  const answer = (query: URLSearchParams): { status: number; body: unknown; headers?: object } => {
    if (limited.times > 0) {
      limited = { ...limited, times: limited.times - 1 };
      return {
        status: 429,
        body: { code: -1003, msg: 'Too many requests.' },
        headers: { 'retry-after': String(limited.retryAfter) },
      };
    }
    const pair = pairs.get(query.get('symbol') ?? '');
    if (!pair) return { status: 400, body: { code: -1121, msg: 'Invalid symbol.' } };
    if (query.get('interval') !== '1d')
      return { status: 400, body: { code: -1120, msg: 'Invalid interval.' } };
    const start = Number(query.get('startTime') ?? 0);
    const end = Number(query.get('endTime') ?? Date.now());
    const limit = Math.min(Number(query.get('limit') ?? 500), 1000);
    const open = pair.open ?? fakeBinanceOpen;
    const klines: unknown[] = [];
    let day = Math.max(Math.ceil(start / DAY_MS) * DAY_MS, pair.listedAt);
    for (; day <= end && klines.length < limit; day += DAY_MS) {
      const price = open(day);
      const close = open(day + DAY_MS);
      klines.push([
        day,
        price.toFixed(8),
        Math.max(price, close).toFixed(8),
        Math.min(price, close).toFixed(8),
        close.toFixed(8),
        '1000.00000000',
        day + DAY_MS - 1,
        '100000.00000000',
        500,
        '500.00000000',
        '50000.00000000',
        '0',
      ]);
    }
    return { status: 200, body: klines };
  };

  return {
    async start() {
      server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const routed = req.method === 'GET' && url.pathname === '/api/v3/klines';
        const { status, body, headers } = routed
          ? answer(url.searchParams)
          : { status: 404, body: { code: -1, msg: 'Not found' }, headers: undefined };
        requests.push({ path: url.pathname, query: url.searchParams, status });
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return { url: `http://127.0.0.1:${port}` };
    },
    async close() {
      if (!server) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    addPair(pair) {
      pairs.set(pair.symbol, pair);
    },
    limit(retryAfterSeconds, times = 1) {
      limited = { times, retryAfter: retryAfterSeconds };
    },
    get requests() {
      return requests;
    },
    clearRequests() {
      requests.length = 0;
    },
  };
}
