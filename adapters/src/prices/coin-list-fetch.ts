/**
 * Reads CoinGecko's coin list: `/coins/list` (every id with its symbol and name), then the first pages
 * of coins/markets by market cap for the ranks and images of the top coins, which coin search orders by.
 */
import type { CallPriority } from './limiter.ts';
import type { PriceLogger } from './logger.ts';
import type { ListedCoin } from './port.ts';
import type { CoinGeckoUpstream } from './upstream.ts';

/** What a read of the list needs. */
export interface CoinListFetch {
  upstream: CoinGeckoUpstream;
  timeoutMs: number;
  logger: PriceLogger;
  /** coins/markets pages of 250 to read after the list (0: none). */
  rankedPages: number;
  priority: CallPriority;
}

/** Coins on one coins/markets page, its maximum. */
const PER_PAGE = 250;

/**
 * The whole list, ranked where the markets pages say, or null when `/coins/list` could not be read
 * (logged). A markets page that fails leaves the coins after it unranked.
 */
export async function fetchCoinList(f: CoinListFetch): Promise<ListedCoin[] | null> {
  const outcome = await f.upstream.get('/coins/list', new URLSearchParams(), f.timeoutMs, f.priority);
  const coins = outcome.ok ? readCoinList(outcome.body) : null;
  if (!coins) {
    f.logger.warn({ kind: outcome.ok ? 'bad_body' : outcome.kind }, 'CoinGecko coin list not read');
    return null;
  }
  for (let page = 1; page <= f.rankedPages; page++) {
    const query = new URLSearchParams({
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: String(PER_PAGE),
      page: String(page),
      sparkline: 'false',
    });
    const markets = await f.upstream.get('/coins/markets', query, f.timeoutMs, f.priority);
    if (!markets.ok || !Array.isArray(markets.body)) {
      f.logger.warn({ page }, 'CoinGecko market ranks not read; later coins stay unranked');
      break;
    }
    for (const row of markets.body as unknown[]) applyRank(coins, row);
    if (markets.body.length < PER_PAGE) break;
  }
  return [...coins.values()];
}

/** The coins of a /coins/list answer (`[{id, symbol, name}, ...]`) by id, or null when it is not one. */
export function readCoinList(body: unknown): Map<string, ListedCoin> | null {
  if (!Array.isArray(body)) return null;
  const coins = new Map<string, ListedCoin>();
  for (const entry of body) {
    if (!entry || typeof entry !== 'object') continue;
    const { id, symbol, name } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || !id.trim()) continue;
    const key = id.trim().toLowerCase();
    coins.set(key, {
      id: key,
      symbol: typeof symbol === 'string' ? symbol : '',
      name: typeof name === 'string' && name ? name : key,
      marketCapRank: null,
      image: null,
    });
  }
  return coins.size > 0 ? coins : null;
}

function applyRank(coins: Map<string, ListedCoin>, row: unknown): void {
  if (!row || typeof row !== 'object') return;
  const { id, market_cap_rank: rank, image } = row as Record<string, unknown>;
  const coin = typeof id === 'string' ? coins.get(id.toLowerCase()) : undefined;
  if (!coin) return;
  if (typeof rank === 'number' && Number.isInteger(rank) && rank > 0) coin.marketCapRank = rank;
  if (typeof image === 'string' && /^https:\/\//.test(image)) coin.image = image;
}
