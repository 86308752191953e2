import type { BillingInfo } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenGetter } from '../../lib/api-client.ts';
import { useBillingNotice } from '../billing/billing-notice.ts';
import { useBilling } from '../billing/billing-store.ts';
import { closePricingModal, usePricingModal } from '../billing/pricing-modal-store.ts';
import { PlanSection } from './PlanSection.tsx';

const ACTIVE: BillingInfo = {
  plan: 'Token Run',
  planStatus: 'active',
  accountStatus: 'Active',
  isInTrial: false,
  daysRemaining: 12,
  cancelAtPeriodEnd: false,
  billingCycleEnd: '2026-04-15T10:00:00.000Z',
  planLimits: { totalAlerts: 200, smsAlerts: 100, emailAlerts: 100 },
  alertUsage: { alertsSent: 15, remaining: 185 },
};
const NONE: BillingInfo = {
  ...ACTIVE,
  plan: 'None',
  planStatus: 'none',
  accountStatus: 'Pending',
  billingCycleEnd: null,
  planLimits: { totalAlerts: 0, smsAlerts: 0, emailAlerts: 0 },
  alertUsage: { alertsSent: 0, remaining: 0 },
};

const show = (info: BillingInfo) => {
  act(() => useBilling.setState({ status: 'ready', info, error: null }));
  render(<PlanSection />);
  return screen.getByRole('region', { name: 'Your plan' });
};

let answer: BillingInfo;
beforeEach(() => {
  setTokenGetter(async () => 'token');
  useBillingNotice.setState({ notice: null });
  vi.stubGlobal('fetch', async (url: string) => {
    const ok = url.endsWith('/cancel-subscription') || url.endsWith('/reactivate-subscription');
    return new Response(
      JSON.stringify(ok ? { success: true, plan: answer.plan, billing: answer } : { error: 'Boom' }),
      {
        status: ok ? 200 : 500,
      },
    );
  });
});
afterEach(() => {
  cleanup();
  closePricingModal();
  vi.unstubAllGlobals();
});

describe('account plan section', () => {
  it.each([
    ['no plan', NONE, 'You have no plan yet.'],
    [
      'a checkout not completed',
      { ...NONE, planStatus: 'pending' as const },
      'Your checkout was not completed',
    ],
    ['a trial', { ...ACTIVE, planStatus: 'trial' as const, isInTrial: true }, 'You are on a trial of'],
  ])('shows the plan picker for %s', (_name, info, text) => {
    const section = show(info);
    within(section).getByText(text, { exact: false });
    expect(within(section).queryByRole('button', { name: 'Cancel Plan' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Choose a Plan' }));
    expect(usePricingModal.getState().open).toBe(true);
  });

  it('an active plan shows usage, Cancel Plan, and Upgrade asks in a dialog (not the pricing modal)', async () => {
    const section = show(ACTIVE);
    within(section).getByText('Token Run', { selector: 'strong' });
    within(section).getByText(/15 of 200 alerts used this billing period/);
    within(section).getByText('Renews on Apr 15, 2026');
    within(section).getByRole('button', { name: 'Cancel Plan' });
    fireEvent.click(within(section).getByRole('button', { name: 'Upgrade' }));
    await screen.findByRole('dialog', { name: 'Change to Moon Race?' });
    expect(usePricingModal.getState().open).toBe(false);
  });

  it('the top tier has no Upgrade, but can go down', () => {
    const section = show({ ...ACTIVE, plan: 'Moon Race' });
    expect(within(section).queryByRole('button', { name: 'Upgrade' })).toBeNull();
    expect(within(section).getAllByRole('button', { name: 'Downgrade' })).toHaveLength(2);
    within(section).getByRole('button', { name: 'Cancel Plan' });
  });

  it('a cancelled plan shows Access until and Reactivate Plan, and reactivating brings Cancel Plan back', async () => {
    const section = show({ ...ACTIVE, cancelAtPeriodEnd: true });
    within(section).getByText('Access until');
    within(section).getByText('Apr 15, 2026');
    expect(within(section).queryByRole('button', { name: 'Cancel Plan' })).toBeNull();
    answer = ACTIVE;
    fireEvent.click(within(section).getByRole('button', { name: 'Reactivate Plan' }));
    await within(section).findByRole('button', { name: 'Cancel Plan' });
    expect(useBillingNotice.getState().notice?.kind).toBe('success');
  });

  it('Cancel Plan asks first, then keeps access until the period end', async () => {
    const section = show(ACTIVE);
    answer = { ...ACTIVE, cancelAtPeriodEnd: true };
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your plan?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Plan' }));
    await within(section).findByText('Access until');
  });

  it('a failed cancel says so', async () => {
    const section = show({ ...ACTIVE, cancelAtPeriodEnd: true });
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'Down' }), { status: 503 }));
    fireEvent.click(within(section).getByRole('button', { name: 'Reactivate Plan' }));
    await vi.waitFor(() =>
      expect(useBillingNotice.getState().notice).toEqual({
        kind: 'error',
        text: 'Failed to reactivate subscription',
      }),
    );
  });
});
