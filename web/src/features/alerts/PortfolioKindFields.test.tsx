import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { resetPortfolioFeature } from '../portfolio/testing.ts';
import { AlertsPage } from './AlertsPage.tsx';
import { resetAlerts } from './alerts-store.ts';
import { activeBilling, alertView, statsWith } from './testing.ts';

describe("the Add Price Alert dialog's Portfolio group", () => {
  let api: FakeApi;
  const eth = holding({
    id: 'h-eth',
    symbol: 'ETH',
    name: 'Ethereum',
    coingeckoId: 'ethereum',
    quantity: '2',
    purchasePrice: '2000',
    currentPrice: 3800,
  });

  beforeEach(() => {
    resetAlerts();
    resetPortfolioFeature();
    api = installFakeApi()
      .on('GET', '/api/alerts/user', { body: [] })
      .on('GET', '/api/alerts/user/stats', { body: statsWith(0, 0) })
      .on('GET', '/api/alerts/user/history', { body: [] })
      .on('GET', '/api/users/me', { body: { user: { id: 'u1', email: 'a@b.c', phone: '+15550001111' } } })
      .on('GET', '/api/billing/user', { body: activeBilling() })
      .on('GET', '/api/portfolio', { body: [eth] })
      .on('GET', '/api/prices', { body: {} })
      .on('POST', '/api/alerts', {
        status: 201,
        body: {
          created: 1,
          alerts: [alertView({ id: 'k1', scope: 'portfolio_value', coinSymbol: 'PORTFOLIO_TOTAL' })],
        },
      });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function openGroup() {
    render(
      <MemoryRouter initialEntries={['/alerts']}>
        <Routes>
          <Route path="/alerts" element={<AlertsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByTestId('usage-channels');
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Price Alert' })[0]!);
    const modal = await screen.findByRole('dialog', { name: 'Add Price Alert' });
    fireEvent.click(within(modal).getByRole('tab', { name: 'Portfolio' }));
    return modal;
  }

  it('sets a portfolio value alert with an amount in the display currency, previewed in words', async () => {
    const modal = await openGroup();
    expect(within(modal).getByLabelText('Portfolio alert')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Amount (USD)'), { target: { value: '50,000' } });
    expect(within(modal).getByText('Portfolio value above $50,000.00')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'Create Alert' }));
    });
    expect(api.callsTo('POST', '/api/alerts')[0]!.body).toMatchObject({
      kind: 'portfolio_value',
      thresholdType: 'Above',
      thresholdValue: '50000',
      currency: 'usd',
    });
  });

  it('asks for the holding of an allocation alert, then sends it with the holding and side', async () => {
    const modal = await openGroup();
    fireEvent.change(within(modal).getByLabelText('Portfolio alert'), { target: { value: 'allocation' } });
    fireEvent.change(within(modal).getByLabelText('Percent'), { target: { value: '40' } });
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'Create Alert' }));
    });
    expect(within(modal).getByRole('alert').textContent).toBe('Please choose the holding the alert is on.');
    expect(api.callsTo('POST', '/api/alerts')).toHaveLength(0);
    fireEvent.change(within(modal).getByLabelText('Coin'), { target: { value: 'h-eth' } });
    fireEvent.change(within(modal).getByLabelText('Condition'), { target: { value: 'Below' } });
    expect(within(modal).getByText('ETH below 40% of portfolio')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'Create Alert' }));
    });
    expect(api.callsTo('POST', '/api/alerts')[0]!.body).toMatchObject({
      kind: 'allocation',
      thresholdType: 'Below',
      thresholdValue: '40',
      holdingId: 'h-eth',
    });
  });

  it('offers percent or amount for a holding gain or loss', async () => {
    const modal = await openGroup();
    fireEvent.change(within(modal).getByLabelText('Portfolio alert'), { target: { value: 'holding_pnl' } });
    fireEvent.change(within(modal).getByLabelText('Holding'), { target: { value: 'h-eth' } });
    fireEvent.click(within(modal).getByLabelText('Amount'));
    fireEvent.change(within(modal).getByLabelText('Amount (USD)'), { target: { value: '1000' } });
    expect(within(modal).getByText('ETH gain of $1,000.00 or more')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'Create Alert' }));
    });
    expect(api.callsTo('POST', '/api/alerts')[0]!.body).toMatchObject({
      kind: 'holding_pnl',
      thresholdType: 'Gain',
      measure: 'amount',
      holdingId: 'h-eth',
    });
  });

  it('sets a movement alert on every coin or one holding, with the way the coins went and their worth', async () => {
    const modal = await openGroup();
    fireEvent.change(within(modal).getByLabelText('Portfolio alert'), { target: { value: 'movement' } });
    expect((within(modal).getByLabelText('Holding') as HTMLSelectElement).value).toBe('');
    fireEvent.change(within(modal).getByLabelText('Condition'), { target: { value: 'Loss' } });
    fireEvent.change(within(modal).getByLabelText('Worth at least (USD)'), { target: { value: '250' } });
    expect(
      within(modal).getByText('Coins leaving an exchange or wallet, worth $250.00 or more'),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'Create Alert' }));
    });
    const body = api.callsTo('POST', '/api/alerts')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'movement', thresholdType: 'Loss', thresholdValue: '250' });
    expect(body.holdingId).toBeUndefined();
  });

  it('sets a sync problem alert after an hour unless told otherwise, on no holding', async () => {
    const modal = await openGroup();
    fireEvent.change(within(modal).getByLabelText('Portfolio alert'), { target: { value: 'sync_problem' } });
    expect(within(modal).queryByLabelText('Holding')).toBeNull();
    expect((within(modal).getByLabelText('Failing for (hours)') as HTMLInputElement).value).toBe('1');
    expect(within(modal).getByText('Exchange or wallet not syncing for 1 hour')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'Create Alert' }));
    });
    expect(api.callsTo('POST', '/api/alerts')[0]!.body).toMatchObject({
      kind: 'sync_problem',
      thresholdType: 'Above',
      thresholdValue: '1',
    });
  });
});
