/**
 * A fake CoinGecko for tests: a real node:http server on 127.0.0.1 (port 0) answering simple/price,
 * coins/markets, simple/token_price/{chain}, search, coins/list, coins/{id}/market_chart and
 * coins/{id}/market_chart/range under /api/v3, in CoinGecko's shapes. Prices are
 * programmable, failures (429, 500, 404, hang) can be forced per route, a quota can be enforced as
 * CoinGecko does (429 past N calls in any window), and every request is logged with its status.
 * Exported to other packages' tests through `@coinpace/adapters/testing`.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTRACT_ADDRESSES } from '@coinpace/domain';
import {
  respondCoinGecko,
  respondMarketChart,
  respondMarketChartRange,
  type CoinGeckoData,
} from '../coingecko-responder.ts';
import { RATE_LIMIT_BODY, type ShapeCoin } from '../coingecko-shapes.ts';
import type { ProxyRoute } from '../proxy-routes.ts';
import { SIMULATED_COINS } from '../simulated-coins.ts';

/** The routes the fake answers. */
export type FakeRoute =
  | 'simple/price'
  | 'coins/markets'
  | 'simple/token_price'
  | 'search'
  | 'coins/list'
  | 'coins/market_chart'
  | 'coins/market_chart/range';
/** A forced failure: an HTTP status with CoinGecko's body for it, or 'hang' (never answer until close). */
export type FakeFailure = 429 | 500 | 404 | 'hang';

/** One request the fake received. */
export interface FakeRequest {
  /** null for a path the fake does not serve. */
  route: FakeRoute | null;
  /** Path below /api/v3, e.g. '/simple/token_price/ethereum'. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Epoch ms by the fake's clock. */
  at: number;
  /** The status answered (0 until answered, and for a request left hanging). */
  status: number;
}

/** A coin to add to the fake. */
export interface FakeCoinInput {
  id: string;
  symbol: string;
  name: string;
  usd: number;
  /** Percent; default 0. */
  change?: number | null;
  image?: string | null;
  /** Default: a value that keeps coins in the order they were added. */
  marketCap?: number;
}

export interface FakeCoinGeckoOptions {
  /** The fake's clock (last_updated_at, request times), epoch ms. Default Date.now. */
  now?: () => number;
  /** Start with no coins instead of the default set (the ticker coins and a few common ones). */
  empty?: boolean;
  /** Sent as Retry-After (seconds) with forced 429s. Default: none, like CoinGecko's public API. */
  retryAfterSeconds?: number;
  /**
   * A quota over every request to a route the fake serves, whoever sends it: past `calls` answered in
   * any `perMs` (by the fake's clock), a request is answered 429 with CoinGecko's body, as the real API
   * answers an exhausted plan. Refused requests do not count. Default: none.
   */
  quota?: { calls: number; perMs: number };
}

export interface FakeCoinGecko {
  /** Starts listening; `url` is the base URL to give the adapter (ends in /api/v3). */
  start(): Promise<{ url: string }>;
  /** Stops listening and drops open (hanging) connections. */
  close(): Promise<void>;
  /** Sets a coin's price (and 24h change in percent); adds the coin if unknown. */
  setPrice(id: string, usd: number, change?: number | null): void;
  addCoin(coin: FakeCoinInput): void;
  removeCoin(id: string): void;
  /** Sets a token's price on a chain, by contract address. */
  setTokenPrice(chain: string, address: string, usd: number, change?: number | null): void;
  /** Makes the next `times` requests to `route` fail this way (default: every request until cleared). */
  fail(route: FakeRoute, failure: FakeFailure, times?: number): void;
  clearFailures(route?: FakeRoute): void;
  /** Every request received, oldest first. */
  readonly requests: readonly FakeRequest[];
  requestsTo(route: FakeRoute): FakeRequest[];
  clearRequests(): void;
}

const FAILURE_BODIES: Record<Exclude<FakeFailure, 'hang'>, unknown> = {
  429: RATE_LIMIT_BODY,
  500: { error: 'Internal Server Error' },
  404: { error: 'Not Found' },
};

