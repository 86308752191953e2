/**
 * The upstream routes the /api/coingecko proxy may forward, and the query parameters each may carry
 * (SPEC.md section 7). Anything not listed is dropped, so a caller cannot reach other routes or smuggle
 * parameters (such as an API key) upstream.
 */
import { isChainId } from './normalize.ts';

/** A route the proxy forwards, with its upstream path and the query keys passed through. */
export interface ProxyRoute {
  /** Upstream path below the base URL, e.g. '/simple/token_price/ethereum'. */
  path: string;
  kind: 'simple_price' | 'markets' | 'token_price' | 'search';
  /** Set for token_price: the chain segment. */
  chain?: string;
  query: URLSearchParams;
}

const ALLOWED_KEYS: Record<ProxyRoute['kind'], readonly string[]> = {
  simple_price: [
    'ids',
    'vs_currencies',
    'include_24hr_change',
    'include_last_updated_at',
    'include_market_cap',
    'include_24hr_vol',
    'precision',
  ],
  markets: [
    'vs_currency',
    'ids',
    'order',
    'per_page',
    'page',
    'sparkline',
    'price_change_percentage',
    'category',
    'precision',
  ],
  token_price: [
    'contract_addresses',
    'vs_currencies',
    'include_24hr_change',
    'include_last_updated_at',
    'include_market_cap',
    'include_24hr_vol',
    'precision',
  ],
  search: ['query'],
};

/** Longest query value forwarded (about 90 contract addresses or a few hundred ids); longer is refused. */
const MAX_VALUE_LENGTH = 4000;

/** The outcome of matching a proxy request: a route to forward, or the status to refuse it with. */
export type ProxyMatch = { ok: true; route: ProxyRoute } | { ok: false; status: 400 | 404; error: string };

/** Matches a path (with or without a leading slash) and filters its query to the allowed keys. */
export function matchProxyRoute(path: string, query: URLSearchParams): ProxyMatch {
  const clean = '/' + path.replace(/^\/+/, '').replace(/\/+$/, '');
  let kind: ProxyRoute['kind'];
  let chain: string | undefined;
  if (clean === '/simple/price') kind = 'simple_price';
  else if (clean === '/coins/markets') kind = 'markets';
  else if (clean === '/search') kind = 'search';
  else if (clean.startsWith('/simple/token_price/')) {
    kind = 'token_price';
    chain = clean.slice('/simple/token_price/'.length);
    if (!isChainId(chain))
      return { ok: false, status: 400, error: 'Unknown chain: use an id such as ethereum' };
  } else {
    return { ok: false, status: 404, error: 'This CoinGecko route is not available through the proxy' };
  }
  const filtered = new URLSearchParams();
  for (const key of ALLOWED_KEYS[kind]) {
    const value = query.get(key);
    if (value === null) continue;
    if (value.length > MAX_VALUE_LENGTH) {
      return {
        ok: false,
        status: 400,
        error: `Query parameter ${key} is too long (at most ${MAX_VALUE_LENGTH} characters)`,
      };
    }
    filtered.set(key, value);
  }
  return { ok: true, route: { path: clean, kind, chain, query: filtered } };
}
