/**
 * The one plan table of Coinpace (DESIGN.md section 6, SPEC.md section 9 'Plans').
 * Everything that speaks of plans (pricing cards, billing info, alert allowances, the payment adapters)
 * reads this table; nothing else hard-codes a price, a name or an allowance.
 */

/** Plan ids, lowest tier first. */
export const PLAN_IDS = ['basic', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The display names of the plans, as the billing info's `plan` field carries them. */
export type PlanName = 'Coinpace' | 'Token Run' | 'Moon Race';

export interface PlanFeatures {
  /** Notifications a user may receive per billing period, whatever the channel. */
  totalAlerts: number;
  /** Of those, at most this many by SMS. */
  smsAlerts: number;
  /** Of those, at most this many by e-mail. */
  emailAlerts: number;
  /** Marketing bullets for the pricing card. */
  additionalFeatures: readonly string[];
}

export interface Plan {
  id: PlanId;
  name: PlanName;
  /** Monthly price in USD. */
  price: number;
  /** Billing interval; every plan is billed monthly (SPEC.md section 9). */
  interval: 'month';
  features: PlanFeatures;
  /** How many alerts the user may have set up at once (enforced on create). */
  setupCap: number;
  /** Position in the tier order: 1 basic, 2 pro, 3 enterprise. */
  tier: number;
  /** The card marked 'popular' on the pricing modal. */
  popular: boolean;
}

/**
 * What every plan includes. Every kind of alert is on every plan (the alert gate asks only for a paid plan in
 * force), so the cards of the dearer plans sell allowances, set-up caps and support, never an alert kind the
 * first plan lacks.
 */
export const EVERY_PLAN_INCLUDES: readonly string[] = Object.freeze([
  'Price and gain/loss alerts on every coin you hold',
  'Watch-list alerts on coins you do not hold',
  'Whole-portfolio and all-coins percentage alerts',
  'Live portfolio value and 24h change',
  'CSV, wallet-paste and trade-history import',
  'Webhook alerts not counted against the plan (up to 60 an hour)',
]);

/** The plan table, lowest tier first. Frozen: it is shared by every caller. */
export const PLANS: readonly Plan[] = Object.freeze(
  [
    {
      id: 'basic',
      name: 'Coinpace',
      price: 5.99,
      interval: 'month',
      features: {
        totalAlerts: 50,
        smsAlerts: 25,
        emailAlerts: 25,
        additionalFeatures: [
          ...EVERY_PLAN_INCLUDES,
          'Up to 200 alerts set up at once',
          'Up to 25 SMS and 25 e-mails a month',
        ],
      },
      setupCap: 200,
      tier: 1,
      popular: false,
    },
    {
      id: 'pro',
      name: 'Token Run',
      price: 14.99,
      interval: 'month',
      features: {
        totalAlerts: 200,
        smsAlerts: 100,
        emailAlerts: 100,
        additionalFeatures: [
          'Everything in Coinpace',
          'Up to 1,500 alerts set up at once',
          'Up to 100 SMS and 100 e-mails a month',
        ],
      },
      setupCap: 1_500,
      tier: 2,
      popular: true,
    },
    {
      id: 'enterprise',
      name: 'Moon Race',
      price: 49.99,
      interval: 'month',
      features: {
        totalAlerts: 1_000,
        smsAlerts: 500,
        emailAlerts: 500,
        additionalFeatures: [
          'Everything in Token Run',
          'Up to 5,000 alerts set up at once',
          'Up to 500 SMS and 500 e-mails a month',
          'Priority support',
        ],
      },
      setupCap: 5_000,
      tier: 3,
      popular: false,
    },
  ].map((plan) => Object.freeze({ ...plan, features: Object.freeze(plan.features) }) as Plan),
);

/** Whether `value` is one of the plan ids. */
export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan with this id, or undefined for anything that is not a plan id (no throw: ids come from outside). */
export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The plan with this display name ('Coinpace', 'Token Run', 'Moon Race'), case-insensitive; else undefined. */
export function planByName(name: string | null | undefined): Plan | undefined {
  const wanted = name?.trim().toLowerCase();
  return wanted ? PLANS.find((plan) => plan.name.toLowerCase() === wanted) : undefined;
}

/** Whether plan `a` is a strictly higher tier than plan `b`. */
export function isHigherTier(a: PlanId, b: PlanId): boolean {
  return tierOf(a) > tierOf(b);
}

/** The plans above `id`, lowest first; empty for the top tier. The account screen shows Upgrade only if non-empty. */
export function higherPlans(id: PlanId): Plan[] {
  const tier = tierOf(id);
  return PLANS.filter((plan) => plan.tier > tier);
}

function tierOf(id: PlanId): number {
  const plan = findPlan(id);
  if (!plan) throw new RangeError(`Unknown plan id: ${id}`);
  return plan.tier;
}
