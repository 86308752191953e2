/**
 * Writers of CoinGecko's response bodies, so the simulated source's proxy and the fake CoinGecko server
 * answer in the real shapes (api.coingecko.com/api/v3: simple/price, simple/token_price, coins/markets, search).
 */

/** A coin's market data, the input of the writers. */
export interface ShapeCoin {
  id: string;
  /** Any case; written lower case where CoinGecko does. */
  symbol: string;
  name: string;
  image: string | null;
  usd: number;
  /** Percent. */
  changePct: number | null;
  /** Unix seconds. */
  updatedAt: number;
  marketCap: number;
  marketCapRank: number | null;
}

/** Which optional fields a simple/price or simple/token_price request asked for. */
export interface SimplePriceFlags {
  include24hrChange: boolean;
  includeLastUpdatedAt: boolean;
  includeMarketCap: boolean;
}

/** Reads the include_* flags of a simple/price or simple/token_price query. */
export function readSimplePriceFlags(query: URLSearchParams): SimplePriceFlags {
  return {
    include24hrChange: query.get('include_24hr_change') === 'true',
    includeLastUpdatedAt: query.get('include_last_updated_at') === 'true',
    includeMarketCap: query.get('include_market_cap') === 'true',
  };
}

/**
 * The fiat rates (units per US dollar) the simulated source and the CoinGecko-shaped test server price
 * other currencies at; bitcoin and ether are priced by their own dollar prices.
 */
export const SHAPE_FIAT_RATES: Readonly<Record<string, number>> = {
  eur: 0.92,
  gbp: 0.79,
  jpy: 150,
  cad: 1.38,
  aud: 1.53,
  chf: 0.88,
};

/**
 * Units of `currency` per US dollar as the simulated source and the CoinGecko-shaped test server give
 * them: 1 for the dollar, SHAPE_FIAT_RATES for fiat, and bitcoin and ether by their own dollar price
 * (`usdOf(coin id)`, now or at some past time); undefined for a currency neither knows.
 */
export function shapeRate(
  currency: string,
  usdOf: (coinId: 'bitcoin' | 'ethereum') => number | undefined,
): number | undefined {
  if (currency === 'usd') return 1;
  if (currency in SHAPE_FIAT_RATES) return SHAPE_FIAT_RATES[currency];
  const own = currency === 'btc' ? 'bitcoin' : currency === 'eth' ? 'ethereum' : undefined;
  const usd = own === undefined ? undefined : usdOf(own);
  return usd !== undefined && usd > 0 ? 1 / usd : undefined;
}

/**
 * One entry of simple/price: `{usd, usd_market_cap?, usd_24h_change?, last_updated_at?}`, plus the price
 * in each other currency of `others` that `rateOf` knows (units per US dollar), as `vs_currencies` asks.
 */
export function simplePriceEntry(
  coin: ShapeCoin,
  flags: SimplePriceFlags,
  others: readonly string[] = [],
  rateOf: (currency: string) => number | undefined = () => undefined,
): Record<string, number | null> {
  const entry: Record<string, number | null> = { usd: coin.usd };
  for (const currency of others) {
    const rate = rateOf(currency);
    if (rate !== undefined) entry[currency] = coin.usd * rate;
  }
  if (flags.includeMarketCap) entry.usd_market_cap = coin.marketCap;
  if (flags.include24hrChange) entry.usd_24h_change = coin.changePct;
  if (flags.includeLastUpdatedAt) entry.last_updated_at = coin.updatedAt;
  return entry;
}

const DAY_MS = 86_400_000;

/**
 * A coin's dollar price at `at` (epoch ms) in the shaped history (market_chart): today's price at `nowMs`
 * and after; before, a gentle wave of about 2% around it that depends only on `at`, so a past day's price
 * stays put from one call to the next, each day differs, and a day read against another day's price shows.
 */
export function pastUsd(coin: ShapeCoin, at: number, nowMs: number): number {
  return at >= nowMs ? coin.usd : coin.usd * (1 + 0.02 * Math.sin(at / DAY_MS));
}

/**
 * The times of a coins/{id}/market_chart answer with interval=daily over `days`: each UTC midnight from
 * `days` days back to today's, then `nowMs` itself, epoch ms, oldest first.
 */
