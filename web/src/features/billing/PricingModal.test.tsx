import { PLANS, type PlanView } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenGetter } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';
import { useBillingNotice } from './billing-notice.ts';
import { resetBilling } from './billing-store.ts';
import { resetPlans } from './plans-store.ts';
import { PricingModal } from './PricingModal.tsx';
import { closePricingModal, openPricingModal, usePricingModal } from './pricing-modal-store.ts';

const PLAN_VIEWS: PlanView[] = PLANS.map((p) => ({
  id: p.id,
  name: p.name,
  price: p.price,
  interval: 'month',
  priceId: `local_${p.id}`,
  features: { ...p.features, additionalFeatures: [...p.features.additionalFeatures] },
  setupCap: p.setupCap,
  popular: p.popular,
}));

/** The browser's network boundary: answers the billing routes; checkout answers come from `checkout`. */
let checkout: () => Promise<unknown>;
const requests: { method: string; path: string; body: unknown }[] = [];
beforeEach(() => {
  requests.length = 0;
  resetPlans();
  resetBilling();
  useBillingNotice.setState({ notice: null });
  useAuth.setState({
    status: 'signedIn',
    mode: 'local',
    user: { id: 'user-1', clerkId: 'local_1', email: 'a@example.test', firstName: 'A' },
  });
  setTokenGetter(async () => 'token-1');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://app.test').pathname;
    const method = init.method ?? 'GET';
    requests.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (path === '/api/billing/plans') return json({ provider: 'local', plans: PLAN_VIEWS });
    if (path === '/api/billing/create-checkout-session') return json(await checkout());
    if (path === '/api/billing/user') return json({ plan: 'Moon Race', accountStatus: 'Active' });
    return new Response(JSON.stringify({ error: 'not here' }), { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  closePricingModal();
  vi.unstubAllGlobals();
});

function renderModal(goTo = vi.fn()) {
  render(<PricingModal checkout={{ goTo, origin: 'http://app.test' }} />);
  return goTo;
}

describe('pricing modal', () => {
  it('congratulates after an import and shows the cards, popular flag and footer notes', async () => {
    renderModal();
    act(() => openPricingModal(3));
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    within(dialog).getByText('3 coin(s) added to your portfolio');
    within(dialog).getByText('To monitor your portfolio with alerts, choose a plan:');
    await within(dialog).findByRole('button', { name: 'Choose Token Run' });
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^Choose / })
        .map((b) => b.textContent),
    ).toEqual(['Choose Coinpace', 'Choose Token Run', 'Choose Moon Race']);
    const popular = within(dialog).getByText('Most Popular').closest('article');
    expect(popular?.getAttribute('data-plan')).toBe('pro');
    within(dialog).getByText('$14.99');
    within(dialog).getByText('200 total alerts');
    within(dialog).getByText('All plans are billed monthly. You can upgrade, downgrade, or cancel anytime.');
    within(dialog).getByText(
      'Each alert counts toward your monthly allowance regardless of delivery method (SMS or Email).',
    );
    expect(within(dialog).queryByText(/You now track/)).toBeNull();
    // After an import, what it added and all the portfolio tracks are said apart.
    act(() => openPricingModal(2, 10));
    within(dialog).getByText('2 coin(s) added to your portfolio');
    within(dialog).getByText('You now track 10 coin(s) in all.');
    act(() => openPricingModal(1));
    await within(dialog).findByText('1 coin(s) added to your portfolio');
  });

  it('shows Processing... on the chosen card, disables the others, then goes to the checkout URL', async () => {
    let answer!: (value: unknown) => void;
    checkout = () => new Promise((resolve) => (answer = resolve));
    const goTo = renderModal();
    act(() => openPricingModal());
    const dialog = await screen.findByRole('dialog', { name: 'Choose your plan' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Choose Token Run' }));

    const busy = await within(dialog).findByRole('button', { name: /Processing\.\.\./ });
    expect(busy.closest('article')?.getAttribute('data-plan')).toBe('pro');
    expect(busy.hasAttribute('disabled')).toBe(true);
    for (const name of ['Choose Coinpace', 'Choose Moon Race', 'Skip for now']) {
      expect(within(dialog).getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    }
    expect(requests.find((r) => r.path === '/api/billing/create-checkout-session')?.body).toEqual({
      priceId: 'local_pro',
      userId: 'user-1',
      successUrl: 'http://app.test/account?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app.test/dashboard',
    });

    await act(async () =>
      answer({ url: 'http://app.test/billing/local-checkout/local_1', sessionId: 'local_1' }),
    );
    expect(goTo).toHaveBeenCalledWith('http://app.test/billing/local-checkout/local_1');
  });

  it('an upgrade answer closes the modal, announces the plan and reloads billing', async () => {
    checkout = async () => ({ upgrade: true, plan: 'Moon Race', message: 'Your plan is now Moon Race.' });
    const goTo = renderModal();
    act(() => openPricingModal());
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Moon Race' }));
    await vi.waitFor(() => expect(usePricingModal.getState().open).toBe(false));
    expect(useBillingNotice.getState().notice).toEqual({
      kind: 'success',
      text: 'Your plan is now Moon Race.',
    });
    expect(requests.some((r) => r.path === '/api/billing/user')).toBe(true);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('a current answer says it is the current plan, with the message', async () => {
    checkout = async () => ({
      current: true,
      plan: 'Coinpace',
      message: 'Coinpace is already your current plan.',
    });
    renderModal();
    act(() => openPricingModal());
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Coinpace' }));
    await vi.waitFor(() => expect(useBillingNotice.getState().notice?.kind).toBe('info'));
    expect(useBillingNotice.getState().notice?.text).toBe(
      'This is your current plan. Coinpace is already your current plan.',
    );
  });

  it('an answer without a URL is an error on the modal, and the cards come back', async () => {
    checkout = async () => ({});
    renderModal();
    act(() => openPricingModal());
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Choose Token Run' }));
    await within(dialog).findByText('Failed to start checkout process: No checkout URL received from server');
    expect(within(dialog).getByRole('button', { name: 'Choose Token Run' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(usePricingModal.getState().open).toBe(true);
  });

  it('Skip for now closes it', async () => {
    renderModal();
    act(() => openPricingModal(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(usePricingModal.getState()).toEqual({ open: false, coinsAdded: null, coinsTracked: null });
  });
});
