/**
 * The one contract suite of the payment port, run against the Stripe adapter (with the fake Stripe server)
 * and the local provider (payments.contract.test.ts): what the billing service relies on, whichever provider
 * is configured.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError, PLANS, applyProviderWord, EMPTY_MIRROR, quotePlanChange } from '@coinpace/domain';
import { WebhookSignatureError, type PaymentProvider } from './port.ts';

export interface PaymentFixture {
  provider: PaymentProvider;
  /** Pays an open checkout session, as the user would on the provider's page. */
  pay(sessionId: string): Promise<void>;
  /** Abandons or cancels an open checkout session. */
  abandon(sessionId: string): Promise<void>;
  /** Moves the fixture's clock (provider and its peer) to `date`. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

export interface PaymentTarget {
  name: string;
  setup(start: Date): Promise<PaymentFixture>;
}

const START = new Date('2026-03-15T10:00:00Z');
const SUCCESS = 'http://app.test/account?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://app.test/dashboard';

export function runPaymentContract(target: PaymentTarget): void {
  describe(`payment contract: ${target.name}`, () => {
    let fx: PaymentFixture;
    let p: PaymentProvider;
    beforeEach(async () => {
      fx = await target.setup(START);
      p = fx.provider;
    });
    afterEach(() => fx.close());

    const checkout = (userId: string, planId: 'basic' | 'pro' | 'enterprise' = 'pro') =>
      p.createCheckoutSession({
        userId,
        email: `${userId}@example.test`,
        planId,
        successUrl: SUCCESS,
        cancelUrl: CANCEL,
      });

    async function subscribed(userId: string, planId: 'basic' | 'pro' | 'enterprise') {
      const created = await checkout(userId, planId);
      await fx.pay(created.sessionId);
      const session = await p.getCheckoutSession(created.sessionId);
      return p.getSubscription(session.subscriptionId!);
    }

    it('maps every plan to a price id and back, and refuses prices that are not ours', () => {
      const ids = PLANS.map((plan) => p.priceIdFor(plan.id));
      expect(new Set(ids).size).toBe(PLANS.length);
      for (const plan of PLANS) expect(p.planForPriceId(p.priceIdFor(plan.id))).toBe(plan.id);
      expect(p.planForPriceId('price_not_ours')).toBeNull();
    });

    it('opens a checkout session for the user and plan, with a URL to send the browser to', async () => {
      const created = await checkout('user-open', 'enterprise');
      expect(created.sessionId).toBeTruthy();
      expect(() => new URL(created.url)).not.toThrow();
      expect(created.customerId).toBeTruthy();
      expect(await p.getCheckoutSession(created.sessionId)).toEqual({
        sessionId: created.sessionId,
        status: 'open',
        userId: 'user-open',
        planId: 'enterprise',
        customerId: created.customerId,
        subscriptionId: null,
      });
    });

    it('a paid session reads back complete, with a monthly active subscription on the plan', async () => {
      const created = await checkout('user-paid', 'basic');
      await fx.pay(created.sessionId);
      const session = await p.getCheckoutSession(created.sessionId);
      expect(session).toMatchObject({ status: 'complete', userId: 'user-paid', planId: 'basic' });
      const sub = await p.getSubscription(session.subscriptionId!);
      expect(sub).toMatchObject({
        subscriptionId: session.subscriptionId,
        customerId: session.customerId,
        planId: 'basic',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodStart: START,
        currentPeriodEnd: new Date('2026-04-15T10:00:00Z'),
      });
      expect(
        applyProviderWord(EMPTY_MIRROR, { subscriptionId: sub.subscriptionId, snapshot: sub, ticket: 1 })
          .state,
      ).toMatchObject({ planId: 'basic', status: 'active' });
    });

    it('an abandoned session reads back expired, with no subscription', async () => {
      const created = await checkout('user-gone');
      await fx.abandon(created.sessionId);
      expect(await p.getCheckoutSession(created.sessionId)).toMatchObject({
        status: 'expired',
        subscriptionId: null,
      });
    });

    it('changes plan at once, up and down, keeping the one item', async () => {
      const sub = await subscribed('user-change', 'basic');
      fx.setNow(new Date('2026-03-20T10:00:00Z'));
      const up = await p.changePlan(sub.subscriptionId, 'enterprise');
      expect(up).toMatchObject({ planId: 'enterprise', status: 'active', itemId: sub.itemId });
      const down = await p.changePlan(sub.subscriptionId, 'pro');
      expect(down).toMatchObject({ planId: 'pro', itemId: sub.itemId });
      expect((await p.getSubscription(sub.subscriptionId)).planId).toBe('pro');
      expect((await p.changePlan(sub.subscriptionId, 'pro')).planId).toBe('pro');
    });

    it("lists an upgrade's prorated charge as an invoice of its own, for the amount the preview showed", async () => {
      const sub = await subscribed('user-upgrade-invoice', 'basic');
      const at = new Date('2026-03-20T10:00:00Z');
      fx.setNow(at);
      const quote = await p.previewPlanChange(sub.subscriptionId, 'enterprise', at);
      expect(quote.amountDueNow).toBeGreaterThan(0);
      await p.changePlan(sub.subscriptionId, 'enterprise', { prorationDate: at });
      const { customerId } = await p.getSubscription(sub.subscriptionId);
      const invoices = await p.listInvoices({ userId: 'user-upgrade-invoice', customerId });
      expect(invoices.map((invoice) => invoice.amountCents)).toContain(quote.amountDueNow);
      expect(invoices.find((invoice) => invoice.amountCents === quote.amountDueNow)).toMatchObject({
        planId: 'enterprise',
        status: 'paid',
      });
    });

    it("holds a downgrade's unused time as the customer's credit, the amount the preview showed", async () => {
      const sub = await subscribed('user-downgrade-credit', 'enterprise');
      expect(await p.creditBalance({ userId: 'user-downgrade-credit', customerId: sub.customerId })).toBe(0);
      const at = new Date('2026-03-20T10:00:00Z');
      fx.setNow(at);
      const quote = await p.previewPlanChange(sub.subscriptionId, 'basic', at);
      expect(quote.creditToNextInvoice).toBeGreaterThan(0);
      await p.changePlan(sub.subscriptionId, 'basic', { prorationDate: at });
      expect(await p.creditBalance({ userId: 'user-downgrade-credit', customerId: sub.customerId })).toBe(
        quote.creditToNextInvoice,
      );
      // An upgrade is charged now and leaves no credit behind.
      const other = await subscribed('user-upgrade-credit', 'basic');
      await p.changePlan(other.subscriptionId, 'pro', { prorationDate: at });
      expect(await p.creditBalance({ userId: 'user-upgrade-credit', customerId: other.customerId })).toBe(0);
    });

    it('previews a change with the proration of the domain rule, and changes nothing', async () => {
      const sub = await subscribed('user-preview', 'pro');
      const at = new Date('2026-03-25T10:00:00Z');
      fx.setNow(at);
      const period = { periodStart: sub.currentPeriodStart, periodEnd: sub.currentPeriodEnd, at };
      for (const planId of ['enterprise', 'basic'] as const) {
        const quote = await p.previewPlanChange(sub.subscriptionId, planId, at);
        const expected = quotePlanChange({ fromPlanId: 'pro', toPlanId: planId, ...period });
        const { lines, ...figures } = quote;
        const { lines: expectedLines, ...expectedFigures } = expected;
        expect(figures).toEqual(expectedFigures);
        expect(lines.filter((l) => l.proration).map((l) => [l.amount, l.periodStart, l.periodEnd])).toEqual(
          expectedLines.map((l) => [l.amount, l.periodStart, l.periodEnd]),
        );
        expect(lines.every((l) => l.description.length > 0)).toBe(true);
      }
      expect((await p.getSubscription(sub.subscriptionId)).planId).toBe('pro');
      await expect(p.previewPlanChange(sub.subscriptionId, 'pro', at)).rejects.toMatchObject({ status: 400 });
    });

    it('cancels at the period end keeping access, and reactivates', async () => {
      const sub = await subscribed('user-cancel', 'pro');
      const canceling = await p.setCancelAtPeriodEnd(sub.subscriptionId, true);
      expect(canceling).toMatchObject({ status: 'active', planId: 'pro', cancelAtPeriodEnd: true });
      expect(canceling.currentPeriodEnd).toEqual(sub.currentPeriodEnd);
      const again = await p.setCancelAtPeriodEnd(sub.subscriptionId, false);
      expect(again).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      expect((await p.getSubscription(sub.subscriptionId)).cancelAtPeriodEnd).toBe(false);
    });

    it('cancels now, and a second cancel is harmless', async () => {
      const sub = await subscribed('user-end', 'enterprise');
      expect(await p.cancelNow(sub.subscriptionId)).toMatchObject({
        status: 'canceled',
        cancelAtPeriodEnd: false,
      });
      expect((await p.cancelNow(sub.subscriptionId)).status).toBe('canceled');
      expect((await p.getSubscription(sub.subscriptionId)).status).toBe('canceled');
    });

    it('unknown sessions and subscriptions are NOT_FOUND', async () => {
      const missing = (run: () => Promise<unknown>) =>
        expect(run()).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
      await missing(() => p.getCheckoutSession('cs_missing'));
      await missing(() => p.getSubscription('sub_missing'));
      await missing(() => p.cancelNow('sub_missing'));
    });

    it('refuses a webhook without a valid signature', () => {
      let caught: unknown;
      try {
        p.parseWebhook('{"id":"evt_1","type":"invoice.paid"}', 't=1,v1=bad', START);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(WebhookSignatureError);
      expect(caught).toBeInstanceOf(AppError);
      expect(caught).toMatchObject({ status: 400 });
    });
  });
}
