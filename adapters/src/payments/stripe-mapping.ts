/** Stripe objects and errors into the port's provider-neutral terms. */
import Stripe from 'stripe';
import {
  AppError,
  planPriceCents,
  type PlanChangeQuote,
  type PlanId,
  type ProviderSubscriptionStatus,
  type SubscriptionSnapshot,
} from '@coinpace/domain';

/**
 * Stripe subscription statuses onto ours. `unpaid` (retries exhausted, kept open) counts as past_due;
 * `incomplete_expired` (first payment never made) as canceled; `paused` (trial ended without a payment method)
 * as incomplete: no access until paid.
 */
const STATUS: Record<string, ProviderSubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'incomplete',
};

/**
 * A Stripe subscription as a snapshot. We create one item per subscription; its price names the plan and,
 * since API 2025-03-31.basil, it carries the billing period (`current_period_*` left the subscription).
 */
export function toSnapshot(
  sub: Stripe.Subscription,
  planForPriceId: (priceId: string) => PlanId | null,
): SubscriptionSnapshot {
  const item = sub.items.data[0];
  if (!item) throw new AppError('INTERNAL', { message: `Stripe subscription ${sub.id} has no items` });
  return {
    subscriptionId: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    planId: planForPriceId(item.price.id),
    status: STATUS[sub.status] ?? 'incomplete',
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    itemId: item.id,
  };
}

/**
 * A Stripe failure as an AppError: 404 -> NOT_FOUND; unreachable, rate limited or Stripe's own 5xx ->
 * UNAVAILABLE (503); anything else (bad key, a request Stripe refuses) -> INTERNAL, our mistake, with the
 * Stripe error kept as `cause` for the log. Errors that are not Stripe's pass through unchanged.
 */
export function toAppError(error: unknown, what: string): unknown {
  if (error instanceof AppError || !(error instanceof Stripe.errors.StripeError)) return error;
  const cause = error;
  if (error.statusCode === 404)
    return new AppError('NOT_FOUND', { message: `Payment record not found (${what})`, cause });
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error.statusCode ?? 0) >= 500
  ) {
    return new AppError('UNAVAILABLE', { message: `The payment provider is unavailable (${what})`, cause });
  }
  return new AppError('INTERNAL', {
    message: `Payment provider refused to ${what}: ${error.message}`,
    cause,
  });
}

/** Whole seconds since the epoch, as Stripe takes times. */
export function toUnixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/**
 * Stripe's invoice preview of a plan change as our quote. An upgrade previews the invoice `always_invoice`
 * makes now (its amount due is charged at once); a downgrade previews the next invoice, whose proration lines
 * (the credit for unused time and the charge for the cheaper plan's remaining time) come off the renewal.
 */
export function toQuote(
  invoice: Stripe.Invoice,
  change: { fromPlanId: PlanId; planId: PlanId; upgrade: boolean; effectiveAt: Date; periodEnd: Date },
): PlanChangeQuote {
  const lines = invoice.lines.data.map((line) => ({
    description: line.description ?? '',
    amount: line.amount,
    proration: line.parent?.subscription_item_details?.proration ?? false,
    periodStart: new Date(line.period.start * 1000),
    periodEnd: new Date(line.period.end * 1000),
  }));
  const prorated = lines.filter((line) => line.proration).reduce((sum, line) => sum + line.amount, 0);
  return {
    fromPlanId: change.fromPlanId,
    planId: change.planId,
    direction: change.upgrade ? 'upgrade' : 'downgrade',
    amountDueNow: change.upgrade ? invoice.amount_due : 0,
    creditToNextInvoice: change.upgrade ? 0 : Math.max(0, 0 - prorated),
    nextInvoiceAmount: change.upgrade ? planPriceCents(change.planId) : invoice.amount_due,
    currency: 'usd',
    effectiveAt: change.effectiveAt,
    periodEnd: change.periodEnd,
    lines,
  };
}