/** Creates a fake CoinGecko (not yet listening). */
export function createFakeCoinGecko(options: FakeCoinGeckoOptions = {}): FakeCoinGecko {
  const now = options.now ?? Date.now;
  const coins = new Map<string, ShapeCoin>();
  const tokens = new Map<string, ShapeCoin>();
  const chains = new Set(['ethereum', 'binance-smart-chain', 'arbitrum-one', 'polygon-pos']);
  const failures = new Map<FakeRoute, { failure: FakeFailure; remaining: number }>();
  const requests: FakeRequest[] = [];
  /** When each request within the quota window was answered, oldest first. */
  const counted: number[] = [];
  let server: Server | undefined;

  /** Whether one more request fits the quota now (and counts it when it does). */
  const withinQuota = (): boolean => {
    const quota = options.quota;
    if (!quota) return true;
    const at = now();
    while (counted.length > 0 && counted[0]! <= at - quota.perMs) counted.shift();
    if (counted.length >= quota.calls) return false;
    counted.push(at);
    return true;
  };

  const seconds = () => Math.floor(now() / 1000);
  const addCoin = (input: FakeCoinInput) => {
    const rank = coins.has(input.id) ? coins.get(input.id)!.marketCapRank : coins.size + 1;
    coins.set(input.id, {
      id: input.id,
      symbol: input.symbol,
      name: input.name,
      image:
        input.image === undefined
          ? `https://coin-images.coingecko.com/coins/images/${rank}/large/${input.id}.png`
          : input.image,
      usd: input.usd,
      changePct: input.change === undefined ? 0 : input.change,
      updatedAt: seconds(),
      marketCap: input.marketCap ?? 10 ** 12 / (rank ?? 1),
      marketCapRank: rank,
    });
  };

  if (!options.empty) {
    for (const coin of SIMULATED_COINS)
      addCoin({ id: coin.id, symbol: coin.symbol, name: coin.name, usd: coin.baseUsd });
    for (const [address, entry] of Object.entries(CONTRACT_ADDRESSES)) {
      const coin = coins.get(entry.coingeckoId);
      if (coin) tokens.set(`${entry.chain}:${address}`, { ...coin });
    }
  }

  const data: CoinGeckoData = {
    coin: (id) => coins.get(id),
    coins: () => [...coins.values()],
    token: (chain, address) => tokens.get(`${chain}:${address}`),
    knowsChain: (chain) => chains.has(chain),
  };

  function route(path: string): {
    route: FakeRoute;
    kind: ProxyRoute['kind'] | 'coin_list' | 'market_chart' | 'market_chart_range';
    chain?: string;
    coin?: string;
  } | null {
    if (path === '/coins/list') return { route: 'coins/list', kind: 'coin_list' };
    const chart = /^\/coins\/([^/]+)\/market_chart$/.exec(path);
    if (chart)
      return { route: 'coins/market_chart', kind: 'market_chart', coin: decodeURIComponent(chart[1]!) };
    const range = /^\/coins\/([^/]+)\/market_chart\/range$/.exec(path);
    if (range)
      return {
        route: 'coins/market_chart/range',
        kind: 'market_chart_range',
        coin: decodeURIComponent(range[1]!),
      };
    if (path === '/simple/price') return { route: 'simple/price', kind: 'simple_price' };
    if (path === '/coins/markets') return { route: 'coins/markets', kind: 'markets' };
    if (path === '/search') return { route: 'search', kind: 'search' };
    const token = /^\/simple\/token_price\/([^/]+)$/.exec(path);
    if (token)
      return { route: 'simple/token_price', kind: 'token_price', chain: decodeURIComponent(token[1]!) };
    return null;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.startsWith('/api/v3/') ? url.pathname.slice('/api/v3'.length) : url.pathname;
    const matched = url.pathname.startsWith('/api/v3/') ? route(path) : null;
    const request: FakeRequest = {
      route: matched?.route ?? null,
      path,
      query: url.searchParams,
      headers: req.headers,
      at: now(),
      status: 0,
    };
    requests.push(request);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      request.status = status;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || !matched) return send(404, { error: 'Not Found' });
    const retryAfter: Record<string, string> =
      options.retryAfterSeconds !== undefined ? { 'retry-after': String(options.retryAfterSeconds) } : {};
    if (!withinQuota()) return send(429, RATE_LIMIT_BODY, retryAfter);

    const forced = failures.get(matched.route);
    if (forced && forced.remaining > 0) {
      forced.remaining -= 1;
      if (forced.failure === 'hang') return; // never answered; close() drops the socket
      return send(forced.failure, FAILURE_BODIES[forced.failure], forced.failure === 429 ? retryAfter : {});
    }
    if (matched.kind === 'coin_list')
      return send(
        200,
        [...coins.values()].map((coin) => ({ id: coin.id, symbol: coin.symbol, name: coin.name })),
      );
    if (matched.kind === 'market_chart') {
      const chart = respondMarketChart(matched.coin!, url.searchParams, data, now());
      return send(chart.status, chart.body);
    }
    if (matched.kind === 'market_chart_range') {
      const chart = respondMarketChartRange(matched.coin!, url.searchParams, data, now());
      return send(chart.status, chart.body);
    }
    const answer = respondCoinGecko(matched.kind, matched.chain, url.searchParams, data);
    send(answer.status, answer.body);
  }

  return {
    requests,
    async start() {
      server = createServer(handle);
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(0, '127.0.0.1', () => resolve());
      });
      const { port } = server.address() as AddressInfo;
      return { url: `http://127.0.0.1:${port}/api/v3` };
    },
    async close() {
      if (!server) return;
      const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
      server.closeAllConnections();
      await closing;
      server = undefined;
    },
    setPrice(id, usd, change = 0) {
      const coin = coins.get(id);
      if (coin) coins.set(id, { ...coin, usd, changePct: change, updatedAt: seconds() });
      else addCoin({ id, symbol: id.slice(0, 4), name: id, usd, change });
    },
    addCoin,
    removeCoin(id) {
      coins.delete(id);
    },
    setTokenPrice(chain, address, usd, change = 0) {
      chains.add(chain);
      const key = `${chain}:${address.toLowerCase()}`;
      const base = tokens.get(key);
      tokens.set(key, {
        id: base?.id ?? address.toLowerCase(),
        symbol: base?.symbol ?? 'TKN',
        name: base?.name ?? 'Token',
        image: base?.image ?? null,
        usd,
        changePct: change,
        updatedAt: seconds(),
        marketCap: base?.marketCap ?? 0,
        marketCapRank: base?.marketCapRank ?? null,
      });
    },
    fail(routeName, failure, times = Number.POSITIVE_INFINITY) {
      failures.set(routeName, { failure, remaining: times });
    },
    clearFailures(routeName) {
      if (routeName) failures.delete(routeName);
      else failures.clear();
    },
    requestsTo(routeName) {
      return requests.filter((r) => r.route === routeName);
    },
    clearRequests() {
      requests.length = 0;
    },
  };
}
