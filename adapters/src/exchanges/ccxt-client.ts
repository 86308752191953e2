/**
 * The exchange port over ccxt: every exchange ccxt supports, read through the user's read-only key.
 *
 * ccxt takes most of a second to import, so it is loaded on the first call that needs it, once per
 * process; `list()` never loads it (ccxt-catalogue.ts). Every request goes through `throttle`, which the
 * caller shares between all clients of one exchange (request-limiter.ts), instead of ccxt's own
 * per-instance throttle. What ccxt throws is mapped to an ExchangeError (ccxt-errors.ts).
 */
import type ccxtModule from 'ccxt';
import type { Exchange, Trade, Transaction } from 'ccxt';
import { ccxtExchangeList } from './ccxt-catalogue.ts';
import { toExchangeError, type CcxtErrorClasses } from './ccxt-errors.ts';
import { keyPermissions } from './ccxt-permissions.ts';
import {
  ExchangeError,
  type ExchangeBalance,
  type ExchangeClient,
  type ExchangeConnector,
  type ExchangeCredentials,
  type ExchangeFee,
  type ExchangeInfo,
  type ExchangeMovement,
  type ExchangeTransfer,
  type KeyPermissions,
  type MovementPage,
  type SyncCursor,
} from './port.ts';
import { createStreams, type MovementStream, type StreamHost } from './ccxt-streams.ts';

type CcxtModule = typeof ccxtModule;

let loading: Promise<CcxtModule> | undefined;

/** ccxt, imported on first use and kept for the life of the process. */
export function loadCcxt(): Promise<CcxtModule> {
  loading ??= import('ccxt').then((module) => module.default);
  return loading;
}

export interface CcxtConnectorOptions {
  /** Exchange id → origin of a local peer (`http://127.0.0.1:1234`) every API URL is pointed at: tests. */
  urls?: Record<string, string>;
  /**
   * Awaited before each request with ccxt's cost of the endpoint (1 for most); shared by every client of
   * one exchange so together they keep within its limit. Without it, each client keeps ccxt's own pace.
   */
  throttle?: (exchange: string, cost: number) => Promise<void>;
  /** Time allowed per request, milliseconds (default 10 s). */
  timeoutMs?: number;
  /** Most entries asked for per request (default: what each exchange allows); tests page with less. */
  pageSize?: number;
  /**
   * Where a first sync starts reading histories that are only listed by time window (Binance's, KuCoin's
   * and Bybit's deposits and withdrawals; KuCoin's, OKX's and Bybit's trades), epoch ms. Default: the
   * oldest the exchange serves (Binance's opening; KuCoin's trades a year back and transfers from
   * February 2019, OKX's trades 3 months, Bybit's trades two years and transfers from March 2018).
   */
  historyFrom?: number;
}

export function createCcxtConnector(options: CcxtConnectorOptions = {}): ExchangeConnector {
  let list: ExchangeInfo[] | undefined;
  const known = () => (list ??= ccxtExchangeList());
  return {
    list: () => known().map((info) => ({ ...info })),
    connect(exchange, credentials) {
      const info = known().find((entry) => entry.id === exchange);
      if (!info)
        throw new ExchangeError('unsupported', `Coinpace cannot connect to the exchange '${exchange}'.`);
      return new CcxtClient(info, credentials, options);
    },
  };
}

/** Rewrites every API URL of `ex` (nested per API) to `origin`, keeping each URL's path. */
function pointAt(urls: unknown, origin: string): unknown {
  if (typeof urls === 'string') return urls.replace(/^https?:\/\/[^/]+/, origin);
  if (urls && typeof urls === 'object') {
    return Object.fromEntries(Object.entries(urls).map(([key, value]) => [key, pointAt(value, origin)]));
  }
  return urls;
}

/** Options per exchange: read only what sync needs (Binance's spot markets in one call). */
const EXCHANGE_OPTIONS: Record<string, Record<string, unknown>> = {
  binance: { fetchCurrencies: false, fetchMargins: false, fetchMarkets: { types: ['spot'] } },
  bybit: { fetchMarkets: { types: ['spot'] } },
  okx: { fetchMarkets: { types: ['spot'] } },
  kucoin: { fetchMarkets: { types: ['spot'] } },
  // Advanced Trade's accounts, not the older v2 wallet API.
  coinbase: { fetchMarkets: { types: ['spot'] }, fetchBalance: 'v3PrivateGetBrokerageAccounts' },
};

