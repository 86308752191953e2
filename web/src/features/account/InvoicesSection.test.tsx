import type { InvoicesResponse } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@coinpace/domain';
import { setTokenGetter } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';
import { InvoicesSection } from './InvoicesSection.tsx';

const invoices: InvoicesResponse['invoices'] = [
  {
    id: 'in_2',
    date: '2026-04-15T10:00:00.000Z',
    plan: 'Token Run',
    amount: 29.99,
    currency: 'usd',
    status: 'paid',
  },
  {
    id: 'in_1',
    date: '2026-03-15T10:00:00.000Z',
    plan: 'Token Run',
    amount: 29.99,
    currency: 'usd',
    status: 'open',
  },
];

/** A load the test settles when it wants, to see the loading state first. */
function deferredLoad() {
  let settle!: { resolve: (v: InvoicesResponse) => void; reject: (e: unknown) => void };
  const load = vi.fn(
    () =>
      new Promise<InvoicesResponse>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { load, settle: () => settle };
}

const calls: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  setTokenGetter(async () => 'token');
  useAuth.setState({
    status: 'signedIn',
    mode: 'local',
    user: { id: 'user-9', clerkId: 'local_9', email: 'x@example.test', firstName: null },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify({ url: 'https://billing.example/portal' }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InvoicesSection', () => {
  it('shows loading, then each invoice with date, plan, amount and status', async () => {
    const { load, settle } = deferredLoad();
    render(<InvoicesSection load={load} goTo={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Loading invoices...');
    await act(async () => settle().resolve({ invoices, credit: 0 }));
    const rows = within(screen.getByRole('table', { name: 'Invoices' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DatePlanAmountStatus',
      'Apr 15, 2026Token Run$29.99Paid',
      'Mar 15, 2026Token Run$29.99Due',
    ]);
  });

  it('shows the credit a downgrade left, and nothing about credit when there is none', async () => {
    const { load, settle } = deferredLoad();
    render(<InvoicesSection load={load} goTo={() => {}} />);
    await act(async () => settle().resolve({ invoices, credit: 29.8 }));
    expect(screen.getByTestId('billing-credit').textContent).toBe(
      'Credit: $29.80, applied to your next invoices.',
    );
    cleanup();
    const none = deferredLoad();
    render(<InvoicesSection load={none.load} goTo={() => {}} />);
    await act(async () => none.settle().resolve({ invoices, credit: 0 }));
    expect(screen.queryByText(/Credit:/)).toBeNull();
  });

  it('says so when there are no invoices yet', async () => {
    const { load, settle } = deferredLoad();
    render(<InvoicesSection load={load} goTo={() => {}} />);
    await act(async () => settle().resolve({ invoices: [], credit: 0 }));
    expect(screen.getByText('No invoices yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error with a Retry button that loads again', async () => {
    const { load, settle } = deferredLoad();
    render(<InvoicesSection load={load} goTo={() => {}} />);
    await act(async () =>
      settle().reject(new AppError('UNAVAILABLE', { message: 'The payment provider is unavailable.' })),
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Could not load your invoices: The payment provider is unavailable.',
    );
    const retry = screen.getByRole('button', { name: 'Retry' });
    retry.focus();
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => settle().resolve({ invoices, credit: 0 }));
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('"Manage payment method and invoices" is a keyboard-reachable button that opens the portal', async () => {
    const { load, settle } = deferredLoad();
    const goTo = vi.fn();
    render(<InvoicesSection load={load} goTo={goTo} />);
    await act(async () => settle().resolve({ invoices, credit: 0 }));
    const manage = screen.getByRole('button', { name: 'Manage payment method and invoices' });
    expect(manage.tagName).toBe('BUTTON');
    expect(manage.getAttribute('tabindex')).toBeNull();
    manage.focus();
    expect(document.activeElement).toBe(manage);
    await act(async () => fireEvent.click(manage));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/billing/portal-session',
        body: { userId: 'user-9', returnUrl: window.location.href },
      },
    ]);
    expect(goTo).toHaveBeenCalledWith('https://billing.example/portal');
  });
});
