/**
 * The simulated price source (PRICE_SOURCE=simulated): an explicit demo feed, never mistaken for live data.
 * Prices follow a seeded random walk from the built-in prices (deterministic for a seed and a clock);
 * its state is always 'simulated' so the UI labels it 'Simulated prices'.
 */
import {
  CONTRACT_ADDRESSES,
  utcDay,
  type CoinSearchResult,
  type DisplayCurrency,
  type FxRates,
  type MarketCoin,
  type PriceMap,
} from '@coinpace/domain';
import { MAX_RATE_DAYS } from './coingecko-daily-rates.ts';
import { type CoinGeckoData, respondCoinGecko } from './coingecko-responder.ts';
import { matchSearch, shapeRate, type ShapeCoin } from './coingecko-shapes.ts';
import { MAX_SEARCH_RESULTS, MIN_SEARCH_QUERY } from './coingecko-search.ts';
import { contractAddressFor, isChainId, normalizeAddresses, normalizeIds } from './normalize.ts';
import type {
  DailyRatesResult,
  GetDailyRatesOptions,
  GetMarketHistoryOptions,
  GetPricesOptions,
  ListedCoin,
  MarketHistoryResult,
  MarketsResult,
  PriceOrigin,
  PriceResult,
  PriceSource,
  ProxyResponse,
  SearchAnswer,
  SourceState,
} from './port.ts';
import { matchProxyRoute } from './proxy-routes.ts';
import { RandomWalk, type WalkPoint } from './random-walk.ts';
import { simulatedHistory } from './simulated-history.ts';
import { SIMULATED_COINS, simulatedCoin, type SimulatedCoin } from './simulated-coins.ts';

/** Options of the simulated source. */
export interface SimulatedOptions {
  /** Seed of the walk; the same seed and clock give the same prices. Default 1. */
  seed?: number;
  /** The clock, epoch ms. Default Date.now. */
  now?: () => number;
}

/** What the UI shows next to simulated prices. */
export const SIMULATED_LABEL = 'Simulated prices';

/** Builds the simulated price source. */
export function createSimulatedPriceSource(options: SimulatedOptions = {}): PriceSource {
  return new SimulatedPriceSource(options.seed ?? 1, options.now ?? Date.now);
}

const SUPPORTED_CHAINS = new Set([
  'ethereum',
  'binance-smart-chain',
  'arbitrum-one',
  'polygon-pos',
  'avalanche',
]);

const DAY_MS = 86_400_000;

class SimulatedPriceSource implements PriceSource {
  private readonly walk: RandomWalk;

  constructor(
    private readonly seed: number,
    private readonly now: () => number,
  ) {
    this.walk = new RandomWalk(seed);
  }

  state(): SourceState {
    return { status: 'simulated', lastSuccessAt: this.now(), message: SIMULATED_LABEL };
  }

  async getPrices(ids: readonly string[], options: GetPricesOptions = {}): Promise<PriceResult> {
    const prices: PriceMap = {};
    const origin: Record<string, PriceOrigin> = {};
    const now = this.now();
    for (const id of normalizeIds(ids)) {
      const point = this.advance(simulatedCoin(id), now);
      prices[id] = { usd: point.usd, usd_24h_change: point.changePct, last_updated: seconds(point.at) };
      origin[id] = 'simulated';
    }
    const others = (options.currencies ?? []).filter((c) => c !== 'usd');
    if (others.length === 0) return { prices, origin, state: this.state() };
    return { prices, origin, state: this.state(), rates: this.rates(others, now) };
  }

  /** The demo feed's rates: fixed fiat rates, bitcoin and ether at their own walking prices. */
  private rates(currencies: readonly DisplayCurrency[], now: number): FxRates {
    const rates: Partial<Record<DisplayCurrency, number>> = {};
    for (const currency of currencies) {
      const rate = shapeRate(currency, (coin) => this.advance(simulatedCoin(coin), now).usd);
      if (rate !== undefined) rates[currency] = rate;
    }
    return rates;
  }

  /**
   * The demo feed's past rates, offline: each of the last `days` days and today at today's demo rates
   * (the walk has no past to read).
   */
  async getDailyRates(
    currencies: readonly DisplayCurrency[],
    options: GetDailyRatesOptions,
  ): Promise<DailyRatesResult> {
    const now = this.now();
    const others = [...new Set(currencies)].filter((c) => c !== 'usd');
    const today = this.rates(others, now);
    const days = Math.min(Math.max(Math.round(options.days), 1), MAX_RATE_DAYS);
    const rates: DailyRatesResult['rates'] = {};
    for (const currency of others) {
      const rate = today[currency];
      if (rate === undefined) continue;
      rates[currency] = Array.from({ length: days + 1 }, (_, i) => ({
        day: utcDay(now - (days - i) * DAY_MS),
        rate,
      }));
    }
    return { rates, state: this.state() };
  }

  /** The demo feed's older rates, offline: today's demo rate on each UTC day of the span. */
  async getPastFiatPrices(
    currency: DisplayCurrency,
    span: { from: number; to: number },
  ): Promise<MarketHistoryResult> {
    const rate = this.rates([currency], this.now())[currency];
    const points = [];
    for (let t = Math.ceil(span.from / DAY_MS) * DAY_MS; t < span.to && rate; t += DAY_MS)
      points.push({ at: t, price: 1 / rate });
    return { ok: true, points, answered: span, source: 'simulated' };
  }

