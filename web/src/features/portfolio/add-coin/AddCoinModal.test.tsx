import { PORTFOLIO_TEXTS, SEARCH_UNREACHABLE_TEXT } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { holding } from '../../../testing/holdings.ts';
import { useCurrency } from '../../currency/currency-store.ts';
import { setHoldings, usePortfolio } from '../portfolio-store.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { openAddCoin, useAddCoin } from './add-coin-store.ts';
import { AddCoinModal } from './AddCoinModal.tsx';
import { SEARCH_DEBOUNCE_MS } from './coin-search.ts';

const bitcoin = {
  id: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'BTC',
  image: null,
  current_price: 50000,
  price_change_percentage_24h: 2.5,
  contract_address: null,
};

describe('AddCoinModal', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    api = installFakeApi()
      .on('GET', '/api/search', {
        body: {
          coins: [
            bitcoin,
            {
              ...bitcoin,
              id: 'bitcoin-cash',
              name: 'Bitcoin Cash',
              symbol: 'BCH',
              current_price: 0,
              price_change_percentage_24h: null,
            },
          ],
        },
      })
      .on('POST', '/api/portfolio', { status: 201, body: holding() })
      .on('GET', '/api/portfolio', { body: [holding()] })
      .on('GET', '/api/prices', { body: {} });
    openAddCoin();
    render(<AddCoinModal />);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('searches 500 ms after the last keystroke, from 2 characters, and lists name, symbol, price and change', async () => {
    type('Search for a coin', 'b');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(api.calls).toHaveLength(0);
    type('Search for a coin', 'bi');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    type('Search for a coin', 'bit');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(api.calls).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(1));
    await act(async () => {});
    expect(api.calls.map((c) => c.query.get('query'))).toEqual(['bit']);
    const results = screen.getByRole('list', { name: 'Search results' });
    const [first, second] = within(results).getAllByRole('button');
    expect(first!.textContent).toBe('BTCBitcoin BTC$50,000.00+2.50%');
    expect(second!.textContent).toContain('No price data');
  });

  it("says it could not reach prices rather than 'No coins found' when the search could not be made", async () => {
    api.on('GET', '/api/search', { body: { coins: [], source: 'rate_limited' } });
    type('Search for a coin', 'solana');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await act(async () => {});
    expect(screen.getByText(SEARCH_UNREACHABLE_TEXT)).toBeTruthy();
    expect(screen.queryByText('No coins found')).toBeNull();
    api.on('GET', '/api/search', { body: { coins: [], source: 'live' } });
    type('Search for a coin', 'zzzz');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await act(async () => {});
    expect(screen.getByText('No coins found')).toBeTruthy();
  });

  it('shows the validation texts, then adds the coin with commas stripped and closes', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add Coin' }));
    expect(screen.getByRole('alert').textContent).toBe(PORTFOLIO_TEXTS.fillAllFields);

    type('Search for a coin', 'bitcoin');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await act(async () => {});
    fireEvent.click(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('button')[0]!);
    expect(screen.getByLabelText('Selected coin').textContent).toContain('Bitcoin');
    // The chosen result is gone; the keyboard goes on to the quantity.
    expect(document.activeElement).toBe(screen.getByLabelText('Quantity'));
    // The price field starts at the current price.
    expect((screen.getByLabelText('Purchase Price per coin (USD)') as HTMLInputElement).value).toBe('50,000');

    type('Quantity', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Add Coin' }));
    expect(screen.getByRole('alert').textContent).toBe(PORTFOLIO_TEXTS.positiveNumbers);

    type('Quantity', '1250');
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('1,250');
    type('Purchase Price per coin (USD)', '40000');
    const preview = screen.getByLabelText('Preview');
    expect(preview.textContent).toBe(
      'Purchase price per coin$40,000.00Total investment$50,000,000.00Current value$62,500,000.00Gain/Loss$12,500,000.00 (+25.00%)',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add Coin' }));
    });
    expect(api.callsTo('POST', '/api/portfolio')[0]!.body).toEqual({
      coingeckoId: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'BTC',
      address: null,
      quantity: '1250',
      purchasePrice: '40000',
      image: null,
    });
    expect(useAddCoin.getState().open).toBe(false);
  });

  const chooseBitcoin = async () => {
    type('Search for a coin', 'bitcoin');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await act(async () => {});
    fireEvent.click(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('button')[0]!);
  };

  it("selects the prefilled price on focus, so typing replaces today's price instead of appending", async () => {
    await chooseBitcoin();
    const price = screen.getByLabelText('Purchase Price per coin (USD)') as HTMLInputElement;
    expect(price.value).toBe('50,000');
    fireEvent.focus(price);
    expect([price.selectionStart, price.selectionEnd]).toEqual([0, price.value.length]);
  });

  it('reads a comma decimal as a decimal, refuses what is not a number, and clears the message on change', async () => {
    await chooseBitcoin();
    type('Quantity', '0,5');
    type('Purchase Price per coin (USD)', '1e5');
    fireEvent.click(screen.getByRole('button', { name: 'Add Coin' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Purchase price: "1e5" is not a number. Use digits and one decimal separator, like 1,234.56.',
    );
    expect(api.callsTo('POST', '/api/portfolio')).toHaveLength(0);
    type('Purchase Price per coin (USD)', '120.50');
    expect(screen.queryByRole('alert')).toBeNull();
    // Leaving the field shows the number as it was read.
    fireEvent.blur(screen.getByLabelText('Quantity'));
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('0.5');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add Coin' }));
    });
    expect(api.callsTo('POST', '/api/portfolio')[0]!.body).toMatchObject({
      quantity: '0.5',
      purchasePrice: '120.5',
    });
  });

  it('shows the server reason when adding fails and stays open', async () => {
    api.on('POST', '/api/portfolio', {
      status: 400,
      body: { error: 'Quantity must be at most 1,000,000,000,000,000' },
    });
    type('Search for a coin', 'bitcoin');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await act(async () => {});
    fireEvent.click(within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('button')[0]!);
    type('Quantity', '9999999999999999999');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add Coin' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to save coin to database: Quantity must be at most 1,000,000,000,000,000',
    );
    expect(useAddCoin.getState().open).toBe(true);
  });

  it('marks a coin already held in the results, records a buy on its row and says so', async () => {
    const btc = holding({ quantity: '1', purchasePrice: '30000' });
    setHoldings([btc]);
    const after = { ...btc, quantity: '1.5', purchasePrice: '41000' };
    api.on('POST', '/api/portfolio', {
      status: 200,
      body: {
        ...after,
        autoAlerts: [],
        recordedBuy: {
          transaction: { id: 't1', holdingId: btc.id, kind: 'buy', quantity: '0.5', price: '63000' },
          quantity: '1.5',
          averageCost: '41000',
        },
      },
    });
    api.on('GET', '/api/portfolio', { body: [after] });
    type('Search for a coin', 'bitcoin');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await act(async () => {});
    const [first, second] = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole(
      'button',
    );
    expect(first!.textContent).toContain('Held: 1 BTC — adding records a buy');
    expect(second!.textContent).not.toContain('Held');
    fireEvent.click(first!);
    expect(screen.getByLabelText('Selected coin').textContent).toContain(
      'Held: 1 BTC — adding records a buy',
    );
    type('Quantity', '0.5');
    type('Purchase Price per coin (USD)', '63000');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add Coin' }));
    });
    expect(api.callsTo('POST', '/api/portfolio')).toHaveLength(1);
    expect(useAddCoin.getState().open).toBe(false);
    const state = usePortfolio.getState();
    expect(state.holdings).toHaveLength(1);
    expect(state.holdings[0]).toMatchObject({ id: btc.id, quantity: '1.5', purchasePrice: '41000' });
    expect(state.notice).toBe(
      'Recorded a buy of 0.5 BTC. You now hold 1.5 BTC at an average cost of $41,000.00.',
    );
  });

  it('keeps the purchase price in dollars and shows it in the display currency under the field', async () => {
    const price = () => screen.getByLabelText('Purchase Price per coin (USD)');
    const description = () =>
      (price().getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => document.getElementById(id)!.textContent)
        .join(' ');
    type('Purchase Price per coin (USD)', '100');
    expect(description()).toBe('');
    expect(screen.queryByText(/≈/)).toBeNull();
    try {
      act(() => useCurrency.setState({ currency: 'eur', rates: { usd: 1, eur: 0.92 } }));
      expect(description()).toBe('≈ €92.00');
      type('Purchase Price per coin (USD)', '0.5');
      expect(description()).toBe('≈ €0.460000');
      // Nothing while the text is not a number, nor while the euro has no rate.
      type('Purchase Price per coin (USD)', '1e5');
      expect(screen.queryByText(/≈/)).toBeNull();
      type('Purchase Price per coin (USD)', '100');
      act(() => useCurrency.setState({ rates: { usd: 1 } }));
      expect(screen.queryByText(/≈/)).toBeNull();
    } finally {
      useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
    }
  });

  it('shows the results, the chosen coin and the preview in the display currency, the price typed in dollars', async () => {
    act(() => useCurrency.setState({ currency: 'eur', rates: { usd: 1, eur: 0.92 } }));
    try {
      type('Search for a coin', 'bitcoin');
      await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      await act(async () => {});
      const [first, second] = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole(
        'button',
      );
      expect(first!.textContent).toBe('BTCBitcoin BTC€46,000.00+2.50%');
      expect(second!.textContent).toContain('No price data');
      fireEvent.click(first!);
      expect(screen.getByLabelText('Selected coin').textContent).toContain('€46,000.00');
      // The field still holds today's price in dollars; the hint gives it in euros.
      expect((screen.getByLabelText('Purchase Price per coin (USD)') as HTMLInputElement).value).toBe(
        '50,000',
      );
      type('Quantity', '2');
      type('Purchase Price per coin (USD)', '40000');
      expect(screen.getByLabelText('Preview').textContent).toBe(
        'Purchase price per coin€36,800.00Total investment€73,600.00Current value€92,000.00Gain/Loss€18,400.00 (+25.00%)',
      );
      // While the euro has no rate, no amount is shown under a wrong sign.
      act(() => useCurrency.setState({ rates: { usd: 1 } }));
      expect(screen.getByLabelText('Selected coin').textContent).toContain('—');
      expect(screen.getByLabelText('Preview').textContent).not.toContain('$');
      act(() => useCurrency.setState({ rates: { usd: 1, eur: 0.92 } }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Add Coin' }));
      });
      expect(api.callsTo('POST', '/api/portfolio')[0]!.body).toMatchObject({
        quantity: '2',
        purchasePrice: '40000',
      });
    } finally {
      useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
    }
  });
});
