import { AppError, type PlanChangeQuote, type PlanId, type SubscriptionSnapshot } from '@coinpace/domain';

export type { SubscriptionSnapshot } from '@coinpace/domain';

/**
 * The payment port: card checkout and the lifecycle of a user's one subscription (DESIGN.md sections 3 and 7).
 *
 * Provider-neutral on purpose. Two adapters implement it: Stripe (`stripe.ts`) and the embedded local checkout
 * (a page of our own, no keys), so nothing Stripe-only may leak through: ids are opaque strings, times are
 * Dates, statuses are ours (`SubscriptionSnapshot.status`), plans are our `PlanId`s. The webhook event names
 * below happen to be Stripe's; a local provider that has no webhooks simply never produces them and drives
 * the same state machine through `getCheckoutSession`/`getSubscription` read-backs.
 *
 * Errors: a subscription, session or customer the provider does not know throws `AppError('NOT_FOUND')`;
 * the provider unreachable, rate limiting or failing throws `AppError('UNAVAILABLE')` (503); anything else
 * (bad keys, a request the provider refuses) throws `AppError('INTERNAL')` with the provider error as `cause`.
 * A bad webhook signature throws `WebhookSignatureError` (400).
 */
export interface PaymentProvider {
  /** 'stripe' or 'local'; stored with the subscription row. */
  readonly name: 'stripe' | 'local';

  /**
   * Starts a hosted checkout for a monthly subscription to `planId`.
   * Uses `customerId` when given, otherwise creates the provider's customer for the user (and also when the
   * given one no longer exists at the provider); the customer id used is returned so the caller can keep it.
   * `successUrl` may contain the literal `{CHECKOUT_SESSION_ID}`, which the provider replaces with the session id.
   */
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSessionCreated>;

  /** Reads a checkout session back (payment-success: the UI must not wait for a webhook). */
  getCheckoutSession(sessionId: string): Promise<CheckoutSessionInfo>;

  /** Reads a subscription back as it is now at the provider. */
  getSubscription(subscriptionId: string): Promise<SubscriptionSnapshot>;

  /**
   * Moves the subscription to `planId` at once by replacing its one item (by item id, never adding a second).
   * Upgrades are invoiced now for the prorated difference and applied only if that invoice is paid: when the
   * payment fails the returned snapshot still shows the old plan. Downgrades apply at once and credit the unused
   * time to the next invoice. Changing to the current plan changes nothing and returns the snapshot.
   * `prorationDate` (from `previewPlanChange`'s `effectiveAt`) prices the change as of that moment, so the
   * charge is exactly the one the user confirmed.
   */
  changePlan(
    subscriptionId: string,
    planId: PlanId,
    options?: { prorationDate?: Date },
  ): Promise<SubscriptionSnapshot>;

  /**
   * What `changePlan(subscriptionId, planId, { prorationDate: at })` would charge now and credit to the next
   * invoice, without changing anything: Stripe's invoice preview, or the domain's
   * `quotePlanChange` locally. `at` must lie within the current period. The plan must differ from the current one.
   */
  previewPlanChange(subscriptionId: string, planId: PlanId, at: Date): Promise<PlanChangeQuote>;

  /** `cancel` true: the subscription ends at the period's end (access until then); false: it renews again. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionSnapshot>;

  /**
   * Account deletion: expires every open checkout session of the user, so none can be paid afterwards.
   * Returns the subscriptions the user's paid sessions started, newest first, for the caller to end: a session
   * paid just before, whose webhook has not come yet, is among them. Idempotent.
   */
  closeCheckouts(input: { userId: string; customerId: string | null }): Promise<string[]>;

  /** The user's invoices, newest first (at most `limit`, default 24). None before the provider knows the user. */
  listInvoices(input: {
    userId: string;
    customerId: string | null;
    limit?: number;
  }): Promise<ProviderInvoice[]>;