  /** The demo feed's past, generated offline and ending at the coin's current demo price. */
  async getMarketHistory(id: string, options: GetMarketHistoryOptions): Promise<MarketHistoryResult> {
    const now = this.now();
    const [key] = normalizeIds([id]);
    const to = Math.min(options.to, now);
    if (!key || !(to > options.from))
      return {
        ok: true,
        points: [],
        answered: { from: options.from, to: options.from },
        source: 'simulated',
      };
    const coin = simulatedCoin(key);
    const points = simulatedHistory({
      seed: this.seed,
      coin: key,
      dailyVol: coin.dailyVol,
      currentUsd: this.peek(coin, now).usd,
      now,
      from: options.from,
      to,
      granularity: options.granularity,
    });
    return { ok: true, points, answered: { from: options.from, to }, source: 'simulated' };
  }

  /** The demo feed prices any id (a made-up coin walks from a made-up price) and asks no one. */
  async knownIds(ids: readonly string[]): Promise<string[]> {
    return normalizeIds(ids);
  }

  async getMarkets(ids: readonly string[]): Promise<MarketsResult> {
    const now = this.now();
    const coins = normalizeIds(ids)
      .map((id) => this.shape(simulatedCoin(id), this.advance(simulatedCoin(id), now)))
      .sort((a, b) => b.marketCap - a.marketCap)
      .map(toMarketCoin);
    return { coins, state: this.state() };
  }

  async getTokenPrices(chain: string, addresses: readonly string[]): Promise<PriceResult> {
    const prices: PriceMap = {};
    const origin: Record<string, PriceOrigin> = {};
    if (!isChainId(chain)) return { prices, origin, state: this.state() };
    const now = this.now();
    for (const address of normalizeAddresses(addresses)) {
      const point = this.advance(this.tokenCoin(chain, address), now);
      prices[address] = { usd: point.usd, usd_24h_change: point.changePct, last_updated: seconds(point.at) };
      origin[address] = 'simulated';
    }
    return { prices, origin, state: this.state() };
  }

  /** The demo feed has no upstream list to read: its catalogue is built in. */
  async listCoins(): Promise<ListedCoin[] | null> {
    return null;
  }

  async search(query: string): Promise<SearchAnswer> {
    const text = query.trim();
    if (text.length < MIN_SEARCH_QUERY) return { coins: [], state: this.state() };
    const now = this.now();
    const shapes = SIMULATED_COINS.map((coin) => this.shape(coin, this.peek(coin, now)));
    const coins = matchSearch(shapes, text)
      .slice(0, MAX_SEARCH_RESULTS)
      .map<CoinSearchResult>((coin) => ({
        id: coin.id,
        name: coin.name,
        symbol: coin.symbol,
        image: coin.image,
        current_price: coin.usd,
        price_change_percentage_24h: coin.changePct,
        contract_address: contractAddressFor(coin.id),
      }));
    return { coins, state: this.state() };
  }

  async proxy(path: string, query: URLSearchParams): Promise<ProxyResponse> {
    const match = matchProxyRoute(path, query);
    if (!match.ok) return { status: match.status, body: { error: match.error } };
    const now = this.now();
    const data: CoinGeckoData = {
      coin: (id) => this.shape(simulatedCoin(id), this.peek(simulatedCoin(id), now)),
      coins: () => SIMULATED_COINS.map((coin) => this.shape(coin, this.peek(coin, now))),
      token: (chain, address) => {
        const coin = this.tokenCoin(chain, address);
        return this.shape(coin, this.peek(coin, now));
      },
      knowsChain: (chain) => SUPPORTED_CHAINS.has(chain),
    };
    return respondCoinGecko(match.route.kind, match.route.chain, match.route.query, data);
  }

  private advance(coin: SimulatedCoin, now: number): WalkPoint {
    return this.walk.advance(coin.id, now, coin.baseUsd, coin.dailyVol);
  }

  private peek(coin: SimulatedCoin, now: number): WalkPoint {
    return this.walk.peek(coin.id, now, coin.baseUsd, coin.dailyVol);
  }

  /** A token is priced as its coin when the contract table knows it, else as a made-up coin of its own. */
  private tokenCoin(chain: string, address: string): SimulatedCoin {
    const known = CONTRACT_ADDRESSES[address];
    if (known && known.chain === chain) return simulatedCoin(known.coingeckoId);
    return simulatedCoin(`token:${chain}:${address}`);
  }

  private shape(coin: SimulatedCoin, point: WalkPoint): ShapeCoin {
    const rank = SIMULATED_COINS.indexOf(coin);
    return {
      id: coin.id,
      symbol: coin.symbol,
      name: coin.name,
      image: null,
      usd: point.usd,
      changePct: point.changePct,
      updatedAt: seconds(point.at),
      // A made-up market cap that keeps the catalogue in its listed order.
      marketCap: rank >= 0 ? 10 ** 12 / (rank + 1) : 1_000_000,
      marketCapRank: rank >= 0 ? rank + 1 : null,
    };
  }
}

function toMarketCoin(coin: ShapeCoin): MarketCoin {
  return {
    id: coin.id,
    symbol: coin.symbol.toUpperCase(),
    name: coin.name,
    image: coin.image,
    current_price: coin.usd,
    price_change_24h: coin.changePct === null ? null : coin.usd - coin.usd / (1 + coin.changePct / 100),
    price_change_percentage_24h: coin.changePct,
    last_updated: coin.updatedAt,
  };
}

function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}
