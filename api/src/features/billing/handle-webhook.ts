import type { ProviderEvent } from '@coinpace/adapters';
import {
  findSubscriptionByRef,
  findUserById,
  isWebhookEventRecorded,
  nextTruthTicket,
  recordWebhookEvent,
} from '@coinpace/db';
import { applyInTx, wordsAbout, type SubscriptionChange } from './apply-subscription.ts';
import { planNameOf, publishBillingUpdate, type BillingDeps } from './billing-deps.ts';

export interface WebhookResult {
  received: true;
  /** The event id was applied before; nothing was done again. */
  duplicate?: true;
  /** Verified, but of a type we do not act on, or about no user of ours. */
  ignored?: string;
}

/**
 * POST /api/billing/webhook (DESIGN.md section 7). The signature is checked on the raw bytes (a bad one
 * throws a 400 before anything happens); each event id is applied once, its record written in the transaction
 * that applies it. A webhook is a signal, not the truth: the subscription it is about is read back from the
 * provider and that word applied (domain applyProviderWord), so order, duplicates and the provider's
 * whole-second `created` do not matter. A deletion carries the ended subscription, which is final: no read-back.
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

/** Which user an event is about and the provider's word on it; undefined when it is about no user of ours. */
async function changeFor(deps: BillingDeps, event: ProviderEvent): Promise<SubscriptionChange | undefined> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const { session } = event;
      const owner = session.userId ? await findUserById(deps.db, session.userId) : undefined;
      const userId =
        owner?.id ?? (await findSubscriptionByRef(deps.db, { customerId: session.customerId }))?.userId;
      if (!userId) return undefined;
      const base = { userId, customerId: session.customerId };
      if (!session.subscriptionId || session.status !== 'complete') return base;
      return { ...base, words: await wordsAbout(deps, userId, session.subscriptionId) };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.subscription;
      const row = await findSubscriptionByRef(deps.db, {
        subscriptionId: sub.subscriptionId,
        customerId: sub.customerId,
      });
      if (!row) return undefined;
      const final =
        event.type === 'customer.subscription.deleted'
          ? {
              subscriptionId: sub.subscriptionId,
              snapshot: { ...sub, status: 'canceled' as const },
              ticket: await nextTruthTicket(deps.db),
            }
          : undefined;
      return {
        userId: row.userId,
        customerId: sub.customerId,
        words: await wordsAbout(deps, row.userId, sub.subscriptionId, final),
      };
    }
    case 'invoice.paid': {
      const row = await findSubscriptionByRef(deps.db, {
        subscriptionId: event.subscriptionId,
        customerId: event.customerId,
      });
      if (!row || !event.subscriptionId) return undefined;
      return {
        userId: row.userId,
        customerId: event.customerId,
        usagePeriod: { subscriptionId: event.subscriptionId, start: event.periodStart, end: event.periodEnd },
        words: await wordsAbout(deps, row.userId, event.subscriptionId),
      };
    }
  }
}
