import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { useCurrency } from '../currency/currency-store.ts';
import { resetPortfolioFeature } from '../portfolio/testing.ts';
import { AlertsPage } from './AlertsPage.tsx';
import { resetAlerts } from './alerts-store.ts';
import { activeBilling, alertView, statsWith } from './testing.ts';

function renderAlertsPage(path = '/alerts') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/alerts" element={<AlertsPage />} />
        <Route path="/account" element={<p>account page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AlertsPage', () => {
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
      .on('GET', '/api/alerts/user', { body: [alertView()] })
      .on('GET', '/api/alerts/user/stats', { body: statsWith(0, 0) })
      .on('GET', '/api/alerts/user/history', { body: [] })
      .on('GET', '/api/users/me', { body: { user: { id: 'u1', email: 'a@b.c', phone: '+15550001111' } } })
      .on('GET', '/api/billing/user', { body: activeBilling() })
      .on('GET', '/api/portfolio', { body: [eth] })
      .on('GET', '/api/prices', { body: {} });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  describe('allowance per channel', () => {
    it('shows what each channel has left, and says SMS alerts are used up while e-mail still goes out', async () => {
      api
        .on('GET', '/api/billing/user', { body: activeBilling(25) })
        .on('GET', '/api/alerts/user/stats', { body: statsWith(0, 25) });
      renderAlertsPage();
      const banner = await screen.findByTestId('usage-channels');
      expect(banner.textContent).toBe('E-mail: 25/25 leftSMS: 0/25 left · Limit reached');
      const usage = banner.closest('.usage-banner')!;
      expect(usage.getAttribute('data-level')).toBe('warning');
      expect(usage.textContent).not.toContain('25/50');
      expect(usage.textContent).toContain('No SMS alerts left. Alerts go out by e-mail only');
    });

    it("an SMS-only alert with SMS used up gets 'Alert Limit Reached' for SMS, and nothing is sent to the server", async () => {
      api
        .on('GET', '/api/billing/user', { body: activeBilling(25) })
        .on('GET', '/api/alerts/user/stats', { body: statsWith(0, 25) });
      renderAlertsPage();
      await screen.findByTestId('usage-channels');
      fireEvent.click(screen.getAllByRole('button', { name: 'Add Price Alert' })[0]!);
      const modal = await screen.findByRole('dialog', { name: 'Add Price Alert' });
      fireEvent.click(within(modal).getByRole('checkbox', { name: /ETH/ }));
      fireEvent.change(within(modal).getByLabelText('Price (USD)'), { target: { value: '5000' } });
      expect(within(modal).getByTestId('channels-left').textContent).toBe(
        'Left this billing period: 25 e-mail, 0 SMS',
      );
      expect(within(modal).getByText(/this alert will only go out by e-mail/)).toBeTruthy();
      fireEvent.click(within(modal).getByLabelText('Email'));
      expect(within(modal).getByText(/this alert would send nothing/)).toBeTruthy();
      await act(async () => {
        fireEvent.click(within(modal).getByRole('button', { name: 'Create Alert' }));
      });
      const limit = await screen.findByRole('dialog', { name: 'Alert Limit Reached' });
      expect(limit.textContent).toContain(
        'You have used all of your SMS alerts for this billing period. Upgrade your plan or wait for your next billing cycle.',
      );
      expect(api.callsTo('POST', '/api/alerts')).toHaveLength(0);
    });

    it('blocks creating any alert when both channels are used up', async () => {
      api
        .on('GET', '/api/billing/user', { body: activeBilling(30) })
        .on('GET', '/api/alerts/user/stats', { body: statsWith(25, 25) });
      renderAlertsPage();
      const usage = (await screen.findByTestId('usage-channels')).closest('.usage-banner')!;
      expect(usage.getAttribute('data-level')).toBe('critical');
      fireEvent.click(screen.getAllByRole('button', { name: 'Add Price Alert' })[0]!);
      await screen.findByRole('dialog', { name: 'Alert Limit Reached' });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Price Alert' })).toBeNull());
    });
  });

  it('says plainly when a new alert is already true and that it will fire at the next price update', async () => {
    api.on('POST', '/api/alerts', { status: 201, body: { created: 1, alerts: [alertView({ id: 'a2' })] } });
    renderAlertsPage();
    await screen.findByTestId('usage-channels');
    fireEvent.click(screen.getAllByRole('button', { name: 'Add Price Alert' })[0]!);
    const modal = await screen.findByRole('dialog', { name: 'Add Price Alert' });
    fireEvent.click(within(modal).getByRole('checkbox', { name: /ETH/ }));
    fireEvent.click(within(modal).getByLabelText('Percentage'));
    fireEvent.change(within(modal).getByLabelText('Percent'), { target: { value: '5' } });
    // ETH was bought at $2,000 and is at $3,800: +90%, past +5% already.
    expect(
      within(modal).getByText(/^ETH: already \+90\.00% from its purchase price of \$2,000\.00/),
    ).toBeTruthy();
    expect(within(modal).queryByText(/from now/)).toBeNull();
    expect(within(modal).getByTestId('holds-now').textContent).toContain(
      'Already true now for ETH. An alert fires as soon as its condition holds, so this alert will fire at the next price update',
    );
    // A value not yet reached: no warning, and the move still needed is upwards.
    fireEvent.change(within(modal).getByLabelText('Percent'), { target: { value: '100' } });
    expect(within(modal).queryByTestId('holds-now')).toBeNull();
    expect(within(modal).getByText('ETH: fires at $4,000.00 (+5.26% from now)')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Percent'), { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'Create and notify now' }));
    });
    expect(api.callsTo('POST', '/api/alerts')[0]!.body).toMatchObject({
      thresholdType: 'Gain',
      thresholdValue: '5',
    });
  });

  describe('alerts in the display currency', () => {
    afterEach(() => useCurrency.setState({ currency: 'usd', rates: { usd: 1 } }));

    it('sets a new alert in the display currency and shows each alert in its own', async () => {
      useCurrency.setState({ currency: 'eur', rates: { usd: 1, eur: 0.5 } });
      const euro = alertView({
        currency: 'eur',
        thresholdValue: 46000,
        triggerPrice: 46000,
        currentPrice: 20000,
      });
      const dollar = alertView({ id: 'a3', _id: 'a3', coinSymbol: 'BTC' });
      api
        .on('GET', '/api/alerts/user', { body: [euro, dollar] })
        .on('POST', '/api/alerts', { status: 201, body: { created: 1, alerts: [alertView({ id: 'a2' })] } });
      renderAlertsPage();
      const rows = await screen.findAllByRole('row');
      const euroRow = rows.find((r) => r.getAttribute('data-alert-id') === 'a1')!;
      expect(euroRow.textContent).toContain('Above €46,000.00');
      expect(euroRow.textContent).toContain('€20,000.00');
      // An alert set in dollars stays in dollars.
      const dollarRow = rows.find((r) => r.getAttribute('data-alert-id') === 'a3')!;
      expect(dollarRow.textContent).toContain('Above $50,000.00');
      expect(dollarRow.textContent).toContain('$40,000.00');

      fireEvent.click(screen.getAllByRole('button', { name: 'Add Price Alert' })[0]!);
      const modal = await screen.findByRole('dialog', { name: 'Add Price Alert' });
      const eth = within(modal).getByRole('checkbox', { name: /ETH/ });
      // ETH at $3,800 is €1,900 at 0.5: the picker says so, and the price is typed in euros.
      expect(eth.closest('label')!.textContent).toContain('€1,900.00');
      fireEvent.click(eth);
      fireEvent.change(within(modal).getByLabelText('Price (EUR)'), { target: { value: '2,000' } });
      expect(within(modal).getByText('ETH: fires at €2,000.00 (+5.26% from now)')).toBeTruthy();
      await act(async () => {
        fireEvent.click(within(modal).getByRole('button', { name: 'Create Alert' }));
      });
      expect(api.callsTo('POST', '/api/alerts')[0]!.body).toMatchObject({
        currency: 'eur',
        thresholdType: 'Above',
        thresholdValue: '2000',
      });
    });

    it('edits an alert in the currency it was set in', async () => {
      api.on('GET', '/api/alerts/user', {
        body: [
          alertView({ currency: 'gbp', thresholdValue: 40000, triggerPrice: 40000, currentPrice: 32000 }),
        ],
      });
      renderAlertsPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Edit BTC alert' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
      fireEvent.change(within(dialog).getByLabelText('Price (GBP)'), { target: { value: '35200' } });
      expect(within(dialog).getByText('BTC: fires at £35,200.00 (+10.00% from now)')).toBeTruthy();
    });
  });

  describe('managing alerts', () => {
    it("edits an alert's threshold and channels", async () => {
      api.on('PUT', '/api/alerts/a1', ({ body }) => {
        const b = body as { thresholdType: 'Above'; thresholdValue: string; notificationMethod: 'Email' };
        return {
          body: alertView({
            thresholdType: b.thresholdType,
            thresholdValue: Number(b.thresholdValue),
            notificationMethod: b.notificationMethod,
          }),
        };
      });
      renderAlertsPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Edit BTC alert' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit alert' });
      const price = within(dialog).getByLabelText('Price (USD)') as HTMLInputElement;
      expect(price.value).toBe('50,000');
      fireEvent.change(price, { target: { value: '' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a value for the alert.');
      fireEvent.change(price, { target: { value: '60000' } });
      expect(within(dialog).queryByRole('alert')).toBeNull();
      expect(within(dialog).getByText('BTC: fires at $60,000.00 (+50.00% from now)')).toBeTruthy();
      fireEvent.click(within(dialog).getByLabelText('SMS'));
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      });
      expect(api.callsTo('PUT', '/api/alerts/a1')[0]!.body).toEqual({
        thresholdType: 'Above',
        thresholdValue: '60000',
        notificationMethod: 'Email',
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit alert' })).toBeNull());
      expect(screen.getByText('Above $60,000.00')).toBeTruthy();
    });

    it("asks in the app's own dialog before deleting, never the browser's confirm", async () => {
      const confirm = vi.fn(() => true);
      vi.stubGlobal('confirm', confirm);
      api.on('DELETE', '/api/alerts/a1', { status: 204 });
      renderAlertsPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Delete BTC alert' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete alert?' });
      expect(dialog.textContent).toContain('BTC · Above $50,000.00 will no longer notify you.');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(api.callsTo('DELETE', '/api/alerts/a1')).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: 'Delete BTC alert' }));
      await act(async () => {
        fireEvent.click(
          within(screen.getByRole('dialog', { name: 'Delete alert?' })).getByRole('button', {
            name: 'Delete',
          }),
        );
      });
      expect(api.callsTo('DELETE', '/api/alerts/a1')).toHaveLength(1);
      expect(confirm).not.toHaveBeenCalled();
      // Edit mode's Delete Selected asks the same way.
      api.on('GET', '/api/alerts/user', {
        body: [alertView({ id: 'a2', _id: 'a2' }), alertView({ id: 'a3', _id: 'a3' })],
      });
      cleanup();
      resetAlerts();
      renderAlertsPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
      fireEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
      expect(await screen.findByRole('dialog', { name: 'Delete 2 alerts?' })).toBeTruthy();
      expect(confirm).not.toHaveBeenCalled();
    });

    it('says which alerts were set for new coins until the user dismisses it', async () => {
      localStorage.clear();
      api.on('GET', '/api/alerts/user', {
        body: [
          alertView(),
          alertView({
            id: 'a5',
            _id: 'a5',
            coinSymbol: 'SOL',
            thresholdType: 'Loss',
            thresholdValue: 10,
            origin: 'auto',
          }),
        ],
      });
      renderAlertsPage();
      const notice = await screen.findByTestId('auto-alerts-notice');
      expect(notice.textContent).toContain('An alert was set on SOL (down 10%) for a coin you added');
      expect(screen.getByText('Set for a new coin')).toBeTruthy();
      fireEvent.click(within(notice).getByRole('button', { name: 'Got it' }));
      expect(screen.queryByTestId('auto-alerts-notice')).toBeNull();
      cleanup();
      renderAlertsPage();
      await screen.findByText('Set for a new coin');
      expect(screen.queryByTestId('auto-alerts-notice')).toBeNull();
    });

    it("shows each button once: without a plan no 'Protect my portfolio' and one 'Add Price Alert'", async () => {
      api
        .on('GET', '/api/billing/user', {
          body: { ...activeBilling(), plan: 'None', accountStatus: 'Pending' },
        })
        .on('GET', '/api/alerts/user', { body: [] });
      renderAlertsPage();
      await screen.findByRole('heading', { name: 'No alerts yet' });
      await screen.findByRole('button', { name: 'View Plans & Upgrade' });
      expect(screen.getAllByRole('button', { name: 'Add Price Alert' })).toHaveLength(1);
      expect(screen.queryAllByRole('button', { name: 'Protect my portfolio' })).toHaveLength(0);
    });

    it("with a plan and unprotected holdings, one 'Protect my portfolio' and one 'Add Price Alert'", async () => {
      renderAlertsPage();
      await screen.findByText(/holdings? (has|have) no loss alert/);
      expect(screen.getAllByRole('button', { name: 'Protect my portfolio' })).toHaveLength(1);
      expect(screen.getAllByRole('button', { name: 'Add Price Alert' })).toHaveLength(1);
    });
  });
});
