import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_IDS, type PlanId } from '../plans.ts';
import { addMonths } from './period.ts';
import { quotePlanChange } from './plan-change.ts';

const START = new Date('2026-03-15T10:00:00Z');
const END = new Date('2026-04-15T10:00:00Z'); // 31 days
const DAY = 24 * 3600_000;
const quote = (fromPlanId: PlanId, toPlanId: PlanId, at: Date) =>
  quotePlanChange({ fromPlanId, toPlanId, periodStart: START, periodEnd: END, at });

describe('quotePlanChange (proration by remaining time, in cents)', () => {
  it.each([
    // from, to, days into the 31-day period, direction, due now, credit, next invoice
    ['basic', 'enterprise', 0, 'upgrade', 4400, 0, 4999],
    ['basic', 'pro', 0, 'upgrade', 900, 0, 1499],
    ['basic', 'enterprise', 10, 'upgrade', 3386 - 406, 0, 4999],
    ['pro', 'enterprise', 31, 'upgrade', 0, 0, 4999],
    ['enterprise', 'basic', 0, 'downgrade', 0, 4400, 0],
    ['enterprise', 'pro', 10, 'downgrade', 0, 3386 - 1015, 0],
    ['pro', 'basic', 10, 'downgrade', 0, 1015 - 406, 0],
    ['pro', 'basic', 28, 'downgrade', 0, 145 - 58, 599 - 87],
  ] as const)(
    '%s -> %s on day %i: %s, %i now, %i credit, %i next',
    (from, to, days, direction, now, credit, next) => {
      const q = quote(from, to, new Date(START.getTime() + days * DAY));
      expect(q.direction).toBe(direction);
      expect([q.amountDueNow, q.creditToNextInvoice, q.nextInvoiceAmount]).toEqual([now, credit, next]);
    },
  );

  it('names the lines as Stripe does and prices them from the change to the period end', () => {
    const at = new Date('2026-03-25T10:00:00Z');
    const q = quote('basic', 'enterprise', at);
    expect(q).toMatchObject({ direction: 'upgrade', currency: 'usd', effectiveAt: at, periodEnd: END });
    expect(q.lines).toEqual([
      {
        description: 'Unused time on Coinpace after Mar 25, 2026',
        amount: -406,
        proration: true,
        periodStart: at,
        periodEnd: END,
      },
      {
        description: 'Remaining time on Moon Race after Mar 25, 2026',
        amount: 3386,
        proration: true,
        periodStart: at,
        periodEnd: END,
      },
    ]);
    expect(q.amountDueNow).toBe(3386 - 406);
  });

  it('refuses the same plan and a moment outside the period', () => {
    expect(() => quote('pro', 'pro', START)).toThrow(RangeError);
    expect(() => quote('pro', 'basic', new Date(END.getTime() + 1))).toThrow(RangeError);
    expect(() => quote('pro', 'basic', new Date(START.getTime() - 1))).toThrow(RangeError);
  });

  const plans = fc.constantFrom(...PLAN_IDS);
  const change = fc
    .tuple(plans, plans)
    .filter(([a, b]) => a !== b)
    .chain(([from, to]) =>
      fc.record({
        from: fc.constant(from),
        to: fc.constant(to),
        start: fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fraction: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    );

  it('property: an upgrade costs between nothing and the price difference, a downgrade charges nothing now', () => {
    fc.assert(
      fc.property(change, ({ from, to, start, fraction }) => {
        const end = addMonths(start, 1);
        const at = new Date(start.getTime() + Math.floor((end.getTime() - start.getTime()) * fraction));
        const q = quotePlanChange({ fromPlanId: from, toPlanId: to, periodStart: start, periodEnd: end, at });
        const [oldCents, newCents] = [from, to].map(
          (id) => ({ basic: 599, pro: 1499, enterprise: 4999 })[id],
        );
        const net = q.lines.reduce((sum, line) => sum + line.amount, 0);
        expect(q.lines.every((l) => Number.isInteger(l.amount) && l.proration)).toBe(true);
        if (q.direction === 'upgrade') {
          expect(newCents!).toBeGreaterThan(oldCents!);
          expect(q.amountDueNow).toBe(net);
          expect(q.amountDueNow).toBeGreaterThanOrEqual(0);
          expect(q.amountDueNow).toBeLessThanOrEqual(newCents! - oldCents! + 1);
          expect(q.creditToNextInvoice).toBe(0);
          expect(q.nextInvoiceAmount).toBe(newCents);
        } else {
          expect(newCents!).toBeLessThan(oldCents!);
          expect(q.amountDueNow).toBe(0);
          expect(q.creditToNextInvoice).toBe(0 - net);
          expect(q.creditToNextInvoice).toBeLessThanOrEqual(oldCents! - newCents! + 1);
          expect(q.nextInvoiceAmount).toBe(Math.max(0, newCents! - q.creditToNextInvoice));
        }
      }),
    );
  });

  it('property: the later the change, the less it costs or credits', () => {
    fc.assert(
      fc.property(
        change,
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ from, to, start, fraction }, other) => {
          const end = addMonths(start, 1);
          const span = end.getTime() - start.getTime();
          const [early, late] = [fraction, other]
            .sort((a, b) => a - b)
            .map((f) => new Date(start.getTime() + Math.floor(span * f!)));
          const size = (at: Date) => {
            const q = quotePlanChange({
              fromPlanId: from,
              toPlanId: to,
              periodStart: start,
              periodEnd: end,
              at,
            });
            return q.amountDueNow + q.creditToNextInvoice;
          };
          expect(size(late!)).toBeLessThanOrEqual(size(early!) + 1);
        },
      ),
    );
  });
});
