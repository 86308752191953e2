/**
 * The passthrough behind the API's /api/coingecko proxy: only the routes and query keys of
 * proxy-routes.ts, through the adapter's limiter, lock, timeouts and API key, and as user-driven calls
 * (the users' share of the quota). What can be answered without CoinGecko is: ids not on the coin list
 * are dropped before the call (none left: CoinGecko's own empty answer), contract addresses and chains
 * it lately did not know are dropped the same way, and /search is answered from the coin list.
 */
import type { HitsAnswer } from './coingecko-search.ts';
import { searchHitsBody } from './coingecko-shapes.ts';
import { normalizeAddresses, normalizeIds } from './normalize.ts';
import { matchProxyRoute, type ProxyRoute } from './proxy-routes.ts';
import type { ProxyResponse } from './port.ts';
import type { TokenMisses } from './token-misses.ts';
import type { CoinGeckoUpstream, UpstreamOutcome } from './upstream.ts';

/** What the proxy takes from its adapter. */
export interface ProxySettings {
  upstream: CoinGeckoUpstream;
  now: () => number;
  timeoutMs: number;
  priceTimeoutMs: number;
  /** The ids among `ids` on the coin list. */
  knownIds: (ids: readonly string[]) => Promise<Set<string>>;
  tokenMisses: TokenMisses;
  /** The hits of a search (coingecko-search.ts findSearchHits). */
  searchHits: (query: string) => Promise<HitsAnswer>;
}

const RATE_LIMITED = 'API rate limit reached. Please wait 2 minutes and try again.';

/**
 * Forwards one request. Upstream 2xx and 4xx answers pass through with their status and body; a 429, a
 * running lock or the users' share spent gives 429 with retryAfterSeconds; a 5xx or bad body gives 502;
 * a timeout 504; a refused route 404; a bad chain or an over-long parameter 400.
 */
export async function proxyThrough(
  path: string,
  query: URLSearchParams,
  settings: ProxySettings,
): Promise<ProxyResponse> {
  const match = matchProxyRoute(path, query);
  if (!match.ok) return { status: match.status, body: { error: match.error } };
  const { route } = match;
  if (route.kind === 'search') return proxySearch(route.query.get('query') ?? '', settings);
  const local = await answerLocally(route, settings);
  if (local) return local;
  const timeout = route.kind === 'simple_price' ? settings.priceTimeoutMs : settings.timeoutMs;
  const outcome = await settings.upstream.get(route.path, route.query, timeout);
  if (route.kind === 'token_price') recordTokens(route, outcome, settings.tokenMisses);
  return respond(outcome, settings.now);
}

/**
 * Narrows the route's ids or contract addresses to those worth asking for (in place), or answers it
 * when none is left, as CoinGecko would: `{}` for prices, `[]` for markets, 404 for an unknown chain.
 */
async function answerLocally(route: ProxyRoute, settings: ProxySettings): Promise<ProxyResponse | undefined> {
  if (route.kind === 'simple_price' || route.kind === 'markets') {
    const asked = route.query.get('ids');
    if (asked === null) return undefined;
    const ids = normalizeIds(asked.split(','));
    const known = await settings.knownIds(ids);
    const kept = ids.filter((id) => known.has(id));
    if (kept.length === 0 && ids.length > 0) {
      return { status: 200, body: route.kind === 'markets' ? [] : {} };
    }
    route.query.set('ids', kept.join(','));
    return undefined;
  }
  if (route.kind === 'token_price') {
    const chain = route.chain!;
    const misses = settings.tokenMisses;
    if (misses.isUnknownChain(chain)) return { status: 404, body: { error: 'asset platform not found' } };
    const asked = route.query.get('contract_addresses');
    if (asked === null) return undefined;
    const addresses = normalizeAddresses(asked.split(','));
    const kept = addresses.filter((address) => !misses.isMissing(chain, address));
    if (kept.length === 0) return { status: 200, body: {} };
    route.query.set('contract_addresses', kept.join(','));
  }
  return undefined;
}

function recordTokens(route: ProxyRoute, outcome: UpstreamOutcome, misses: TokenMisses): void {
  const chain = route.chain!;
  if (!outcome.ok) {
    if (outcome.kind === 'client_error' && outcome.status === 404) misses.unknownChain(chain);
    return;
  }
  const body = outcome.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const asked = (route.query.get('contract_addresses') ?? '').split(',');
  misses.recordAnswer(chain, normalizeAddresses(asked), Object.keys(body));
}

/** /search from the coin list, else CoinGecko's, in CoinGecko's shape. */
async function proxySearch(query: string, settings: ProxySettings): Promise<ProxyResponse> {
  const found = await settings.searchHits(query);
  if ('limitedUntil' in found) return rateLimited(found.limitedUntil, settings.now);
  if ('failed' in found) return respond(found.failed, settings.now);
  return { status: 200, body: searchHitsBody(found.hits) };
}

function rateLimited(until: number, now: () => number): ProxyResponse {
  return {
    status: 429,
    body: { error: RATE_LIMITED },
    retryAfterSeconds: Math.max(1, Math.ceil((until - now()) / 1000)),
  };
}

function respond(outcome: UpstreamOutcome, now: () => number): ProxyResponse {
  if (outcome.ok) return { status: outcome.status, body: outcome.body };
  switch (outcome.kind) {
    case 'rate_limited':
    case 'locked':
    case 'over_budget':
      return rateLimited(outcome.lockedUntil, now);
    case 'client_error':
      return {
        status: outcome.status,
        body: outcome.body ?? { error: `CoinGecko answered ${outcome.status}` },
      };
    case 'server_error':
      return { status: 502, body: { error: `CoinGecko answered ${outcome.status}` } };
    case 'timeout':
      return { status: 504, body: { error: 'CoinGecko did not answer in time' } };
    case 'busy':
      return {
        status: 503,
        body: { error: 'Too many price requests are waiting. Please try again shortly.' },
      };
    default:
      return { status: 502, body: { error: 'CoinGecko could not be reached' } };
  }
}
