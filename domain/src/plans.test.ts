import { describe, expect, it } from 'vitest';
import { ZPlanId } from './schemas/common.ts';
import {
  EVERY_PLAN_INCLUDES,
  PLANS,
  findPlan,
  higherPlans,
  isHigherTier,
  isPlanId,
  planByName,
  type PlanId,
} from './plans.ts';

describe('PLANS', () => {
  it.each([
    ['basic', 'Coinpace', 5.99, 50, 25, 25, 200, 1, false],
    ['pro', 'Token Run', 14.99, 200, 100, 100, 1_500, 2, true],
    ['enterprise', 'Moon Race', 49.99, 1_000, 500, 500, 5_000, 3, false],
  ] as const)(
    '%s is %s at %d with the allowances of DESIGN.md section 6',
    (id, name, price, total, sms, email, cap, tier, popular) => {
      const plan = findPlan(id);
      expect(plan).toMatchObject({ id, name, price, setupCap: cap, tier, popular, interval: 'month' });
      expect(plan?.features).toMatchObject({ totalAlerts: total, smsAlerts: sms, emailAlerts: email });
      expect(plan?.features.additionalFeatures.length).toBeGreaterThan(0);
    },
  );

  it('lists the plans lowest tier first, with exactly one popular plan', () => {
    expect(PLANS.map((p) => p.id)).toEqual(['basic', 'pro', 'enterprise']);
    expect(PLANS.map((p) => p.tier)).toEqual([1, 2, 3]);
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['pro']);
  });

  it('sells every alert kind on the first plan and none as a feature of a dearer plan', () => {
    // Every kind of alert is on every paid plan; the cards of the dearer plans differ by allowance only.
    const kinds = [/gain\/loss/i, /watch-list/i, /whole-portfolio/i, /all-coins/i];
    const [first, ...dearer] = PLANS;
    for (const kind of kinds) {
      expect(first!.features.additionalFeatures.some((line) => kind.test(line))).toBe(true);
      for (const plan of dearer)
        expect(plan.features.additionalFeatures.filter((line) => kind.test(line))).toEqual([]);
    }
    expect(first!.features.additionalFeatures).toEqual(expect.arrayContaining([...EVERY_PLAN_INCLUDES]));
  });

  it("states each plan's SMS and e-mail allowance as its numbers say", () => {
    for (const plan of PLANS) {
      const { smsAlerts, emailAlerts } = plan.features;
      expect(plan.features.additionalFeatures).toContain(
        `Up to ${smsAlerts.toLocaleString('en-US')} SMS and ${emailAlerts.toLocaleString('en-US')} e-mails a month`,
      );
    }
  });

  it('keeps SMS and e-mail caps within the total allowance', () => {
    for (const plan of PLANS) {
      expect(plan.features.smsAlerts + plan.features.emailAlerts).toBeLessThanOrEqual(
        plan.features.totalAlerts,
      );
    }
  });

  it('cannot be changed by a caller', () => {
    const plan = PLANS[0]!;
    expect(() => {
      (plan as { price: number }).price = 0;
    }).toThrow(TypeError);
    expect(() => {
      (plan.features as { totalAlerts: number }).totalAlerts = 1e9;
    }).toThrow(TypeError);
    expect(findPlan('basic')?.price).toBe(5.99);
  });
});

describe('plan look-ups', () => {
  it('finds a plan by id, and nothing for other strings', () => {
    expect(findPlan('pro')?.name).toBe('Token Run');
    for (const bad of ['Pro', 'premium', '', null, undefined, '__proto__'])
      expect(findPlan(bad)).toBeUndefined();
  });

  it('finds a plan by display name, case-insensitive, trimmed', () => {
    expect(planByName('Moon Race')?.id).toBe('enterprise');
    expect(planByName('  token run ')?.id).toBe('pro');
    expect(planByName('Coinpace')?.id).toBe('basic');
    expect(planByName('None')).toBeUndefined();
    expect(planByName('')).toBeUndefined();
    expect(planByName(undefined)).toBeUndefined();
  });

  it('tells plan ids from other values', () => {
    expect(isPlanId('enterprise')).toBe(true);
    expect(isPlanId('gold')).toBe(false);
    expect(isPlanId(3)).toBe(false);
    expect(ZPlanId.safeParse('basic').success).toBe(true);
    expect(ZPlanId.safeParse('gold').success).toBe(false);
  });
});

describe('tiers', () => {
  const ids: PlanId[] = ['basic', 'pro', 'enterprise'];

  it('orders every pair strictly', () => {
    for (const [i, a] of ids.entries()) {
      for (const [j, b] of ids.entries()) expect(isHigherTier(a, b)).toBe(i > j);
    }
  });

  it('lists the higher plans, lowest first, none above the top tier', () => {
    expect(higherPlans('basic').map((p) => p.id)).toEqual(['pro', 'enterprise']);
    expect(higherPlans('pro').map((p) => p.id)).toEqual(['enterprise']);
    expect(higherPlans('enterprise')).toEqual([]);
  });

  it('refuses an unknown id instead of ranking it', () => {
    expect(() => isHigherTier('gold' as PlanId, 'basic')).toThrow(RangeError);
  });
});
