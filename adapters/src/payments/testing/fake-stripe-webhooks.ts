/** Stripe events around an object, signed with stripe-node's own test-header helper (as Stripe signs them). */
import Stripe from 'stripe';
import { newId, toUnix } from './fake-stripe-objects.ts';

/** A signed webhook delivery: send `payload` as the body and `signature` as the Stripe-Signature header. */
export interface SignedEvent {
  event: { id: string; type: string; created: number; data: { object: unknown } };
  payload: string;
  signature: string;
}

export interface SignEventOptions {
  /** Event id; default a new evt_… id. */
  id?: string;
  /** The event's `created`. */
  created: Date;
  /** The signature's timestamp (its age is checked on receipt). */
  signedAt: Date;
  secret: string;
}

export function signEvent(type: string, object: unknown, opts: SignEventOptions): SignedEvent {
  const event = {
    id: opts.id ?? newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: toUnix(opts.created),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret,
    timestamp: toUnix(opts.signedAt),
  });
  return { event, payload, signature };
}
