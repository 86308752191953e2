/**
 * Answers the four CoinGecko routes we use from a data provider, in CoinGecko's shapes and with its
 * parameter checks. Shared by the simulated source's proxy and the fake CoinGecko server for tests.
 */
import {
  shapeRate,
  marketsRow,
  dailyChartTimes,
  matchSearch,
  pastUsd,
  readSimplePriceFlags,
  searchBody,
  simplePriceEntry,
  type ShapeCoin,
} from './coingecko-shapes.ts';
import type { ProxyRoute } from './proxy-routes.ts';

/** Where the responder gets coins from. */
export interface CoinGeckoData {
  /** A coin by id, or undefined when unknown. */
  coin(id: string): ShapeCoin | undefined;
  /** Every known coin (search, markets without ids). */
  coins(): readonly ShapeCoin[];
  /** A token by chain and lower-case contract address, or undefined. */
  token(chain: string, address: string): ShapeCoin | undefined;
  /** Whether a chain (asset platform) exists. */
  knowsChain(chain: string): boolean;
}

/** A status and JSON body. */
export interface RouteAnswer {
  status: number;
  body: unknown;
}

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

/** Answers one route. */
export function respondCoinGecko(
  kind: ProxyRoute['kind'],
  chain: string | undefined,
  query: URLSearchParams,
  data: CoinGeckoData,
): RouteAnswer {
  switch (kind) {
    case 'simple_price':
      return simplePrice(query, list(query.get('ids')), (id) => data.coin(id), data);
    case 'token_price':
      if (!chain || !data.knowsChain(chain))
        return { status: 404, body: { error: 'asset platform not found' } };
      return simplePrice(
        query,
        list(query.get('contract_addresses')),
        (address) => data.token(chain, address),
        data,
      );
    case 'markets':
      return markets(query, data);
    case 'search':
      return { status: 200, body: searchBody(matchSearch(data.coins(), query.get('query') ?? '')) };
  }
}

function simplePrice(
  query: URLSearchParams,
  keys: string[],
  lookup: (key: string) => ShapeCoin | undefined,
  data: CoinGeckoData,
): RouteAnswer {
  const currencies = list(query.get('vs_currencies'));
  if (currencies.length === 0) return { status: 400, body: { error: 'Missing parameter vs_currencies' } };
  const flags = readSimplePriceFlags(query);
  const others = currencies.filter((c) => c !== 'usd');
  const rateOf = (currency: string) => shapeRate(currency, (id) => data.coin(id)?.usd);
  const body: Record<string, unknown> = {};
  for (const key of keys) {
    const coin = lookup(key);
    if (coin) body[key] = currencies.includes('usd') ? simplePriceEntry(coin, flags, others, rateOf) : {};
  }
  return { status: 200, body };
}

/**
 * Answers coins/{id}/market_chart (`{prices, market_caps, total_volumes}`, each `[[ms, value], ...]`) from
 * the shaped history (pastUsd); only interval=daily is served. Other currencies at the fixed fiat rates,
 * bitcoin and ether at their own past prices. `nowMs` is the time of the last point.
 */
export function respondMarketChart(
  id: string,
  query: URLSearchParams,
  data: CoinGeckoData,
  nowMs: number,
): RouteAnswer {
  const currency = query.get('vs_currency')?.toLowerCase();
  if (!currency) return { status: 400, body: { error: 'Missing parameter vs_currency' } };
  const days = Number(query.get('days'));
  if (!Number.isInteger(days) || days < 1) return { status: 400, body: { error: 'Invalid days' } };
  if (query.get('interval') !== 'daily') return { status: 400, body: { error: 'only interval=daily' } };
  const coin = data.coin(id);
  if (!coin) return { status: 404, body: { error: 'coin not found' } };
  const rateAt = (at: number) =>
    shapeRate(currency, (own) => {
      const ownCoin = data.coin(own);
      return ownCoin && pastUsd(ownCoin, at, nowMs);
    });
  if (rateAt(nowMs) === undefined) return { status: 400, body: { error: 'invalid vs_currency' } };
  const prices = dailyChartTimes(nowMs, days).map((at) => [at, pastUsd(coin, at, nowMs) * rateAt(at)!]);
  const caps = prices.map(([at, price]) => [at, (price! * coin.marketCap) / Math.max(coin.usd, 1e-12)]);
  return {
    status: 200,
    body: { prices, market_caps: caps, total_volumes: caps.map(([at, c]) => [at, c! / 20]) },
  };
}

/**
 * Answers coins/{id}/market_chart/range (`from` and `to` in unix seconds) as CoinGecko's automatic
 * spacing does: 5-minutely for a span within a day, hourly up to 90 days, daily beyond, each point's
 * dollar price from the shaped history (pastUsd), nothing after `nowMs`.
 */
export function respondMarketChartRange(
  id: string,
  query: URLSearchParams,
  data: CoinGeckoData,
  nowMs: number,
): RouteAnswer {
  const currency = query.get('vs_currency')?.toLowerCase();
  if (!currency) return { status: 400, body: { error: 'Missing parameter vs_currency' } };
  if (currency !== 'usd') return { status: 400, body: { error: 'invalid vs_currency' } };
  const from = Number(query.get('from')) * 1000;
  const to = Number(query.get('to')) * 1000;
  if (!Number.isFinite(from) || !Number.isFinite(to) || !(to > from))
    return { status: 400, body: { error: 'Invalid from or to' } };
  const coin = data.coin(id);
  if (!coin) return { status: 404, body: { error: 'coin not found' } };
  const hour = 3_600_000;
  const step = to - from <= 24 * hour ? 5 * 60_000 : to - from <= 90 * 24 * hour ? hour : 24 * hour;
  const prices: [number, number][] = [];
  for (let at = Math.ceil(from / step) * step; at <= Math.min(to, nowMs); at += step)
    prices.push([at, pastUsd(coin, at, nowMs)]);
  const caps = prices.map(([at, price]) => [at, (price * coin.marketCap) / Math.max(coin.usd, 1e-12)]);
  return {
    status: 200,
    body: { prices, market_caps: caps, total_volumes: caps.map(([at, c]) => [at, c! / 20]) },
  };
}

function markets(query: URLSearchParams, data: CoinGeckoData): RouteAnswer {
  const currency = query.get('vs_currency');
  if (!currency) return { status: 400, body: { error: 'Missing parameter vs_currency' } };
  if (currency.toLowerCase() !== 'usd') return { status: 400, body: { error: 'invalid vs_currency' } };
  const ids = list(query.get('ids'));
  const coins =
    ids.length > 0 ? ids.map((id) => data.coin(id)).filter((c) => c !== undefined) : [...data.coins()];
  const order = query.get('order') ?? 'market_cap_desc';
  coins.sort((a, b) => (order === 'market_cap_asc' ? a.marketCap - b.marketCap : b.marketCap - a.marketCap));
  const perPage = Math.min(Math.max(Number(query.get('per_page') ?? 100) || 100, 1), 250);
  const page = Math.max(Number(query.get('page') ?? 1) || 1, 1);
  const with24h = list(query.get('price_change_percentage')).includes('24h');
  const rows = coins.slice((page - 1) * perPage, page * perPage).map((coin) => marketsRow(coin, with24h));
  return { status: 200, body: rows };
}
