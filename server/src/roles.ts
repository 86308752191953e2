import type { Role } from '@coinpace/domain';

/** The parts a process runs for its ROLE (DESIGN.md section 1): `all` runs every part in one process. */
export interface RolePlan {
  /** The Koa API, and the built web app beside it. */
  api: boolean;
  /** The Socket.IO gateway (attached to the same HTTP server when the API runs too). */
  gateway: boolean;
  /** The price poller (leader-elected). */
  poller: boolean;
  /** Alert consumer, outbox dispatcher and scheduled jobs. */
  worker: boolean;
}

export function planRoles(role: Role): RolePlan {
  return {
    api: role === 'all' || role === 'api',
    gateway: role === 'all' || role === 'gateway',
    poller: role === 'all' || role === 'poller',
    worker: role === 'all' || role === 'worker',
  };
}
