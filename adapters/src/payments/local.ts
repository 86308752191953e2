import { randomBytes } from 'node:crypto';
import {
  AppError,
  PLANS,
  addMonths,
  isPlanId,
  periodContaining,
  quotePlanChange,
  type LocalCardRecord,
  type LocalCheckoutRecord,
  type LocalPaymentStore,
  type LocalSubscriptionRecord,
  type PlanId,
  type SubscriptionSnapshot,
} from '@coinpace/domain';
import { WebhookSignatureError, type CheckoutSessionInfo, type PaymentProvider } from './port.ts';

export interface LocalProviderOptions {
  store: LocalPaymentStore;
  /** The provider's clock (session expiry, period starts and ends). Default: the real clock. */
  now?: () => Date;
  /** How long a checkout session stays open. Default 24 hours, as Stripe's. */
  sessionTtlMs?: number;
}

/**
 * The payment port with no card processor (DESIGN.md section 3, embedded default): checkout is a page of our
 * own (`/billing/local-checkout/{sessionId}`) where the user confirms or cancels. Confirming starts a monthly
 * subscription; plan changes, cancellation at the period's end and reactivation behave as with Stripe, so the
 * billing service drives the same state machine through the same read-backs. There are no webhooks.
 *
 * Periods move on lazily: reading a subscription whose period has ended renews it (or ends it, when it was set
 * to cancel), as Stripe would have by then.
 */
export interface LocalPaymentProvider extends PaymentProvider {
  readonly name: 'local';
  /** The session as the checkout page shows it; NOT_FOUND for an unknown id. Expires it lazily. */
  describeCheckout(sessionId: string): Promise<LocalCheckoutRecord>;
  /**
   * The user confirmed: the session completes and its subscription starts now. Completing a completed session
   * again changes nothing; an expired or cancelled one is a CONFLICT.
   */
  completeCheckout(sessionId: string): Promise<CheckoutSessionInfo>;
  /** The user backed out: an open session is cancelled (read back as 'expired'); a paid one is a CONFLICT. */
  cancelCheckout(sessionId: string): Promise<CheckoutSessionInfo>;
  /** The fake card on file (local portal page), or undefined. */
  getCard(userId: string): Promise<LocalCardRecord | undefined>;
  /** Keeps a validated card's brand, last four digits and expiry (never the number); refuses an expired card. */
  saveCard(
    userId: string,
    card: { number: string; expMonth: number; expYear: number },
  ): Promise<LocalCardRecord>;
}

