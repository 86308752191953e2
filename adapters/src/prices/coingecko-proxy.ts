/**
 * The passthrough behind the API's /api/coingecko proxy: only the routes and query keys of
 * proxy-routes.ts, through the adapter's limiter, lock, timeouts and API key.
 */
import { matchProxyRoute } from './proxy-routes.ts';
import type { ProxyResponse } from './port.ts';
import type { CoinGeckoUpstream } from './upstream.ts';

/** Settings the proxy takes from its adapter. */
export interface ProxySettings {
  now: () => number;
  timeoutMs: number;
  priceTimeoutMs: number;
}

/**
 * Forwards one request. Upstream 2xx and 4xx answers pass through with their status and body; a 429 or a
 * running lock gives 429 with retryAfterSeconds; a 5xx or bad body gives 502; a timeout 504; a refused
 * route 404; a bad chain or an over-long parameter 400.
 */
export async function proxyThrough(
  upstream: CoinGeckoUpstream,
  path: string,
  query: URLSearchParams,
  settings: ProxySettings,
): Promise<ProxyResponse> {
  const match = matchProxyRoute(path, query);
  if (!match.ok) return { status: match.status, body: { error: match.error } };
  const { route } = match;
  const timeout = route.kind === 'simple_price' ? settings.priceTimeoutMs : settings.timeoutMs;
  const outcome = await upstream.get(route.path, route.query, timeout);
  if (outcome.ok) return { status: outcome.status, body: outcome.body };
  switch (outcome.kind) {
    case 'rate_limited':
    case 'locked':
      return {
        status: 429,
        body: { error: 'API rate limit reached. Please wait 2 minutes and try again.' },
        retryAfterSeconds: Math.max(1, Math.ceil((outcome.lockedUntil - settings.now()) / 1000)),
      };
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
