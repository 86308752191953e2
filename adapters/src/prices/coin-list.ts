/**
 * The ids CoinGecko knows (its `/coins/list`), so that only real coins are fetched, polled or tracked
 * (issue 13, finding 2): an id not on the list is answered from the list itself, with no upstream call.
 * The list is loaded on first use and refreshed daily. An id missing from it may be a coin listed since,
 * so a miss reloads the list, at most once per `missRefreshMs`. Until a list has loaded (CoinGecko not
 * reachable yet, or offline under `npm start`), the coins built into Coinpace count as known.
 */
import { CONTRACT_ADDRESSES, SYMBOL_TO_COINGECKO_ID, TICKER_COIN_IDS } from '@coinpace/domain';
import type { PriceLogger } from './logger.ts';
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
  /** Age at which the list is loaded again. */
  refreshMs: number;
  /** Least time between two loads caused by an unknown id (and between retries after a failed load). */
  missRefreshMs: number;
}

export class CoinList {
  private ids: ReadonlySet<string> | null = null;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private triedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;

  constructor(private readonly s: CoinListSettings) {}

  /** The ids among `ids` (normalised) that CoinGecko knows. */
  async known(ids: readonly string[]): Promise<Set<string>> {
    const now = this.s.now();
    const due = this.ids === null || now - this.loadedAt >= this.s.refreshMs;
    if (due && now - this.triedAt >= this.s.missRefreshMs) await this.load();
    let found = this.pick(ids);
    if (found.size < ids.length && this.s.now() - this.triedAt >= this.s.missRefreshMs) {
      await this.load();
      found = this.pick(ids);
    }
    return found;
  }

  private pick(ids: readonly string[]): Set<string> {
    const list = this.ids ?? BUILT_IN_COIN_IDS;
    return new Set(ids.filter((id) => list.has(id) || BUILT_IN_COIN_IDS.has(id)));
  }

  /** Loads the list once for every caller waiting at the time. */
  private load(): Promise<void> {
    this.loading ??= this.fetchList().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async fetchList(): Promise<void> {
    this.triedAt = this.s.now();
    // High priority: every price call waits on the list, so it must not queue behind them.
    const outcome = await this.s.upstream.get('/coins/list', new URLSearchParams(), this.s.timeoutMs, 'high');
    const ids = outcome.ok ? readCoinIds(outcome.body) : null;
    if (!ids) {
      this.s.logger.warn(
        { kind: outcome.ok ? 'bad_body' : outcome.kind },
        this.ids
          ? 'CoinGecko coin list not refreshed; keeping the last one'
          : 'CoinGecko coin list not loaded; only built-in coins are known',
      );
      return;
    }
    this.ids = ids;
    this.loadedAt = this.s.now();
  }
}

/** The ids of a /coins/list answer (`[{id, symbol, name}, ...]`), or null when it is not one. */
function readCoinIds(body: unknown): Set<string> | null {
  if (!Array.isArray(body)) return null;
  const ids = new Set<string>();
  for (const entry of body) {
    const id = (entry as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && id) ids.add(id.toLowerCase());
  }
  return ids.size > 0 ? ids : null;
}