  /**
   * The credit the user holds, in cents of USD (0 when none): what a downgrade credited for unused time and the
   * next invoices have not used up yet. Stripe: the customer's credit balance (a negative `balance`) plus the
   * credit of proration items still waiting for the next invoice. None before the provider knows the user.
   */
  creditBalance(input: { userId: string; customerId: string | null }): Promise<number>;

  /**
   * Where the user manages their payment method and sees their invoices: Stripe's customer portal, or local
   * checkout's own page. The provider sends the browser back to `returnUrl`.
   */
  createPortalSession(input: {
    userId: string;
    customerId: string;
    returnUrl: string;
  }): Promise<{ url: string }>;

  /** Ends the subscription now, without proration or refund (account deletion). Idempotent. Returns the ended snapshot. */
  cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot>;

  /**
   * Verifies a webhook on its raw bytes (never re-serialised JSON) and normalises it.
   * `now` is the receive time for the signature's age check (default: the clock); signatures older than the
   * provider's tolerance (5 minutes for Stripe) are refused. Throws `WebhookSignatureError` when the signature
   * is missing, wrong, for another body, or too old.
   */
  parseWebhook(rawBody: Buffer | string, signature: string | undefined, now?: Date): ProviderEvent;

  /** The provider's price reference for a plan (sent to the browser by GET /api/billing/plans). */
  priceIdFor(planId: PlanId): string;

  /** The plan a provider price belongs to, or null for a price that is not ours. */
  planForPriceId(priceId: string): PlanId | null;
}

export interface CreateCheckoutInput {
  /** Our user id; comes back on the session and its webhook. */
  userId: string;
  /** The user's e-mail, for the provider's receipts; absent when we do not know it. */
  email?: string;
  /** The provider customer already kept for this user, if any. */
  customerId?: string;
  planId: PlanId;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSessionCreated {
  sessionId: string;
  /** Where to send the browser. */
  url: string;
  /** The provider customer the session is for, when the provider has customers. */
  customerId?: string;
}

export interface CheckoutSessionInfo {
  sessionId: string;
  /** 'complete' once paid and the subscription exists; 'expired' when abandoned or cancelled. */
  status: 'open' | 'complete' | 'expired';
  userId: string | null;
  planId: PlanId | null;
  customerId: string | null;
  subscriptionId: string | null;
}

/** An invoice in provider-neutral form. */
export interface ProviderInvoice {
  id: string;
  created: Date;
  /** Our plan of the invoice's newest subscription line; null when no line is for one of our prices. */
  planId: PlanId | null;
  /** Amount due, in the currency's smallest unit (cents). */
  amountCents: number;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
}

interface EventBase {
  /** The provider's event id; apply each once (processed_webhook_events). */
  id: string;
  /** When the provider created the event; the state machine ignores events older than the last applied. */
  created: Date;
}

/** A verified webhook in provider-neutral form. */
export type ProviderEvent =
  | (EventBase & { type: 'checkout.session.completed'; session: CheckoutSessionInfo })
  | (EventBase & { type: 'customer.subscription.updated'; subscription: SubscriptionSnapshot })
  | (EventBase & { type: 'customer.subscription.deleted'; subscription: SubscriptionSnapshot })
  | (EventBase & {
      type: 'invoice.paid';
      invoiceId: string;
      subscriptionId: string | null;
      customerId: string | null;
      /** The subscription period the invoice paid for. */
      periodStart: Date;
      periodEnd: Date;
    })
  /** Any other event: verified, but nothing to do. `providerType` is the provider's own name, for logs. */
  | (EventBase & { type: 'ignored'; providerType: string });

/** The webhook's signature is missing, wrong, for another body, or too old (400; never applied). */
export class WebhookSignatureError extends AppError {
  constructor(reason: string, cause?: unknown) {
    super('BAD_REQUEST', { message: `Webhook signature verification failed: ${reason}`, cause });
    this.name = 'WebhookSignatureError';
  }
}
