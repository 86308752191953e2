/**
 * Plan changes of a live subscription: what a move from one plan to another costs, in the
 * same shape whichever payment provider prices it (Stripe's invoice preview, or `quotePlanChange` for the
 * embedded local checkout).
 *
 * The rule we follow is Stripe's default proration, and both kinds of change take effect at once:
 * - an upgrade charges now the new plan's price for the time left in the period minus the old plan's price
 *   for that same time (Stripe `always_invoice`);
 * - a downgrade charges nothing now; the unused time on the dearer plan minus the cheaper plan's price for
 *   that time becomes a credit that the next invoice uses first (Stripe `create_prorations`), never a refund.
 */
import { findPlan, isHigherTier, type PlanId } from '../plans.ts';

/** One line of a plan-change preview. Amounts in cents: a charge positive, a credit negative. */
export interface PlanChangeLine {
  description: string;
  amount: number;
  /** True for the prorated lines of the change; false for a full period's price (the next invoice). */
  proration: boolean;
  periodStart: Date;
  periodEnd: Date;
}

/** What changing to `planId` means, as the confirmation dialog shows it. All amounts in cents. */
export interface PlanChangeQuote {
  fromPlanId: PlanId;
  planId: PlanId;
  direction: 'upgrade' | 'downgrade';
  /** Charged to the card when the change is confirmed (0 for a downgrade). */
  amountDueNow: number;
  /** Carried to the next invoice (downgrade only; 0 for an upgrade). */
  creditToNextInvoice: number;
  /** What the next renewal will charge, after the credit (never negative). */
  nextInvoiceAmount: number;
  currency: 'usd';
  /** When the change takes effect and the proration is computed from: the moment of the preview. */
  effectiveAt: Date;
  /** The end of the current period: the next renewal. */
  periodEnd: Date;
  lines: PlanChangeLine[];
}

/** A plan's monthly price in cents. */
export function planPriceCents(planId: PlanId): number {
  const plan = findPlan(planId);
  if (!plan) throw new RangeError(`Unknown plan id: ${planId}`);
  return Math.round(plan.price * 100);
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export interface QuoteInput {
  fromPlanId: PlanId;
  toPlanId: PlanId;
  periodStart: Date;
  periodEnd: Date;
  /** The moment of the change; must lie within [periodStart, periodEnd]. */
  at: Date;
}

/**
 * Prices a change between two different plans by the time left in the current period, rounded to the cent
 * per line as Stripe does. Throws RangeError for the same plan or a moment outside the period.
 */
export function quotePlanChange(input: QuoteInput): PlanChangeQuote {
  const { fromPlanId, toPlanId, periodStart, periodEnd, at } = input;
  if (fromPlanId === toPlanId) throw new RangeError('A plan change needs two different plans');
  const span = periodEnd.getTime() - periodStart.getTime();
  if (span <= 0 || at.getTime() < periodStart.getTime() || at.getTime() > periodEnd.getTime()) {
    throw new RangeError('The moment of a plan change must lie within the current period');
  }
  const left = (periodEnd.getTime() - at.getTime()) / span;
  const oldCents = planPriceCents(fromPlanId);
  const newCents = planPriceCents(toPlanId);
  const day = DAY_FORMAT.format(at);
  const base = { proration: true, periodStart: at, periodEnd };
  const lines: PlanChangeLine[] = [
    {
      ...base,
      description: `Unused time on ${findPlan(fromPlanId)!.name} after ${day}`,
      amount: 0 - Math.round(oldCents * left),
    },
    {
      ...base,
      description: `Remaining time on ${findPlan(toPlanId)!.name} after ${day}`,
      amount: Math.round(newCents * left),
    },
  ];
  const net = lines[0]!.amount + lines[1]!.amount;
  const upgrade = isHigherTier(toPlanId, fromPlanId);
  const credit = upgrade ? 0 : Math.max(0, -net);
  return {
    fromPlanId,
    planId: toPlanId,
    direction: upgrade ? 'upgrade' : 'downgrade',
    amountDueNow: upgrade ? Math.max(0, net) : 0,
    creditToNextInvoice: credit,
    nextInvoiceAmount: Math.max(0, newCents - credit),
    currency: 'usd',
    effectiveAt: at,
    periodEnd,
    lines,
  };
}
