import type { ProviderEvent } from '@coinpace/adapters';
import {
  findSubscription,
  findSubscriptionByRef,
  findUserById,
  isWebhookEventRecorded,
  recordWebhookEvent,
} from '@coinpace/db';
import { applyInTx, type SubscriptionChange } from './apply-subscription.ts';
import { planNameOf, publishBillingUpdate, type BillingDeps } from './billing-deps.ts';

export interface WebhookResult {
  received: true;
  /** The event id was applied before; nothing was done again. */
  duplicate?: true;
  /** Verified, but of a type we do not act on, or about no user of ours. */
  ignored?: string;
}

/**
 * POST /api/billing/webhook (DESIGN.md section 7). The signature is checked on the raw bytes (a bad one throws
 * a 400 before anything happens); each event id is applied once, its record written in the transaction that
 * applies it; order does not matter (the state machine ignores events older than the last applied, and
 * read-backs count as newest). Only database work happens here, except for checkout.session.completed,
 * which reads its subscription back once unless a subscription event has already told us everything.
 */
export async function handleWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  const event = deps.payments.parseWebhook(rawBody, signature, deps.now());
  if (event.type === 'ignored') return { received: true, ignored: event.providerType };
  if (await isWebhookEventRecorded(deps.db, event.id)) return { received: true, duplicate: true };

  const change = await changeFor(deps, event);
  const outcome = await deps.db.transaction(async (tx) => {
    const fresh = await recordWebhookEvent(tx, {
      eventId: event.id,
      provider: deps.payments.name,
      type: event.type,
    });
    if (!fresh) return 'duplicate' as const;
    if (!change) return 'unmatched' as const;
    return applyInTx(tx, deps, change);
  });

  if (outcome === 'duplicate') return { received: true, duplicate: true };
  if (outcome === 'unmatched') {
    deps.log.info({ eventId: event.id, type: event.type }, 'webhook about no user of ours');
    return { received: true, ignored: 'no matching user' };
  }
  if (outcome.applied && change) {
    await publishBillingUpdate(deps, change.userId, planNameOf(outcome.after), event.type);
  }
  return { received: true };
}

/** Which user an event is about and what it changes; undefined when it is about no user of ours. */
async function changeFor(deps: BillingDeps, event: ProviderEvent): Promise<SubscriptionChange | undefined> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const { session } = event;
      const owner = session.userId ? await findUserById(deps.db, session.userId) : undefined;
      const userId =
        owner?.id ?? (await findSubscriptionByRef(deps.db, { customerId: session.customerId }))?.userId;
      if (!userId) return undefined;
      const base = { userId, customerId: session.customerId, subscriptionId: session.subscriptionId };
      if (!session.subscriptionId || session.status !== 'complete') return base;
      const row = await findSubscription(deps.db, userId);
      const known =
        row?.subscriptionId === session.subscriptionId &&
        row.lastEventAt !== null &&
        row.lastEventAt.getTime() >= event.created.getTime();
      if (known) return base;
      const snapshot = await deps.payments.getSubscription(session.subscriptionId);
      return { ...base, event: { kind: 'subscription', at: deps.now(), snapshot } };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.subscription;
      const row = await findSubscriptionByRef(deps.db, {
        subscriptionId: sub.subscriptionId,
        customerId: sub.customerId,
      });
      if (!row) return undefined;
      return {
        userId: row.userId,
        subscriptionId: sub.subscriptionId,
        customerId: sub.customerId,
        event:
          event.type === 'customer.subscription.deleted'
            ? { kind: 'deleted', at: event.created }
            : { kind: 'subscription', at: event.created, snapshot: sub },
      };
    }
    case 'invoice.paid': {
      const row = await findSubscriptionByRef(deps.db, {
        subscriptionId: event.subscriptionId,
        customerId: event.customerId,
      });
      if (!row || !event.subscriptionId) return undefined;
      const period = { start: event.periodStart, end: event.periodEnd };
      return {
        userId: row.userId,
        subscriptionId: event.subscriptionId,
        customerId: event.customerId,
        usagePeriod: period,
        event: {
          kind: 'period_renewed',
          at: event.created,
          periodStart: period.start,
          periodEnd: period.end,
        },
      };
    }
  }
}