export function dailyChartTimes(nowMs: number, days: number): number[] {
  const midnight = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const times: number[] = [];
  for (let k = days; k >= 0; k -= 1) times.push(midnight - k * DAY_MS);
  if (nowMs > midnight) times.push(nowMs);
  return times;
}

/** One coins/markets row, with price_change_percentage_24h_in_currency when the request asked for '24h'. */
export function marketsRow(coin: ShapeCoin, with24hInCurrency: boolean): Record<string, unknown> {
  const change = coin.changePct === null ? null : coin.usd - coin.usd / (1 + coin.changePct / 100);
  const row: Record<string, unknown> = {
    id: coin.id,
    symbol: coin.symbol.toLowerCase(),
    name: coin.name,
    image: coin.image,
    current_price: coin.usd,
    market_cap: coin.marketCap,
    market_cap_rank: coin.marketCapRank,
    fully_diluted_valuation: null,
    total_volume: Math.round(coin.marketCap / 20),
    high_24h: coin.usd,
    low_24h: coin.usd,
    price_change_24h: change,
    price_change_percentage_24h: coin.changePct,
    market_cap_change_24h: null,
    market_cap_change_percentage_24h: null,
    circulating_supply: coin.usd > 0 ? coin.marketCap / coin.usd : 0,
    total_supply: null,
    max_supply: null,
    ath: coin.usd,
    ath_change_percentage: 0,
    ath_date: new Date(coin.updatedAt * 1000).toISOString(),
    atl: coin.usd,
    atl_change_percentage: 0,
    atl_date: new Date(coin.updatedAt * 1000).toISOString(),
    roi: null,
    last_updated: new Date(coin.updatedAt * 1000).toISOString(),
  };
  if (with24hInCurrency) row.price_change_percentage_24h_in_currency = coin.changePct;
  return row;
}

/** The /search body: `{coins: [...], exchanges: [], icos: [], categories: [], nfts: []}`. */
export function searchBody(coins: readonly ShapeCoin[]): Record<string, unknown> {
  return {
    coins: coins.map((coin) => ({
      id: coin.id,
      name: coin.name,
      api_symbol: coin.id,
      symbol: coin.symbol.toUpperCase(),
      market_cap_rank: coin.marketCapRank,
      thumb: coin.image?.replace('/large/', '/thumb/') ?? 'missing_thumb.png',
      large: coin.image ?? 'missing_large.png',
    })),
    exchanges: [],
    icos: [],
    categories: [],
    nfts: [],
  };
}

/** The /search body of hits found elsewhere (the coin list, a cached answer), in CoinGecko's shape. */
export function searchHitsBody(
  hits: readonly {
    id: string;
    name: string;
    symbol: string;
    image: string | null;
    marketCapRank: number | null;
  }[],
): Record<string, unknown> {
  return {
    coins: hits.map((hit) => ({
      id: hit.id,
      name: hit.name,
      api_symbol: hit.id,
      symbol: hit.symbol.toUpperCase(),
      market_cap_rank: hit.marketCapRank,
      thumb: hit.image?.replace('/large/', '/thumb/') ?? 'missing_thumb.png',
      large: hit.image ?? 'missing_large.png',
    })),
    exchanges: [],
    icos: [],
    categories: [],
    nfts: [],
  };
}

/** Coins matching a search text by id, name or symbol (case-insensitive), best first: exact symbol or name, then rank. */
export function matchSearch(coins: readonly ShapeCoin[], text: string): ShapeCoin[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const hits = coins.filter(
    (c) => c.id.includes(q) || c.name.toLowerCase().includes(q) || c.symbol.toLowerCase().includes(q),
  );
  const exact = (c: ShapeCoin) => (c.symbol.toLowerCase() === q || c.name.toLowerCase() === q ? 0 : 1);
  return hits.sort(
    (a, b) =>
      exact(a) - exact(b) ||
      (a.marketCapRank ?? Number.MAX_SAFE_INTEGER) - (b.marketCapRank ?? Number.MAX_SAFE_INTEGER),
  );
}

/** The body CoinGecko sends with a 429. */
export const RATE_LIMIT_BODY = {
  status: {
    error_code: 429,
    error_message:
      "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.",
  },
};