/**
 * Exchanges whose currency list (a signed request on some) adds nothing sync needs: their markets name
 * every currency a balance or trade can be in.
 */
const SKIP_CURRENCIES = new Set(['coinbase', 'kucoin', 'okx', 'bybit']);

type RawCall = (params?: Record<string, unknown>) => Promise<unknown>;

class CcxtClient implements ExchangeClient, StreamHost {
  readonly exchange: string;
  private instance: Promise<Exchange> | undefined;
  private classes: CcxtErrorClasses | undefined;
  private authenticated = false;
  private streams: Promise<MovementStream[]> | undefined;
  private closed = false;

  constructor(
    private readonly info: ExchangeInfo,
    private readonly credentials: ExchangeCredentials,
    private readonly options: CcxtConnectorOptions,
  ) {
    this.exchange = info.id;
  }

  get pageSize(): number | undefined {
    return this.options.pageSize;
  }

  get historyFrom(): number | undefined {
    return this.options.historyFrom;
  }

  private ex(): Promise<Exchange> {
    this.instance ??= this.create();
    return this.instance;
  }

  private async create(): Promise<Exchange> {
    const ccxt = await loadCcxt();
    this.classes = ccxt as unknown as CcxtErrorClasses;
    const registry = ccxt as unknown as Record<string, new (config: object) => Exchange>;
    const Exchange = registry[this.exchange];
    if (!Exchange) throw new ExchangeError('unsupported', `Coinpace cannot connect to ${this.info.name}.`);
    const ex = new Exchange({
      apiKey: this.credentials.apiKey,
      secret: this.credentials.secret,
      ...(this.credentials.password === undefined ? {} : { password: this.credentials.password }),
      enableRateLimit: true,
      timeout: this.options.timeoutMs ?? 10_000,
      options: EXCHANGE_OPTIONS[this.exchange] ?? {},
    });
    ex.enableLastResponseHeaders = true;
    if (SKIP_CURRENCIES.has(this.exchange)) ex.has['fetchCurrencies'] = false;
    const origin = this.options.urls?.[this.exchange];
    if (origin) {
      const urls = ex.urls as { api: unknown };
      urls.api = pointAt(urls.api, origin);
    }
    const throttle = this.options.throttle;
    if (throttle) {
      const exchange = this.exchange;
      (ex as unknown as { throttle: (cost?: number) => Promise<void> }).throttle = (cost) =>
        throttle(exchange, cost ?? 1);
    }
    return ex;
  }

  /**
   * Runs `work` on the exchange object, mapping what it throws. `authenticates`: a success proves the
   * key, so a later refusal means it was revoked.
   */
  async run<T>(work: (ex: Exchange) => Promise<T>, authenticates = true): Promise<T> {
    if (this.closed) throw new Error('this exchange client is closed');
    if (this.info.needsPassword && !this.credentials.password) {
      throw new ExchangeError(
        'bad-key',
        `${this.info.name} keys come with a passphrase: enter it beside the key.`,
      );
    }
    let ex: Exchange | undefined;
    try {
      ex = await this.ex();
      ex.last_response_headers = undefined;
      const result = await work(ex);
      if (authenticates) this.authenticated = true;
      return result;
    } catch (err) {
      if (err instanceof ExchangeError || !this.classes) throw err;
      throw toExchangeError(err, this.classes, {
        exchange: this.exchange,
        name: this.info.name,
        retryAfter: ex?.last_response_headers?.['Retry-After'],
        authenticatedBefore: this.authenticated,
      });
    }
  }

  /** Calls one of ccxt's implicit endpoint methods (`sapiGetAccountApiRestrictions`, …) by name. */
  raw(ex: Exchange, method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const call = (ex as unknown as Record<string, RawCall | undefined>)[method];
    if (typeof call !== 'function')
      throw new ExchangeError('unsupported', `${this.info.name} lacks ${method}.`);
    return call.call(ex, params);
  }

  async checkKey(): Promise<KeyPermissions> {
    await this.run((ex) => ex.fetchBalance());
    return this.run((ex) => keyPermissions(this, ex));
  }

  async fetchBalances(): Promise<ExchangeBalance[]> {
    return this.run(async (ex) => {
      const balances = this.balancesOf(ex, await ex.fetchBalance(), 'spot');
      if (this.exchange === 'binance') {
        balances.push(...this.balancesOf(ex, await ex.fetchBalance({ type: 'funding' }), 'funding'));
      }
      return balances;
    });
  }