const PRICE_PREFIX = 'local_';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Builds the local provider over a store. */
export function createLocalPaymentProvider(options: LocalProviderOptions): LocalPaymentProvider {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const ttl = options.sessionTtlMs ?? DAY_MS;

  const customerIdOf = (userId: string) => `local_customer_${userId}`;

  async function sessionOrThrow(sessionId: string): Promise<LocalCheckoutRecord> {
    const session = await store.findSession(sessionId);
    if (!session) throw new AppError('NOT_FOUND', { message: 'Checkout session not found.' });
    if (session.status === 'open' && now().getTime() >= session.expiresAt.getTime()) {
      await store.closeSession(session.id, 'expired');
      return (await store.findSession(sessionId)) ?? session;
    }
    return session;
  }

  /** The subscription as it is now: a period that has ended is renewed, or ended when set to cancel. */
  async function settled(subscriptionId: string): Promise<LocalSubscriptionRecord> {
    const sub = await store.findSubscription(subscriptionId);
    if (!sub) throw new AppError('NOT_FOUND', { message: 'Payment record not found (local subscription).' });
    const at = now();
    if (sub.status !== 'active' || at.getTime() < sub.currentPeriodEnd.getTime()) return sub;
    const next: LocalSubscriptionRecord = sub.cancelAtPeriodEnd
      ? { ...sub, status: 'canceled', cancelAtPeriodEnd: false }
      : (() => {
          const period = periodContaining(sub.startedAt, at);
          return { ...sub, currentPeriodStart: period.start, currentPeriodEnd: period.end };
        })();
    await store.updateSubscription(next);
    if (next.status === 'active') await invoicePeriodsSince(sub, next.currentPeriodEnd);
    return next;
  }

  /** Records one paid invoice for each period from `sub`'s end up to `until` (renewals read late pay them all). */
  async function invoicePeriodsSince(sub: LocalSubscriptionRecord, until: Date): Promise<void> {
    let start = sub.currentPeriodEnd;
    while (start.getTime() < until.getTime()) {
      const period = periodContaining(sub.startedAt, start);
      await recordInvoice(sub, period.start, period.end);
      start = period.end;
    }
  }

  async function recordInvoice(sub: LocalSubscriptionRecord, periodStart: Date, periodEnd: Date) {
    if (!sub.planId) return;
    const price = Math.round((PLANS.find((plan) => plan.id === sub.planId)?.price ?? 0) * 100);
    // Credit from a downgrade pays for as much of the period as it covers, as Stripe's customer balance does.
    const credit = Math.min(price, await store.creditOf(sub.userId));
    if (credit > 0) await store.addCredit(sub.userId, -credit);
    await store.recordInvoice({
      id: `local_in_${randomBytes(12).toString('base64url')}`,
      userId: sub.userId,
      subscriptionId: sub.id,
      planId: sub.planId,
      amountCents: price - credit,
      periodStart,
      periodEnd,
      createdAt: periodStart,
    });
  }

  const snapshot = (sub: LocalSubscriptionRecord): SubscriptionSnapshot => ({
    subscriptionId: sub.id,
    customerId: sub.customerId,
    planId: sub.planId,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    itemId: `${sub.id}:item`,
  });

  const info = (session: LocalCheckoutRecord): CheckoutSessionInfo => ({
    sessionId: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'open' ? 'open' : 'expired',
    userId: session.userId,
    planId: session.planId,
    customerId: customerIdOf(session.userId),
    subscriptionId: session.status === 'complete' ? session.id : null,
  });

  async function live(subscriptionId: string): Promise<LocalSubscriptionRecord> {
    const sub = await settled(subscriptionId);
    if (sub.status !== 'active') throw new AppError('CONFLICT', { message: 'This subscription has ended.' });
    return sub;
  }

  return {
    name: 'local',

    priceIdFor(planId: PlanId) {
      if (!isPlanId(planId)) throw new AppError('BAD_REQUEST', { message: `Unknown plan: ${planId}` });
      return `${PRICE_PREFIX}${planId}`;
    },

    planForPriceId(priceId) {
      const planId = priceId.startsWith(PRICE_PREFIX) ? priceId.slice(PRICE_PREFIX.length) : '';
      return isPlanId(planId) ? planId : null;
    },

    async createCheckoutSession(input) {
      const id = `local_${randomBytes(18).toString('base64url')}`;
      const createdAt = now();
      await store.insertSession({
        id,
        userId: input.userId,
        planId: input.planId,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        status: 'open',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + ttl),
        completedAt: null,
      });
      // The checkout page is served by this app, on the origin the user will come back to.
      const url = new URL(`/billing/local-checkout/${encodeURIComponent(id)}`, input.successUrl).href;
      return { sessionId: id, url, customerId: customerIdOf(input.userId) };
    },

    async getCheckoutSession(sessionId) {
      return info(await sessionOrThrow(sessionId));
    },

    describeCheckout: sessionOrThrow,

    async completeCheckout(sessionId) {
      const session = await sessionOrThrow(sessionId);
      if (session.status === 'complete') return info(session);
      if (session.status !== 'open') {
        throw new AppError('CONFLICT', {
          message:
            session.status === 'expired'
              ? 'This checkout session has expired. Please choose your plan again.'
              : 'This checkout session was cancelled. Please choose your plan again.',
        });
      }
      const startedAt = now();
      const subscription: LocalSubscriptionRecord = {
        id: session.id,
        userId: session.userId,
        customerId: customerIdOf(session.userId),
        planId: session.planId,
        status: 'active',
        cancelAtPeriodEnd: false,
        startedAt,
        currentPeriodStart: startedAt,
        currentPeriodEnd: addMonths(startedAt, 1),
      };
      // A concurrent confirmation of the same session loses here and reads the winner's result.
      if (await store.completeSession(session.id, startedAt, subscription)) {
        await recordInvoice(subscription, startedAt, subscription.currentPeriodEnd);
      }
      return info(await sessionOrThrow(session.id));
    },

    async cancelCheckout(sessionId) {
      const session = await sessionOrThrow(sessionId);
      if (session.status === 'complete') {
        throw new AppError('CONFLICT', { message: 'This checkout session is already paid.' });
      }
      if (session.status === 'open') await store.closeSession(session.id, 'canceled');
      return info(await sessionOrThrow(session.id));
    },

    async getSubscription(subscriptionId) {
      return snapshot(await settled(subscriptionId));
    },

    async previewPlanChange(subscriptionId, planId, at) {
      const sub = await live(subscriptionId);
      if (!sub.planId || sub.planId === planId || !isPlanId(planId))
        throw new AppError('BAD_REQUEST', { message: `Cannot preview a change to ${planId}` });
      return quotePlanChange({
        fromPlanId: sub.planId,
        toPlanId: planId,
        periodStart: sub.currentPeriodStart,
        periodEnd: sub.currentPeriodEnd,
        at,
      });
    },

    // No card is charged locally: the upgrade's charge is recorded as a paid invoice, priced as of the
    // proration date the user confirmed (else now).
    async changePlan(subscriptionId, planId, options) {
      const sub = await live(subscriptionId);
      if (sub.planId === planId) return snapshot(sub);
      if (!PLANS.some((plan) => plan.id === planId))
        throw new AppError('BAD_REQUEST', { message: `Unknown plan: ${planId}` });
      const at = options?.prorationDate ?? now();
      const next = { ...sub, planId };
      await store.updateSubscription(next);
      // An upgrade is charged at once for the rest of the period, as Stripe's always_invoice does: that
      // charge is an invoice of its own, so the invoices list shows what the user paid.
      if (sub.planId && isPlanId(planId)) {
        const quote = quotePlanChange({
          fromPlanId: sub.planId,
          toPlanId: planId,
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          at,
        });
        // A downgrade's unused time is credit for the next invoices, as Stripe's create_prorations leaves it.
        if (quote.creditToNextInvoice > 0) await store.addCredit(sub.userId, quote.creditToNextInvoice);
        if (quote.amountDueNow > 0) {
          await store.recordInvoice({
            id: `local_in_${randomBytes(12).toString('base64url')}`,
            userId: sub.userId,
            subscriptionId: sub.id,
            planId,
            amountCents: quote.amountDueNow,
            periodStart: at,
            periodEnd: sub.currentPeriodEnd,
            createdAt: at,
          });
        }
      }
      return snapshot(next);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const sub = await live(subscriptionId);
      const next = { ...sub, cancelAtPeriodEnd: cancel };
      await store.updateSubscription(next);
      return snapshot(next);
    },

    async closeCheckouts({ userId }) {
      // A local subscription is the user's own row, which the caller ends by id; only sessions are left.
      await store.expireOpenSessions(userId);
      return [];
    },

    async listInvoices({ userId, limit }) {
      const invoices = await store.listInvoices(userId, limit ?? 24);
      return invoices.map((inv) => ({
        id: inv.id,
        created: inv.createdAt,
        planId: inv.planId,
        amountCents: inv.amountCents,
        currency: 'usd',
        status: 'paid' as const,
      }));
    },

    creditBalance: ({ userId }) => store.creditOf(userId),

    async createPortalSession({ returnUrl }) {
      // The local portal is a page of this app, on the origin the user comes back to.
      const url = new URL('/billing/local-portal', returnUrl);
      url.searchParams.set('return', returnUrl);
      return { url: url.href };
    },

    getCard: (userId) => store.findCard(userId),

    async saveCard(userId, card) {
      const at = now();
      const expired =
        card.expYear < at.getUTCFullYear() ||
        (card.expYear === at.getUTCFullYear() && card.expMonth < at.getUTCMonth() + 1);
      if (expired) {
        throw new AppError('VALIDATION_FAILED', {
          message: 'This card has expired.',
          details: [{ path: 'expYear', message: 'The card has expired' }],
        });
      }
      const record: LocalCardRecord = {
        userId,
        brand: cardBrand(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        updatedAt: at,
      };
      await store.saveCard(record);
      return record;
    },

    async cancelNow(subscriptionId) {
      const sub = await settled(subscriptionId);
      if (sub.status === 'canceled') return snapshot(sub);
      const next: LocalSubscriptionRecord = { ...sub, status: 'canceled', cancelAtPeriodEnd: false };
      await store.updateSubscription(next);
      return snapshot(next);
    },

    parseWebhook() {
      throw new WebhookSignatureError('local payments have no webhooks');
    },
  };
}

/** Whether the configured provider is the local one (its checkout page and routes exist only then). */
export function isLocalPaymentProvider(provider: PaymentProvider): provider is LocalPaymentProvider {
  return provider.name === 'local' && 'completeCheckout' in provider;
}

/** The card network by the number's leading digits (for display only). */
function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Card';
}
