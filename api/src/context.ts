import type { RouterContext } from '@koa/router';
import type { UserRecord } from '@coinpace/db';
import type { VerifiedIdentity } from '@coinpace/adapters';
import type { Logger } from './logger.ts';

/** Per-request state set by the middleware. */
export interface AppState {
  requestId: string;
  log: Logger;
  /** Set by requireAuth. */
  identity?: VerifiedIdentity;
  /** Set by requireUser: the token's user, created on first sight. */
  user?: UserRecord;
}

export type AppContext = RouterContext<AppState>;
