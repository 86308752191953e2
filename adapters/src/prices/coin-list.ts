/**
 * The coins CoinGecko knows (its `/coins/list`), so that only real coins are fetched, polled or tracked
 * and coin search needs no upstream call: an id not on the list is answered from the list itself. A
 * made-up id never causes an upstream call, not even a reload of the list: a coin listed since the last
 * read becomes known with the next scheduled one.
 *
 * With a PriceStore (every process of the app), the list is the one the poller role stores a few times a
 * day; it is read from the store on first use and again when the stored one is newer (checked every
 * `recheckMs`). Without one (tests, a process of its own), the list is read upstream on first use and
 * every `refreshMs`, a failed read retried at most once per `retryMs`. Until a list is there (none stored
 * yet, CoinGecko not reachable, offline under `npm start`), the coins built into Coinpace count as known.
 */
import { CONTRACT_ADDRESSES, SYMBOL_TO_COINGECKO_ID, TICKER_COIN_IDS } from '@coinpace/domain';
import { fetchCoinList } from './coin-list-fetch.ts';
import { CoinIndex } from './coin-index.ts';
import type { PriceLogger } from './logger.ts';
import type { ListedCoin, PriceStore } from './port.ts';
import { SIMULATED_COINS } from './simulated-coins.ts';
import type { CoinGeckoUpstream } from './upstream.ts';

/** Coins Coinpace knows without asking: the ticker, the symbol and contract tables, the demo catalogue. */
export const BUILT_IN_COIN_IDS: ReadonlySet<string> = new Set([
  ...TICKER_COIN_IDS,
  ...Object.values(SYMBOL_TO_COINGECKO_ID),
  ...Object.values(CONTRACT_ADDRESSES).map((entry) => entry.coingeckoId),
  ...SIMULATED_COINS.map((coin) => coin.id),
]);

export interface CoinListSettings {
  upstream: CoinGeckoUpstream;
  now: () => number;
  timeoutMs: number;
  logger: PriceLogger;
  /** Where the poller role keeps the list; absent: the list is read upstream by this instance. */
  store?: PriceStore;
  /** Without a store: age at which the list is read again. */
  refreshMs: number;
  /** Without a store: least time between two tries after a failed read. */
  retryMs: number;
  /** With a store: least time between two checks for a newer stored list. */
  recheckMs: number;
}

export class CoinList {
  private index: CoinIndex | null = null;
  /** Store: the refresh time of the list held; no store: when it was read. */
  private loadedAt: number | null = null;
  private triedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;

  constructor(private readonly s: CoinListSettings) {}

  /** The ids among `ids` (normalised) that CoinGecko knows. */
  async known(ids: readonly string[]): Promise<Set<string>> {
    const index = await this.current();
    return new Set(ids.filter((id) => index?.has(id) || BUILT_IN_COIN_IDS.has(id)));
  }

  /** The list as known now (read first when due), or null while none could be had. */
  async current(): Promise<CoinIndex | null> {
    if (this.isDue()) await this.load();
    return this.index;
  }

  /** Uses `coins`, just read upstream (listCoins), from now on. */
  adopt(coins: readonly ListedCoin[]): void {
    this.index = new CoinIndex(coins);
    // With a store, the next check reads the stored copy once the poller has saved it.
    if (!this.s.store) this.loadedAt = this.s.now();
  }

  private isDue(): boolean {
    const now = this.s.now();
    const waited = this.s.store ? this.s.recheckMs : this.s.retryMs;
    if (now - this.triedAt < waited) return false;
    if (this.s.store) return true;
    return this.loadedAt === null || now - this.loadedAt >= this.s.refreshMs;
  }

  /** Loads once for every caller waiting at the time. */
  private load(): Promise<void> {
    this.loading ??= (this.s.store ? this.readStore(this.s.store) : this.readUpstream()).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async readStore(store: PriceStore): Promise<void> {
    this.triedAt = this.s.now();
    try {
      const refreshedAt = await store.coinListRefreshedAt();
      if (refreshedAt === null || refreshedAt === this.loadedAt) return;
      const coins = await store.readCoinList();
      if (coins.length === 0) return;
      this.index = new CoinIndex(coins);
      this.loadedAt = refreshedAt;
    } catch (err) {
      this.s.logger.warn(
        { err: (err as Error).message },
        this.index ? 'stored coin list not re-read; keeping the last one' : 'stored coin list not read',
      );
    }
  }

  private async readUpstream(): Promise<void> {
    this.triedAt = this.s.now();
    // High priority: every price call waits on the list, so it must not queue behind them. Bounded by
    // refreshMs and retryMs, never by what callers ask for.
    const coins = await fetchCoinList({
      upstream: this.s.upstream,
      timeoutMs: this.s.timeoutMs,
      logger: this.s.logger,
      rankedPages: 0,
      priority: 'high',
    });
    if (!coins) {
      if (!this.index) this.s.logger.warn({}, 'only built-in coins are known until the coin list is read');
      return;
    }
    this.adopt(coins);
  }
}
