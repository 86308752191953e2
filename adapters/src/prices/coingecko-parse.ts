/**
 * Readers of CoinGecko's response shapes. They never throw: anything malformed is skipped or becomes NaN,
 * which the sanity rules then reject.
 */
import type { MarketCoin } from '@coinpace/domain';

/** A price as read from simple/price or simple/token_price, before the sanity rules. */
export interface RawQuote {
  usd: number;
  usd_24h_change: number | null;
  /** Unix seconds. */
  last_updated: number;
}

/** One coin from /search. */
export interface SearchHit {
  id: string;
  name: string;
  symbol: string;
  image: string | null;
  /** CoinGecko's market-cap rank, or null when it gives none. */
  marketCapRank: number | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Reads `{id: {usd, usd_24h_change?, last_updated_at?}}` (simple/price; simple/token_price has the same
 * shape keyed by contract address). Keys are lower-cased. A missing last_updated_at becomes `nowSeconds`.
 */
export function readSimplePrice(body: unknown, nowSeconds: number): Record<string, RawQuote> {
  const out: Record<string, RawQuote> = {};
  if (!isRecord(body)) return out;
  for (const [key, entry] of Object.entries(body)) {
    if (!isRecord(entry)) continue;
    out[key.toLowerCase()] = {
      usd: finiteOrNull(entry.usd) ?? Number.NaN,
      usd_24h_change: finiteOrNull(entry.usd_24h_change),
      last_updated: finiteOrNull(entry.last_updated_at) ?? nowSeconds,
    };
  }
  return out;
}

/**
 * Adds to `samples` each entry's price in every one of `currencies` over its US-dollar price: one reading
 * per coin of what a dollar buys in that currency.
 */
export function readRateSamples(
  body: unknown,
  currencies: readonly string[],
  samples: Map<string, number[]>,
): void {
  if (!isRecord(body)) return;
  for (const entry of Object.values(body)) {
    if (!isRecord(entry)) continue;
    const usd = finiteOrNull(entry.usd);
    if (usd === null || usd <= 0) continue;
    for (const currency of currencies) {
      const price = finiteOrNull(entry[currency]);
      if (price === null || price <= 0) continue;
      let list = samples.get(currency);
      if (!list) samples.set(currency, (list = []));
      list.push(price / usd);
    }
  }
}

/** The median reading of each currency (a coin quoted stale in one currency cannot move the rate). */
export function ratesFromSamples(samples: Map<string, number[]>): Record<string, number> | undefined {
  if (samples.size === 0) return undefined;
  const rates: Record<string, number> = {};
  for (const [currency, list] of samples) {
    const sorted = [...list].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    rates[currency] = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }
  return rates;
}

/**
 * Reads the `prices` of a coins/{id}/market_chart answer (`{prices: [[ms, price], ...], ...}`) into each
 * UTC day's price; of two points on one day (the daily point and the latest), the later one is kept.
 */
export function readMarketChart(body: unknown): Map<string, number> {
  const byDay = new Map<string, { at: number; price: number }>();
  if (!isRecord(body) || !Array.isArray(body.prices)) return new Map();
  for (const point of body.prices) {
    if (!Array.isArray(point)) continue;
    const at = finiteOrNull(point[0]);
    const price = finiteOrNull(point[1]);
    if (at === null || price === null || price <= 0) continue;
    const day = new Date(at).toISOString().slice(0, 10);
    const seen = byDay.get(day);
    if (!seen || seen.at <= at) byDay.set(day, { at, price });
  }
  return new Map([...byDay].map(([day, { price }]) => [day, price]));
}

/** Each day priced in both histories: its price in the currency over its price in dollars, oldest first. */
export function dailyRatesFrom(
  usd: ReadonlyMap<string, number>,
  other: ReadonlyMap<string, number>,
): { day: string; rate: number }[] {
  const days = [...other.keys()].filter((day) => usd.has(day)).sort();
  return days.map((day) => ({ day, rate: other.get(day)! / usd.get(day)! }));
}

/** Reads coins/markets rows (an array). The symbol is upper-cased; last_updated (ISO) becomes unix seconds. */
export function readMarkets(body: unknown, nowSeconds: number): MarketCoin[] {
  if (!Array.isArray(body)) return [];
  const rows: MarketCoin[] = [];
  for (const item of body) {
    if (!isRecord(item)) continue;
    const id = text(item.id);
    if (!id) continue;
    const updated = typeof item.last_updated === 'string' ? Date.parse(item.last_updated) : Number.NaN;
    rows.push({
      id,
      symbol: (text(item.symbol) ?? id).toUpperCase(),
      name: text(item.name) ?? id,
      image: text(item.image),
      current_price: finiteOrNull(item.current_price) ?? Number.NaN,
      price_change_24h: finiteOrNull(item.price_change_24h),
      price_change_percentage_24h:
        finiteOrNull(item.price_change_percentage_24h) ??
        finiteOrNull(item.price_change_percentage_24h_in_currency),
      last_updated: Number.isFinite(updated) ? Math.floor(updated / 1000) : nowSeconds,
    });
  }
  return rows;
}

/** Reads the coins of a /search answer (`{coins: [{id, name, symbol, large, thumb, ...}], ...}`), in order. */
export function readSearch(body: unknown): SearchHit[] {
  if (!isRecord(body) || !Array.isArray(body.coins)) return [];
  const hits: SearchHit[] = [];
  for (const item of body.coins) {
    if (!isRecord(item)) continue;
    const id = text(item.id);
    if (!id) continue;
    hits.push({
      id,
      name: text(item.name) ?? id,
      symbol: (text(item.symbol) ?? id).toUpperCase(),
      image: text(item.large) ?? text(item.thumb),
      marketCapRank:
        typeof item.market_cap_rank === 'number' && Number.isInteger(item.market_cap_rank)
          ? item.market_cap_rank
          : null,
    });
  }
  return hits;
}