  private balancesOf(ex: Exchange, balances: object, wallet: ExchangeBalance['wallet']): ExchangeBalance[] {
    const totals = (balances as { total?: Record<string, number | undefined> }).total ?? {};
    const out: ExchangeBalance[] = [];
    for (const [code, total] of Object.entries(totals)) {
      if (total === undefined || total === null || !(total > 0)) continue;
      // Kraken names staked and earning balances with a suffix: 'DOT.S', 'ETH2.S', 'USDC.M', 'XBT.F'.
      const earn = this.exchange === 'kraken' ? /^(.+?)2?\.[SMFBP]$/.exec(code) : null;
      out.push({
        asset: earn ? (earn[1] ?? code) : code,
        total: ex.numberToString(total),
        wallet: earn ? 'earn' : wallet,
      });
    }
    return out;
  }

  async fetchMovements(cursor: SyncCursor | null): Promise<MovementPage> {
    const streams = await this.run(async (ex) => {
      this.streams ??= createStreams(this, ex);
      try {
        return await this.streams;
      } catch (err) {
        this.streams = undefined;
        throw err;
      }
    });
    const next: SyncCursor = { ...(cursor ?? {}) };
    const resumeAt = typeof next[NEXT] === 'string' ? next[NEXT] : '';
    let index = streams.findIndex((stream) => stream.key >= resumeAt);
    if (index < 0) index = streams.length;
    while (index < streams.length) {
      const stream = streams[index];
      if (!stream) break;
      const read = await this.run((ex) => stream.read(ex, next));
      if (!read.more) index += 1;
      const after = streams[index];
      if (after) next[NEXT] = after.key;
      else delete next[NEXT];
      if (read.movements.length > 0) {
        return {
          movements: read.movements,
          cursor: next,
          done: index >= streams.length,
          progress:
            streams.length === 0 ? 1 : (index + (read.more ? (read.progress ?? 0) : 0)) / streams.length,
        };
      }
    }
    delete next[NEXT];
    return { movements: [], cursor: next, done: true, progress: 1 };
  }

  async close(): Promise<void> {
    this.closed = true;
    const ex = await this.instance?.catch(() => undefined);
    await ex?.close();
  }

  /** An ExchangeTrade from ccxt's unified trade. */
  trade(ex: Exchange, trade: Trade, perMarket = false): ExchangeMovement | null {
    if (!trade.id || trade.timestamp === undefined || !trade.symbol) return null;
    if (trade.side !== 'buy' && trade.side !== 'sell') return null;
    const market = ex.markets?.[trade.symbol];
    const [base, quote] = market ? [market.base, market.quote] : trade.symbol.split('/');
    if (!base || !quote || trade.amount === undefined || trade.price === undefined) return null;
    return {
      kind: 'trade',
      // Exchanges that page per market may number trades per market (Binance does): keep the market.
      externalId: perMarket && market ? `trade:${market.id}:${trade.id}` : `trade:${trade.id}`,
      at: new Date(trade.timestamp).toISOString(),
      side: trade.side,
      base,
      quote: quote.split(':')[0] ?? quote,
      amount: ex.numberToString(trade.amount),
      price: ex.numberToString(trade.price),
      fee: fee(ex, trade.fee),
    };
  }

  /** An ExchangeTransfer from ccxt's unified deposit or withdrawal. */
  transfer(ex: Exchange, kind: ExchangeTransfer['kind'], t: Transaction): ExchangeTransfer | null {
    if (!t.id || t.timestamp === undefined || !t.currency || t.amount === undefined) return null;
    return {
      kind,
      externalId: `${kind}:${t.id}`,
      at: new Date(t.timestamp).toISOString(),
      asset: t.currency,
      amount: ex.numberToString(Math.abs(t.amount)),
      fee: fee(ex, t.fee),
    };
  }
}

/** The cursor entry naming the stream the current pass continues at. */
const NEXT = '@next';

function fee(
  ex: Exchange,
  value: { currency?: string | undefined; cost?: number | undefined } | undefined,
): ExchangeFee | null {
  if (!value?.currency || value.cost === undefined || value.cost === null) return null;
  return { asset: value.currency, amount: ex.numberToString(Math.abs(value.cost)) };
}
