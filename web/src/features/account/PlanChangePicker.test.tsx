import type { BillingInfo, PlanChangePreviewResponse } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { useBillingNotice } from '../billing/billing-notice.ts';
import { useBilling } from '../billing/billing-store.ts';
import { PlanSection } from './PlanSection.tsx';

const TOKEN_RUN: BillingInfo = {
  plan: 'Token Run',
  planStatus: 'active',
  accountStatus: 'Active',
  isInTrial: false,
  daysRemaining: 21,
  cancelAtPeriodEnd: false,
  billingCycleEnd: '2026-04-15T10:00:00.000Z',
  planLimits: { totalAlerts: 200, smsAlerts: 100, emailAlerts: 100 },
  alertUsage: { alertsSent: 15, remaining: 185 },
};
const MOON_RACE: BillingInfo = {
  ...TOKEN_RUN,
  plan: 'Moon Race',
  planLimits: { totalAlerts: 1000, smsAlerts: 500, emailAlerts: 500 },
  alertUsage: { alertsSent: 15, remaining: 985 },
};

const UPGRADE: PlanChangePreviewResponse = {
  planId: 'enterprise',
  plan: 'Moon Race',
  fromPlanId: 'pro',
  fromPlan: 'Token Run',
  direction: 'upgrade',
  amountDueNow: 2371,
  creditToNextInvoice: 0,
  nextInvoiceAmount: 4999,
  currency: 'usd',
  effectiveAt: '2026-03-25T10:00:00.000Z',
  periodEnd: '2026-04-15T10:00:00.000Z',
  lines: [
    {
      description: 'Unused time on Token Run after 25 Mar 2026',
      amount: -1015,
      proration: true,
      periodStart: '2026-03-25T10:00:00.000Z',
      periodEnd: '2026-04-15T10:00:00.000Z',
    },
    {
      description: 'Remaining time on Moon Race after 25 Mar 2026',
      amount: 3386,
      proration: true,
      periodStart: '2026-03-25T10:00:00.000Z',
      periodEnd: '2026-04-15T10:00:00.000Z',
    },
  ],
  allowances: { notifications: { total: 1000, sms: 500, email: 500 }, setupCap: 5000 },
  usage: { notifications: { total: 15, sms: 5, email: 10 }, alertsSetUp: 12 },
};
const DOWNGRADE: PlanChangePreviewResponse = {
  ...UPGRADE,
  planId: 'basic',
  plan: 'Coinpace',
  fromPlanId: 'enterprise',
  fromPlan: 'Moon Race',
  direction: 'downgrade',
  amountDueNow: 0,
  creditToNextInvoice: 2980,
  nextInvoiceAmount: 0,
  allowances: { notifications: { total: 50, sms: 25, email: 25 }, setupCap: 200 },
  usage: { notifications: { total: 120, sms: 60, email: 60 }, alertsSetUp: 300 },
};

let api: FakeApi;
const show = (info: BillingInfo) => {
  act(() => useBilling.setState({ status: 'ready', info, error: null }));
  render(<PlanSection />);
  return screen.getByRole('region', { name: 'Your plan' });
};
const choice = (name: string) => screen.getByRole('heading', { name, level: 4 }).closest('li')!;

