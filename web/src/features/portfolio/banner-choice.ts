/**
 * The portfolio screen shows at most one error banner, the most relevant one. A lost connection is
 * told by the connection status, not by the failures it causes, and a failed reload never claims
 * the portfolio 'failed to load' while its rows are on screen.
 */
import { PORTFOLIO_TEXTS, portfolioError } from '@coinpace/domain';
import type { ConnectionStatus } from '../../lib/connection.ts';

export interface BannerInputs {
  /** The portfolio store's error text. */
  portfolioError: string | null;
  /** The price refresh's error text. */
  refreshError: string | null;
  /** The 429 lock holds. */
  limited: boolean;
  /** Holdings are on screen. */
  hasData: boolean;
  connection: ConnectionStatus;
}

export type PortfolioBanner =
  | { kind: 'portfolio'; text: string }
  | { kind: 'rate-limit'; refused: boolean }
  | { kind: 'refresh'; text: string }
  | null;

const LOAD_FAILURE_PREFIX = portfolioError.load('');

/** True for 'Failed to load portfolio data: ...'. */
export function isLoadFailure(text: string | null): boolean {
  return text !== null && text.startsWith(LOAD_FAILURE_PREFIX);
}

/** True while the connection status explains why nothing updates. */
export function isConnectionDown(connection: ConnectionStatus): boolean {
  return connection === 'offline' || connection === 'unreachable' || connection === 'reconnecting';
}

/**
 * The one banner to show: an action's failure first (it answers what the user just did), then the
 * rate-limit lock, then a failed price refresh. While the connection is down, load and refresh
 * failures and the lock stay quiet (the status says it all), unless nothing is on screen to keep.
 */
export function chooseBanner(input: BannerInputs): PortfolioBanner {
  const down = isConnectionDown(input.connection);
  const { portfolioError: error, refreshError } = input;
  if (error && (!isLoadFailure(error) || !input.hasData)) return { kind: 'portfolio', text: error };
  if (down) return null;
  const refused = refreshError === PORTFOLIO_TEXTS.refreshRateLimited;
  if (input.limited) return { kind: 'rate-limit', refused };
  if (refreshError && !refused) return { kind: 'refresh', text: refreshError };
  return null;
}
