import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import {
  act,
  cleanup,
  createEvent,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { useAuth } from '../auth/auth-store.ts';
import { usePrices } from '../prices/prices-store.ts';
import { useWallets } from '../wallets/wallets-store.ts';
import { PENDING_BILLING, loadBilling, useBilling } from '../billing/billing-store.ts';
import { usePricingModal } from '../billing/pricing-modal-store.ts';
import { PortfolioPage } from './PortfolioPage.tsx';
import { resetPortfolioFeature } from './testing.ts';

function AlertsProbe() {
  const location = useLocation();
  return <p>alerts page {location.search}</p>;
}

/** Renders the page as the dashboard shell would: the shell's billing layer loads the billing info. */
function renderPage() {
  void loadBilling();
  render(
    <MemoryRouter initialEntries={['/portfolio']}>
      <Routes>
        <Route path="/portfolio" element={<PortfolioPage />} />
        <Route path="/alerts" element={<AlertsProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const row = (symbol: string) => document.querySelector<HTMLElement>(`tr[data-holding="${symbol}"]`)!;

describe('PortfolioPage', () => {
  // The dialogs' code loads when one is first opened; here it is loaded up front, so a dialog opened by a
  // test shows at once instead of after the test runner has transformed its modules (LazyDialog.test.tsx
  // tests the loading state itself).
  beforeAll(async () => {
    await Promise.all([
      import('./add-coin/AddCoinModal.tsx'),
      import('./import/ImportModal.tsx'),
      import('./detail/HoldingDetail.tsx'),
    ]);
  }, 60_000);

  let api: FakeApi;
  const btc = holding({
    symbol: 'BTC',
    coingeckoId: 'bitcoin',
    quantity: '2',
    purchasePrice: '30000',
    currentPrice: 40000,
  });
  const eth = holding({
    symbol: 'ETH',
    name: 'Ethereum',
    coingeckoId: 'ethereum',
    quantity: '10',
    purchasePrice: '2000',
    currentPrice: 3000,
  });
  const ada = holding({
    symbol: 'ADA',
    name: 'Cardano',
    coingeckoId: 'cardano',
    quantity: '100',
    purchasePrice: '0',
    currentPrice: 0,
  });

  beforeEach(() => {
    resetPortfolioFeature();
    useAuth.setState({
      status: 'signedIn',
      user: { id: 'u1', clerkId: 'c1', email: 'a@b.c', firstName: 'Ada' },
    });
    api = installFakeApi()
      .on('GET', '/api/portfolio', { body: [btc, eth, ada] })
      .on('GET', '/api/prices', { body: {} })
      .on('GET', '/api/portfolio/performance', {
        body: {
          range: '1M',
          currency: 'usd',
          from: 0,
          to: 1,
          stepMs: 1,
          points: [],
          summary: { startValue: '0', endValue: '0', netFlows: '0', gain: '0', mwr: null, twr: null },
          unpriced: [],
          excludedHoldings: 0,
        },
      })
      .on('GET', '/api/billing/user', { status: 404, body: { error: 'Not found.' } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('greets the user and shows the summary, toolbar and upgrade banner', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Welcome back, Ada!' });
    expect(screen.getByText(PORTFOLIO_TEXTS.subtitle)).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('[data-stat="value"]')!.textContent).toBe('$110,000.00'),
    );
    expect(document.querySelector('[data-stat="gain-loss"]')!.textContent).toBe('$30,000.00');
    // ADA has no price: the total says it is left out rather than counting it as no change.
    expect(document.querySelector('[data-stat="gain-loss-note"]')!.textContent).toBe(
      'Leaves out 1 coin without a current or purchase price',
    );
    expect(screen.getByRole('status', { name: '' }).textContent).toContain(PORTFOLIO_TEXTS.autoUpdating);
    for (const name of ['Refresh', 'Import Data', 'Add Coin', 'Edit']) screen.getByRole('button', { name });
    expect(screen.getByRole('link', { name: 'Set Alerts' }).getAttribute('href')).toBe('/alerts');

    const banner = await screen.findByRole('region', { name: 'Upgrade' });
    expect(banner.textContent).toContain('You are tracking 3 coins.');
    fireEvent.click(within(banner).getByRole('button', { name: 'View Plans & Upgrade' }));
    expect(usePricingModal.getState().open).toBe(true);
  });

  it('shows the empty state with its two buttons and no wallet', async () => {
    api.on('GET', '/api/portfolio', { body: [] });
    renderPage();
    await screen.findByRole('heading', { name: 'Import Your Portfolio Holdings' });
    screen.getByRole('button', { name: 'Add a Coin' });
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Import Portfolio' }));
    expect(screen.getByText(/Connected wallet:/).textContent).toBe('Connected wallet: None');
    // The Import dialog's code loads when it is first opened.
    expect((await screen.findByRole('tab', { name: 'CSV Upload' })).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.queryByRole('region', { name: 'Upgrade' })).toBeNull();
  });

  it("shows the connected wallet's address in the empty state", async () => {
    api.on('GET', '/api/portfolio', { body: [] });
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    useWallets.setState({
      wallets: [
        { id: 'w1', kind: 'metamask', name: 'MetaMask', address, connectedAt: '2025-01-01T00:00:00Z' },
      ],
    });
    try {
      renderPage();
      await screen.findByRole('heading', { name: 'Import Your Portfolio Holdings' });
      expect(screen.getByText(/Connected wallet:/).textContent).toBe(`Connected wallet: ${address}`);
    } finally {
      useWallets.setState({ wallets: [] });
    }
  });

  it('does not call a portfolio that failed to load empty, and loads it again on Try again', async () => {
    api.on('GET', '/api/portfolio', { status: 503, body: { error: 'Database unavailable' } });
    renderPage();
    await screen.findByRole('heading', { name: 'Your holdings could not be loaded' });
    expect(screen.getByRole('alert').textContent).toContain(
      'Failed to load portfolio data: Database unavailable',
    );
    expect(screen.queryByRole('heading', { name: 'Import Your Portfolio Holdings' })).toBeNull();

    api.on('GET', '/api/portfolio', { body: [btc] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(row('BTC')).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Your holdings could not be loaded' })).toBeNull();
  });

  it("shows 'Loading prices...' and 'Loading...' in the value cells until the first prices arrive", async () => {
    const unpriced = holding({ symbol: 'SOL', coingeckoId: 'solana', quantity: '4', currentPrice: 0 });
    api.on('GET', '/api/portfolio', { body: [unpriced] });
    let answer: () => void = () => {};
    api.on(
      'GET',
      '/api/prices',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { solana: { usd: 150, usd_24h_change: 2, last_updated: 1 } } });
        }),
    );
    renderPage();
    await screen.findByText(PORTFOLIO_TEXTS.loadingPrices);
    for (const stat of ['value', 'gain-loss', 'change']) {
      expect(document.querySelector(`[data-stat="${stat}"]`)!.textContent).toBe(PORTFOLIO_TEXTS.loadingValue);
    }
    await act(async () => answer());
    await screen.findByText(PORTFOLIO_TEXTS.autoUpdating);
    await waitFor(() => expect(document.querySelector('[data-stat="value"]')!.textContent).toBe('$600.00'));
    expect(document.querySelector('[data-stat="change"]')!.textContent).toBe('+2.00%');
  });

  it('shows an unknown total gain/loss as a dash with the reason when no coin is priced', async () => {
    const unpriced = holding({
      symbol: 'SOL',
      coingeckoId: 'solana',
      quantity: '4',
      purchasePrice: '100',
      currentPrice: 0,
    });
    api.on('GET', '/api/portfolio', { body: [unpriced] });
    renderPage();
    await screen.findByText(PORTFOLIO_TEXTS.autoUpdating);
    expect(document.querySelector('[data-stat="gain-loss"]')!.textContent).toBe('—');
    expect(document.querySelector('[data-stat="gain-loss-note"]')!.textContent).toBe(
      'No coin has both a current and a purchase price yet',
    );
    expect(row('SOL').querySelector('[data-cell="gain-loss"]')!.textContent).toBe('—No current price');
  });

  it.each([
    ['no plan', { plan: 'None', accountStatus: 'Active' }, true],
    ['a pending account', { plan: 'Coinpace', accountStatus: 'Pending' }, true],
    ['an active plan', { plan: 'Coinpace', accountStatus: 'Active' }, false],
  ])('upgrade banner with %s: shown %s', async (_label, billing, shown) => {
    api.on('GET', '/api/billing/user', { body: { ...PENDING_BILLING, planStatus: 'active', ...billing } });
    renderPage();
    await waitFor(() => expect(row('BTC')).toBeTruthy());
    await waitFor(() => expect(useBilling.getState().status).toBe('ready'));
    expect(screen.queryByRole('region', { name: 'Upgrade' }) !== null).toBe(shown);
  });

  it('fills a zero purchase price with the first current price and saves it', async () => {
    api.on('GET', '/api/prices', { body: { cardano: { usd: 0.5, usd_24h_change: 1, last_updated: 1 } } });
    api.on('PUT', `/api/portfolio/${ada.id}`, { body: { ...ada, purchasePrice: '0.5' } });
    renderPage();
    await waitFor(() => expect(api.callsTo('PUT', `/api/portfolio/${ada.id}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/api/portfolio/${ada.id}`)[0]!.body).toEqual({ purchasePrice: '0.5' });
    await waitFor(() => expect(within(row('ADA')).queryByText('Click to add')).toBeNull());
  });

  it('prices a token held only by its contract address on load and on Refresh, and fills its zero purchase price', async () => {
    const address = `0x${'7e'.repeat(20)}`;
    const token = holding({
      symbol: 'ZZT',
      name: 'Zz Token',
      coingeckoId: null,
      coinId: null,
      address,
      quantity: '100',
      purchasePrice: '0',
      currentPrice: 0,
      change24h: null,
    });
    api.on('GET', '/api/portfolio', { body: [btc, token] });
    api.on('GET', '/api/prices/by-address', {
      body: { [address]: { usd: 1.5, usd_24h_change: 2, last_updated: 1 } },
    });
    api.on('PUT', `/api/portfolio/${token.id}`, { body: { ...token, purchasePrice: '1.5' } });
    renderPage();
    const price = () => row('ZZT').querySelector('[data-cell="current-price"]')!.textContent;
    await waitFor(() => expect(price()).toBe('$1.50'));
    expect(api.callsTo('GET', '/api/prices/by-address').map((c) => c.query.get('addresses'))).toEqual([
      address,
    ]);
    expect(api.callsTo('GET', '/api/prices')[0]!.query.get('ids')).toBe('bitcoin');
    await waitFor(() => expect(api.callsTo('PUT', `/api/portfolio/${token.id}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/api/portfolio/${token.id}`)[0]!.body).toEqual({ purchasePrice: '1.5' });

    api.on('GET', '/api/portfolio', { body: [btc, { ...token, purchasePrice: '1.5' }] });
    api.on('POST', '/api/prices/update', { body: { prices: {}, updatedAt: 1 } });
    api.on('GET', '/api/prices/by-address', {
      body: { [address]: { usd: 1.8, usd_24h_change: 3, last_updated: 2 } },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    });
    await waitFor(() => expect(price()).toBe('$1.80'));
    expect(api.callsTo('GET', '/api/prices/by-address')).toHaveLength(2);
    expect(screen.queryByText(PORTFOLIO_TEXTS.noPriceData)).toBeNull();
  });

  it('makes no by-address request when no holding is known only by its contract address', async () => {
    api.on('POST', '/api/prices/update', { body: { prices: {}, updatedAt: 1 } });
    renderPage();
    await waitFor(() => expect(api.callsTo('GET', '/api/prices')).toHaveLength(1));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    });
    await waitFor(() => expect(api.callsTo('POST', '/api/prices/update')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/prices/by-address')).toHaveLength(0);
  });

  it('edits a purchase price inline: Enter and blur save, Escape cancels', async () => {
    api.on('PUT', `/api/portfolio/${btc.id}`, ({ body }) => ({ body: { ...btc, ...(body as object) } }));
    renderPage();
    await screen.findByRole('button', { name: /^Edit purchase price of BTC,/ });

    fireEvent.click(screen.getByRole('button', { name: /^Edit purchase price of BTC,/ }));
    let input = screen.getByRole('textbox', { name: 'Purchase price of BTC per coin' });
    expect((input as HTMLInputElement).value).toBe('30,000');
    fireEvent.change(input, { target: { value: '99999' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Purchase price of BTC per coin' })).toBeNull();
    expect(api.callsTo('PUT', `/api/portfolio/${btc.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /^Edit purchase price of BTC,/ }));
    input = screen.getByRole('textbox', { name: 'Purchase price of BTC per coin' });
    fireEvent.change(input, { target: { value: '31000.5' } });
    expect((input as HTMLInputElement).value).toBe('31,000.5');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('PUT', `/api/portfolio/${btc.id}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/api/portfolio/${btc.id}`)[0]!.body).toEqual({ purchasePrice: '31000.5' });
    expect(within(row('BTC')).getByRole('button', { name: /^Edit purchase price of BTC,/ }).textContent).toBe(
      '$31,000.50',
    );

    fireEvent.click(screen.getByRole('button', { name: /^Edit purchase price of BTC,/ }));
    input = screen.getByRole('textbox', { name: 'Purchase price of BTC per coin' });
    fireEvent.change(input, { target: { value: '32000' } });
    fireEvent.blur(input);
    await waitFor(() => expect(api.callsTo('PUT', `/api/portfolio/${btc.id}`)).toHaveLength(2));
  });

  it('the price editor selects the price on focus, reads comma decimals and refuses what is not a number', async () => {
    api.on('PUT', `/api/portfolio/${btc.id}`, ({ body }) => ({ body: { ...btc, ...(body as object) } }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Edit purchase price of BTC,/ }));
    const input = screen.getByRole('textbox', { name: 'Purchase price of BTC per coin' }) as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, '30,000'.length]);

    fireEvent.change(input, { target: { value: '1e5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Purchase price: "1e5" is not a number. Use digits and one decimal separator, like 1,234.56.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', `/api/portfolio/${btc.id}`)).toHaveLength(0);

    fireEvent.change(input, { target: { value: '120,5' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.callsTo('PUT', `/api/portfolio/${btc.id}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/api/portfolio/${btc.id}`)[0]!.body).toEqual({ purchasePrice: '120.5' });

    // Leaving the field with text that is no number saves nothing and says why.
    fireEvent.click(screen.getByRole('button', { name: /^Edit purchase price of BTC,/ }));
    const again = screen.getByRole('textbox', { name: 'Purchase price of BTC per coin' });
    fireEvent.change(again, { target: { value: 'abc' } });
    fireEvent.blur(again);
    expect(screen.getByRole('alert').textContent).toContain(
      'BTC not saved. Purchase price: "abc" is not a number.',
    );
    expect(api.callsTo('PUT', `/api/portfolio/${btc.id}`)).toHaveLength(1);
  });

  it('edit mode: select all or none, counts the selection, deletes the selected after confirming', async () => {
    api.on('DELETE', `/api/portfolio/${btc.id}`, { status: 204 });
    api.on('DELETE', `/api/portfolio/${ada.id}`, { status: 204 });
    renderPage();
    await screen.findByRole('button', { name: 'Edit' });
    expect(screen.queryByRole('checkbox', { name: 'Select BTC' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const bar = screen.getByRole('region', { name: 'Edit mode' });
    expect(bar.textContent).toContain('0 of 3 selected');
    expect(within(bar).getByRole('button', { name: 'Delete Selected' })).toHaveProperty('disabled', true);
    fireEvent.click(within(bar).getByRole('button', { name: 'Select All' }));
    expect(bar.textContent).toContain('3 of 3 selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Select None' }));
    expect(bar.textContent).toContain('0 of 3 selected');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select BTC' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ADA' }));
    expect(bar.textContent).toContain('2 of 3 selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete Selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 holdings?' });
    expect(dialog.textContent).toContain('BTC, ADA');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(1));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/api/portfolio/${btc.id}`,
      `/api/portfolio/${ada.id}`,
    ]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select ETH' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('region', { name: 'Edit mode' }).textContent).toContain('0 of 1 selected');
  });

  it('row menu: Report Error, Delete with confirm, Add Alert to /alerts?coin=', async () => {
    api.on('POST', `/api/portfolio/${eth.id}/report`, { status: 202, body: { status: 'queued' } });
    renderPage();
    await screen.findByRole('button', { name: 'Actions for ETH' });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for ETH' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report Error' }));
    // The user can say what is wrong before it is sent.
    const reportDialog = screen.getByRole('dialog', { name: 'Report a problem with ETH' });
    expect(api.callsTo('POST', `/api/portfolio/${eth.id}/report`)).toHaveLength(0);
    const note = within(reportDialog).getByLabelText('What is wrong? (optional)');
    fireEvent.change(note, { target: { value: 'x'.repeat(2001) } });
    expect(
      within(reportDialog).getByText(/Please shorten your description to 2,000 characters/),
    ).toBeTruthy();
    expect(within(reportDialog).getByRole('button', { name: 'Send report' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.change(note, { target: { value: '  The price is ten times too high  ' } });
    expect(within(reportDialog).getByText('35/2,000 characters')).toBeTruthy();
    fireEvent.click(within(reportDialog).getByRole('button', { name: 'Send report' }));
    await screen.findByText(PORTFOLIO_TEXTS.reportSent);
    expect(api.callsTo('POST', `/api/portfolio/${eth.id}/report`)[0]!.body).toEqual({
      note: 'The price is ten times too high',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Actions for ETH' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete holding?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for ETH' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Add Alert' }));
    await screen.findByText('alerts page ?coin=ETH');
  });

  it('row menu: Report Error sends one report however often it is chosen while sending', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('POST', `/api/portfolio/${eth.id}/report`, async () => {
      await answered;
      return { status: 202, body: { status: 'queued' } };
    });
    renderPage();
    const trigger = await screen.findByRole('button', { name: 'Actions for ETH' });
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report Error' }));
    const send = within(screen.getByRole('dialog', { name: 'Report a problem with ETH' })).getByRole(
      'button',
      {
        name: 'Send report',
      },
    );
    fireEvent.click(send);
    fireEvent.click(send); // the second click of a double click
    fireEvent.click(trigger);
    const sending = screen.getByRole('menuitem', { name: 'Sending...' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(sending);
    await waitFor(() => expect(api.callsTo('POST', `/api/portfolio/${eth.id}/report`)).toHaveLength(1));

    answer();
    await screen.findByText(PORTFOLIO_TEXTS.reportSent);
    expect(api.callsTo('POST', `/api/portfolio/${eth.id}/report`)).toHaveLength(1);
    fireEvent.click(trigger);
    expect(screen.getByRole('menuitem', { name: 'Report Error' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('the row menu stays open while its button stays put, and closes once a scroll moves it', async () => {
    renderPage();
    const trigger = await screen.findByRole('button', { name: 'Actions for ETH' });
    let top = 300;
    vi.spyOn(trigger, 'getBoundingClientRect').mockImplementation(
      () =>
        ({ top, left: 900, right: 940, bottom: top + 32, width: 40, height: 32, x: 900, y: top }) as DOMRect,
    );
    fireEvent.click(trigger);
    fireEvent.scroll(window);
    expect(screen.getByRole('menu', { name: 'Actions for ETH' })).toBeTruthy();
    top = 200;
    fireEvent.scroll(window);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('keyboard: the row menu moves with arrows and gives focus back; the price cell keeps focus', async () => {
    api.on('POST', `/api/portfolio/${eth.id}/report`, { status: 202, body: { status: 'queued' } });
    api.on('PUT', `/api/portfolio/${btc.id}`, ({ body }) => ({ body: { ...btc, ...(body as object) } }));
    renderPage();
    const trigger = await screen.findByRole('button', { name: 'Actions for ETH' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Actions for ETH' });
    const [transactions, addAlert, remove] = [
      ...within(menu).getAllByRole('menuitem').slice(0, 2),
      within(menu).getAllByRole('menuitem').at(-1),
    ];
    expect(transactions!.textContent).toBe('Transactions');
    expect(document.activeElement).toBe(transactions);
    expect(transactions!.tabIndex).toBe(-1);
    fireEvent.keyDown(transactions!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(addAlert);
    fireEvent.keyDown(addAlert!, { key: 'End' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(remove!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(transactions);
    fireEvent.keyDown(transactions!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(remove!, { key: 'Home' });
    expect(document.activeElement).toBe(transactions);
    fireEvent.keyDown(transactions!, { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Report Error' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(document.activeElement).toBe(trigger);
    await screen.findByText(PORTFOLIO_TEXTS.reportSent);

    const cell = screen.getByRole('button', { name: /^Edit purchase price of BTC,/ });
    fireEvent.click(cell);
    const input = screen.getByRole('textbox', { name: 'Purchase price of BTC per coin' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Edit purchase price of BTC,/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Edit purchase price of BTC,/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Purchase price of BTC per coin' }), {
      target: { value: '123' },
    });
    // The Enter is consumed: in a browser its keypress would otherwise click the refocused cell again.
    const enter = createEvent.keyDown(
      screen.getByRole('textbox', { name: 'Purchase price of BTC per coin' }),
      {
        key: 'Enter',
      },
    );
    fireEvent(screen.getByRole('textbox', { name: 'Purchase price of BTC per coin' }), enter);
    expect(enter.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Edit purchase price of BTC,/ }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/portfolio/${btc.id}`)).toHaveLength(1));
  });

  it('after a 429 on Refresh shows one banner naming the Refresh button, pauses auto-update and drops the Live chip', async () => {
    usePrices.setState({ connection: 'live' });
    renderPage();
    await screen.findByRole('button', { name: 'Refresh' });
    expect(document.querySelector('.pf-badges')!.textContent).toBe('Live');
    api.on('POST', '/api/prices/update', { status: 429, body: { error: 'Too many requests' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    });
    await screen.findByText(PORTFOLIO_TEXTS.refreshRateLimited);
    expect(PORTFOLIO_TEXTS.refreshRateLimited).toContain('"Refresh"');
    // One banner, not the SPEC banner and the refresh text side by side.
    expect(screen.getAllByText(/rate limit/i)).toHaveLength(1);
    expect(screen.getByTestId('rate-limit-banner').textContent).toMatch(
      /Refresh can fetch new prices again from/,
    );
    expect(screen.getByText(PORTFOLIO_TEXTS.autoUpdatePaused)).toBeTruthy();
    expect(document.querySelector('.pf-badges')!.textContent).toBe('Cached prices');
  });

  it("shows SPEC's rate-limit banner once while the server's price source is rate limited", async () => {
    usePrices.setState({
      connection: 'live',
      sourceState: { status: 'rate_limited', lockedUntil: Date.now() + 60_000 },
    });
    renderPage();
    await screen.findByText(PORTFOLIO_TEXTS.rateLimitBanner);
    expect(screen.getAllByText(/rate limit/i)).toHaveLength(1);
    expect(screen.getByText(PORTFOLIO_TEXTS.autoUpdatePaused)).toBeTruthy();
    expect(screen.queryByText('Live')).toBeNull();
  });
});
