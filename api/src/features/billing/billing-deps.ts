import { publishUserEvent, type Bus, type Identity, type PaymentProvider } from '@coinpace/adapters';
import type { AppDb, UserRecord } from '@coinpace/db';
import {
  AppError,
  findPlan,
  hasActivePlan,
  type Config,
  type SelfOnly,
  type SubscriptionState,
} from '@coinpace/domain';
import type { ApiDeps } from '../../deps.ts';
import type { Logger } from '../../logger.ts';

/** What the billing service works with; built per request from ApiDeps and the request's logger. */
export interface BillingDeps {
  config: Config;
  db: AppDb;
  payments: PaymentProvider;
  bus: Bus;
  identity: Identity;
  log: Logger;
  now: () => Date;
}

export function billingDeps(deps: ApiDeps, log: Logger): BillingDeps {
  return {
    config: deps.config,
    db: deps.db,
    payments: deps.payments,
    bus: deps.bus,
    identity: deps.identity,
    log,
    now: deps.now ?? (() => new Date()),
  };
}

/** The plan's display name in force for a state: 'Coinpace', 'Token Run', 'Moon Race' or 'None'. */
export function planNameOf(state: SubscriptionState): string {
  return (hasActivePlan(state) && findPlan(state.planId)?.name) || 'None';
}

/**
 * DESIGN.md section 4: a `userId` or `clerkId` in a body never selects another user. When present it must
 * name the token's user (our id or the identity subject); anything else is refused before anything happens.
 */
export function assertSelf(input: SelfOnly, user: UserRecord): void {
  for (const [field, value] of [
    ['userId', input.userId],
    ['clerkId', input.clerkId],
  ] as const) {
    if (value !== undefined && value !== user.id && value !== user.identitySubject) {
      throw new AppError('FORBIDDEN', { message: `${field} does not match the signed-in user.` });
    }
  }
}

/**
 * Tells the user's sockets that their billing changed (socket event `billing:updated`). A bus failure is
 * logged, never turned into a failed request: the change itself has been made.
 */
export async function publishBillingUpdate(
  deps: Pick<BillingDeps, 'bus' | 'log'>,
  userId: string,
  plan: string,
  reason: string,
): Promise<void> {
  try {
    await publishUserEvent(deps.bus, { userId, type: 'billing:updated', payload: { plan, reason } });
  } catch (error) {
    deps.log.warn({ err: error, userId, reason }, 'could not publish billing:updated');
  }
}