beforeEach(() => {
  api = installFakeApi();
  useBillingNotice.setState({ notice: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('plan picker', () => {
  it('shows every plan with price and allowances, the current one marked, Upgrade above and Downgrade below', () => {
    show(TOKEN_RUN);
    const [basic, pro, enterprise] = ['Coinpace', 'Token Run', 'Moon Race'].map(choice);
    within(basic!).getByText('$5.99');
    within(basic!).getByText('50 alerts a month (25 SMS, 25 e-mail); up to 200 alerts set up');
    within(pro!).getByText('$14.99');
    within(pro!).getByText('Current plan');
    expect(within(pro!).queryByRole('button')).toBeNull();
    within(enterprise!).getByText('1,000 alerts a month (500 SMS, 500 e-mail); up to 5,000 alerts set up');
    within(basic!).getByRole('button', { name: 'Downgrade' });
    within(enterprise!).getByRole('button', { name: 'Upgrade' });
  });

  it('from the top plan the way is down', () => {
    const section = show(MOON_RACE);
    expect(within(section).queryByRole('button', { name: 'Upgrade' })).toBeNull();
    expect(within(section).getAllByRole('button', { name: 'Downgrade' })).toHaveLength(2);
    within(choice('Moon Race')).getByText('Current plan');
  });

  it('a plan set to end cannot be changed until reactivated', () => {
    const section = show({ ...TOKEN_RUN, cancelAtPeriodEnd: true });
    within(section).getByText('Your plan is set to end. Reactivate it to change plan.');
    expect(within(section).queryByRole('button', { name: /grade$/ })).toBeNull();
  });

  it('Upgrade asks first with the price charged now, then changes at the previewed moment', async () => {
    api.on('POST', '/api/billing/plan-change/preview', { body: UPGRADE });
    api.on('POST', '/api/billing/plan-change', {
      body: {
        success: true,
        plan: 'Moon Race',
        billing: MOON_RACE,
        message: 'Your plan is now Moon Race.',
        amountCharged: 2371,
      },
    });
    show(TOKEN_RUN);
    fireEvent.click(within(choice('Moon Race')).getByRole('button', { name: 'Upgrade' }));

    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Moon Race?' });
    await within(dialog).findByText('$23.71', { selector: 'strong' });
    within(dialog).getByText('1,000 alerts a month (500 SMS, 500 e-mail)');
    within(dialog).getByText('Now (Mar 25, 2026)');
    within(dialog).getByText(/From Apr 15, 2026 you pay \$49\.99 a month/);
    within(dialog).getByText('Remaining time on Moon Race after 25 Mar 2026');
    expect(api.callsTo('POST', '/api/billing/plan-change/preview')[0]?.body).toEqual({
      planId: 'enterprise',
    });
    expect(api.callsTo('POST', '/api/billing/plan-change')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm upgrade' }));
    await vi.waitFor(() => expect(useBilling.getState().info?.plan).toBe('Moon Race'));
    expect(api.callsTo('POST', '/api/billing/plan-change')[0]?.body).toEqual({
      planId: 'enterprise',
      effectiveAt: '2026-03-25T10:00:00.000Z',
    });
    expect(useBillingNotice.getState().notice).toEqual({
      kind: 'success',
      text: 'Your plan is now Moon Race.',
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    within(choice('Moon Race')).getByText('Current plan');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Moon Race', level: 4 }));
  });

  it('Downgrade says nothing is charged, the credit, and what stops because of what was used', async () => {
    api.on('POST', '/api/billing/plan-change/preview', { body: DOWNGRADE });
    show(MOON_RACE);
    fireEvent.click(within(choice('Coinpace')).getByRole('button', { name: 'Downgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Coinpace?' });
    await within(dialog).findByText('$0.00', { selector: 'strong' });
    within(dialog).getByText(/a credit of \$29\.80 that comes off your next invoice on Apr 15, 2026/);
    within(dialog).getByText(/The \$23\.81 left over stays as credit for the invoices after that\./);
    within(dialog).getByText(
      'You have used 120 alerts this period; Coinpace allows 50, so no more alerts will be sent until your plan renews on Apr 15, 2026.',
    );
    within(dialog).getByText(
      'You have 300 alerts set up; Coinpace allows 200. They keep working, but you cannot add more until you have fewer than 200.',
    );
    within(dialog).getByRole('button', { name: 'Confirm downgrade' });
  });

  it('keyboard: Tab stays inside, Escape closes without changing anything and focus returns to the button', async () => {
    api.on('POST', '/api/billing/plan-change/preview', { body: UPGRADE });
    show(TOKEN_RUN);
    const upgrade = within(choice('Moon Race')).getByRole('button', { name: 'Upgrade' });
    upgrade.focus();
    fireEvent.click(upgrade);
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Moon Race?' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm upgrade' });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));

    act(() => {
      document.querySelector('dialog')!.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(upgrade);
    expect(api.callsTo('POST', '/api/billing/plan-change')).toHaveLength(0);
  });

  it('a failed preview or change says so and keeps the plan', async () => {
    api.on('POST', '/api/billing/plan-change/preview', {
      status: 503,
      body: { error: 'The payment provider is unavailable' },
    });
    show(TOKEN_RUN);
    fireEvent.click(within(choice('Moon Race')).getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Failed to load the price: The payment provider is unavailable');
    expect(within(dialog).getByRole('button', { name: 'Confirm upgrade' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    api.on('POST', '/api/billing/plan-change/preview', { body: UPGRADE });
    api.on('POST', '/api/billing/plan-change', {
      status: 409,
      body: { error: 'The payment for Moon Race did not go through, so your plan is unchanged.' },
    });
    fireEvent.click(within(choice('Moon Race')).getByRole('button', { name: 'Upgrade' }));
    const again = await screen.findByRole('dialog', { name: 'Upgrade to Moon Race?' });
    fireEvent.click(await within(again).findByRole('button', { name: 'Confirm upgrade' }));
    await within(again).findByText(
      'Failed to change plan: The payment for Moon Race did not go through, so your plan is unchanged.',
    );
    expect(useBilling.getState().info?.plan).toBe('Token Run');
  });
});
