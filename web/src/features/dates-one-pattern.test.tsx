/** Every screen writes dates the one way of domain's formatDate / formatDateTime: 'Apr 15, 2026[, 10:30 AM]'. */
import { DATE_PATTERN, type AlertEventView, type BillingInfo } from '@coinpace/domain';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenGetter } from '../lib/api-client.ts';
import { PlanSection } from './account/PlanSection.tsx';
import { AlertHistoryDialog } from './alerts/AlertHistoryDialog.tsx';
import { useBilling } from './billing/billing-store.ts';
import { InvoicesList } from './billing/InvoicesList.tsx';

const FIRED: AlertEventView = {
  id: 'e1',
  alertId: 'a1',
  coinSymbol: 'BTC',
  scope: 'coin',
  thresholdType: 'Above',
  thresholdValue: 100000,
  tickId: 't',
  price: 101000,
  triggerPrice: 100000,
  currency: 'usd',
  channels: ['email'],
  outcome: 'delivered',
  detail: null,
  firedAt: '2026-05-01T10:00:00.000Z',
  deliveries: [],
};

/** The date-like texts of `root`: anything with a year in it, as its own text node. */
function datesIn(root: HTMLElement): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (/\b20\d\d\b/.test(text)) out.push(text);
  }
  return out;
}

beforeEach(() => {
  setTokenGetter(async () => 'token');
  vi.stubGlobal('fetch', async (url: string) =>
    url.includes('/history') ? Response.json([FIRED]) : Response.json({ error: 'not here' }, { status: 404 }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dates in one pattern', () => {
  it('alert history, invoices and the plan write dates alike', async () => {
    render(<AlertHistoryDialog alertId="a1" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/BTC at/);
    const history = datesIn(dialog);
    expect(history).toHaveLength(1);
    cleanup();

    const load = async () => ({
      invoices: [
        {
          id: 'in_1',
          date: '2026-03-15T10:00:00.000Z',
          plan: 'Token Run',
          amount: 14.99,
          currency: 'usd',
          status: 'paid' as const,
        },
      ],
      credit: 0,
    });
    render(<InvoicesList load={load} />);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const invoices = datesIn(table);
    cleanup();

    const info: BillingInfo = {
      plan: 'Token Run',
      planStatus: 'active',
      accountStatus: 'Active',
      isInTrial: false,
      daysRemaining: 12,
      cancelAtPeriodEnd: true,
      billingCycleEnd: '2026-04-15T10:00:00.000Z',
      planLimits: { totalAlerts: 200, smsAlerts: 100, emailAlerts: 100 },
      alertUsage: { alertsSent: 15, remaining: 185 },
    };
    act(() => useBilling.setState({ status: 'ready', info, error: null }));
    render(<PlanSection />);
    const plan = datesIn(screen.getByRole('region', { name: 'Your plan' }));

    const all = [...history, ...invoices, ...plan];
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const text of all) expect(text).toMatch(DATE_PATTERN);
  });
});
