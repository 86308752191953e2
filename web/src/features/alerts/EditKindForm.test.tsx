import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AlertView } from '@coinpace/domain';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { resetPortfolioFeature } from '../portfolio/testing.ts';
import { AlertsPage } from './AlertsPage.tsx';
import { resetAlerts } from './alerts-store.ts';
import { activeBilling, alertView, statsWith } from './testing.ts';

describe('editing a portfolio-kind alert', () => {
  let api: FakeApi;
  const pnl = alertView({
    type: 'PortfolioGainLoss',
    scope: 'holding_pnl',
    coinId: null,
    coinSymbol: 'ETH',
    portfolioItemId: 'h-eth',
    thresholdType: 'Gain',
    thresholdValue: 25,
    measure: 'percent',
    notificationMethod: 'Email',
    direction: null,
    triggerPrice: null,
    distancePercent: null,
  });

  beforeEach(() => {
    resetAlerts();
    resetPortfolioFeature();
    api = installFakeApi()
      .on('GET', '/api/alerts/user/stats', { body: statsWith(0, 0) })
      .on('GET', '/api/alerts/user/history', { body: [] })
      .on('GET', '/api/users/me', { body: { user: { id: 'u1', email: 'a@b.c', phone: '+15550001111' } } })
      .on('GET', '/api/billing/user', { body: activeBilling() })
      .on('GET', '/api/portfolio', { body: [] })
      .on('GET', '/api/prices', { body: {} });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function openEdit(alert: AlertView) {
    api.on('GET', '/api/alerts/user', { body: [alert] });
    render(
      <MemoryRouter initialEntries={['/alerts']}>
        <Routes>
          <Route path="/alerts" element={<AlertsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Edit .* alert$/ }));
    return screen.findByRole('dialog', { name: 'Edit alert' });
  }

  it("shows a holding gain/loss alert's own fields and saves its side, measure and amount", async () => {
    api.on('PUT', '/api/alerts/a1', ({ body }) => ({
      body: { ...pnl, ...(body as object), thresholdValue: 1500 },
    }));
    const dialog = await openEdit(pnl);
    expect((within(dialog).getByLabelText('Portfolio alert') as HTMLSelectElement).value).toBe('holding_pnl');
    expect((within(dialog).getByLabelText('Portfolio alert') as HTMLSelectElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Holding') as HTMLInputElement).value).toBe('ETH');
    expect(
      (within(dialog).getByLabelText('Percent', { selector: '#kind-value' }) as HTMLInputElement).value,
    ).toBe('25');
    expect(within(dialog).getByText('ETH gain of 25% or more')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Condition'), { target: { value: 'Loss' } });
    fireEvent.click(within(dialog).getByLabelText('Amount'));
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a value for the alert.');
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '1,500' } });
    expect(within(dialog).getByText('ETH loss of $1,500.00 or more')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    });
    expect(api.callsTo('PUT', '/api/alerts/a1')[0]!.body).toEqual({
      thresholdType: 'Loss',
      thresholdValue: '1500',
      notificationMethod: 'Email',
      measure: 'amount',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit alert' })).toBeNull());
  });

  it("keeps a sync-problem alert's hours and refuses more than a week", async () => {
    const problem = alertView({
      type: 'PortfolioGainLoss',
      scope: 'sync_problem',
      coinId: null,
      coinSymbol: 'PORTFOLIO_TOTAL',
      thresholdType: 'Above',
      thresholdValue: 1,
      notificationMethod: 'Email',
    });
    api.on('PUT', '/api/alerts/a1', { body: { ...problem, thresholdValue: 6 } });
    const dialog = await openEdit(problem);
    expect(within(dialog).queryByLabelText('Holding')).toBeNull();
    const hours = within(dialog).getByLabelText('Failing for (hours)') as HTMLInputElement;
    expect(hours.value).toBe('1');
    fireEvent.change(hours, { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'A sync problem alert waits at most 168 hours.',
    );
    fireEvent.change(hours, { target: { value: '6' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    });
    expect(api.callsTo('PUT', '/api/alerts/a1')[0]!.body).toEqual({
      thresholdType: 'Above',
      thresholdValue: '6',
      notificationMethod: 'Email',
    });
  });
});
