/**
 * Plan changes with a confirmation: POST /api/billing/plan-change/preview prices a move of
 * the live subscription to another plan, POST /api/billing/plan-change makes exactly that move.
 *
 * Both directions take effect at once (README 'Plan changes'): an upgrade charges the prorated difference now;
 * a downgrade charges nothing and credits the unused time to the next invoice. The change is priced as of the
 * preview's `effectiveAt`, so what the card is charged is what the dialog said.
 */
import {
  countAlerts,
  findCurrentUsage,
  findSubscription,
  loadBillingInfo,
  toSubscriptionState,
  type UserRecord,
} from '@coinpace/db';
import {
  AppError,
  findPlan,
  hasActivePlan,
  type Plan,
  type PlanChangeInput,
  type PlanChangePreviewInput,
  type PlanChangePreviewResponse,
  type PlanChangeQuote,
  type PlanChangeResponse,
  type SubscriptionState,
} from '@coinpace/domain';
import { applyToUser, providerWord } from './apply-subscription.ts';
import { assertSelf, planNameOf, type BillingDeps } from './billing-deps.ts';

/** How long a preview's price holds: past this the user is asked to look again. */
export const PREVIEW_VALID_MS = 30 * 60_000;
/** Clock difference tolerated between the preview's moment and ours. */
const FUTURE_SKEW_MS = 60_000;

const formatDay = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

interface Live {
  subscriptionId: string;
  state: SubscriptionState & { planId: NonNullable<SubscriptionState['planId']> };
  plan: Plan;
}

/** The user's live subscription and the plan they ask for, or a 409 saying why no change can be made. */
async function liveSubscriptionFor(deps: BillingDeps, user: UserRecord, planId: string): Promise<Live> {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('VALIDATION_FAILED', { message: `Unknown plan: ${planId}` });
  const row = await findSubscription(deps.db, user.id);
  const state = toSubscriptionState(row);
  if (!row?.subscriptionId || row.provider !== deps.payments.name || !hasActivePlan(state) || !state.planId) {
    throw new AppError('CONFLICT', {
      message: 'You have no plan to change yet. Please choose a plan to subscribe first.',
    });
  }
  if (state.planId === planId) {
    throw new AppError('CONFLICT', { message: `${plan.name} is already your current plan.` });
  }
  if (state.cancelAtPeriodEnd) {
    const end = state.currentPeriodEnd ? ` on ${formatDay(state.currentPeriodEnd)}` : '';
    throw new AppError('CONFLICT', {
      message: `Your plan is set to end${end}. Reactivate it before changing plan.`,
    });
  }
  return { subscriptionId: row.subscriptionId, state: state as Live['state'], plan };
}

/** POST /api/billing/plan-change/preview. */
export async function previewPlanChange(
  deps: BillingDeps,
  user: UserRecord,
  input: PlanChangePreviewInput,
): Promise<PlanChangePreviewResponse> {
  assertSelf(input, user);
  const live = await liveSubscriptionFor(deps, user, input.planId);
  const now = deps.now();
  const quote = await deps.payments.previewPlanChange(live.subscriptionId, input.planId, now);
  const usage = await findCurrentUsage(deps.db, user.id, live.state, now);
  return toResponse(quote, live.plan, {
    notifications: {
      total: usage?.notificationsSent ?? 0,
      sms: usage?.smsSent ?? 0,
      email: usage?.emailSent ?? 0,
    },
    alertsSetUp: await countAlerts(deps.db, user.id),
  });
}

/** POST /api/billing/plan-change: the confirmed change, priced as of the preview's `effectiveAt`. */
export async function confirmPlanChange(
  deps: BillingDeps,
  user: UserRecord,
  input: PlanChangeInput,
): Promise<PlanChangeResponse> {
  assertSelf(input, user);
  const live = await liveSubscriptionFor(deps, user, input.planId);
  const effectiveAt = new Date(input.effectiveAt);
  const now = deps.now();
  const periodStart = live.state.currentPeriodStart;
  if (
    effectiveAt.getTime() > now.getTime() + FUTURE_SKEW_MS ||
    now.getTime() - effectiveAt.getTime() > PREVIEW_VALID_MS ||
    (periodStart && effectiveAt.getTime() < periodStart.getTime())
  ) {
    throw new AppError('CONFLICT', {
      message: 'The price shown for this change has expired. Please review the change again.',
    });
  }
  // What the dialog showed; the provider is asked for the same moment, so this is what is charged.
  const quote = await deps.payments.previewPlanChange(live.subscriptionId, input.planId, effectiveAt);
  const subscriptionId = live.subscriptionId;
  const word = await providerWord(deps, subscriptionId, () =>
    deps.payments.changePlan(subscriptionId, input.planId, { prorationDate: effectiveAt }),
  );
  const result = await applyToUser(
    deps,
    { userId: user.id, words: [word], customerId: word.snapshot?.customerId },
    'plan_changed',
  );
  if (word.snapshot?.planId !== input.planId) {
    throw new AppError('CONFLICT', {
      message: `The payment for ${live.plan.name} did not go through, so your plan is unchanged. Please check your card and try again.`,
    });
  }
  return {
    success: true,
    plan: planNameOf(result.after),
    billing: await loadBillingInfo(deps.db, user.id, deps.now()),
    message: `Your plan is now ${live.plan.name}.`,
    amountCharged: quote.amountDueNow,
  };
}

function toResponse(
  quote: PlanChangeQuote,
  plan: Plan,
  usage: PlanChangePreviewResponse['usage'],
): PlanChangePreviewResponse {
  return {
    planId: quote.planId,
    plan: plan.name,
    fromPlanId: quote.fromPlanId,
    fromPlan: findPlan(quote.fromPlanId)?.name ?? quote.fromPlanId,
    direction: quote.direction,
    amountDueNow: quote.amountDueNow,
    creditToNextInvoice: quote.creditToNextInvoice,
    nextInvoiceAmount: quote.nextInvoiceAmount,
    currency: quote.currency,
    effectiveAt: quote.effectiveAt.toISOString(),
    periodEnd: quote.periodEnd.toISOString(),
    lines: quote.lines.map((line) => ({
      description: line.description,
      amount: line.amount,
      proration: line.proration,
      periodStart: line.periodStart.toISOString(),
      periodEnd: line.periodEnd.toISOString(),
    })),
    allowances: {
      notifications: {
        total: plan.features.totalAlerts,
        sms: plan.features.smsAlerts,
        email: plan.features.emailAlerts,
      },
      setupCap: plan.setupCap,
    },
    usage,
  };
}
