import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { holding, manyHoldings } from '../../../testing/holdings.ts';
import { mergePrices } from '../../prices/prices-store.ts';
import { setHoldings } from '../portfolio-store.ts';
import { RESORT_INTERVAL_MS } from '../holding-views.ts';
import { ROWS_PER_FRAME, pendingRowUpdates } from '../position-prices.ts';
import { startPriceSync } from '../price-sync.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { HoldingsTable } from './HoldingsTable.tsx';
import { RowRenderProbe } from './render-probe.ts';

const quote = (usd: number, change = 0) => ({ usd, usd_24h_change: change, last_updated: 1 });

function renderTable() {
  const renders = new Map<string, number>();
  const probe = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
  render(
    <MemoryRouter>
      <RowRenderProbe.Provider value={probe}>
        <HoldingsTable />
      </RowRenderProbe.Provider>
    </MemoryRouter>,
  );
  return renders;
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const symbols = () => bodyRows().map((row) => row.getAttribute('data-holding'));

describe('HoldingsTable', () => {
  let stop: () => void = () => {};
  beforeEach(() => resetPortfolioFeature());
  afterEach(() => {
    vi.useRealTimers();
    stop();
    cleanup();
  });

  it('re-renders only the rows whose price changed on a tick, even when sorted by price', () => {
    const holdings = manyHoldings(200);
    setHoldings(holdings);
    stop = startPriceSync();
    const renders = renderTable();
    expect(renders.size).toBe(200);
    expect([...renders.values()].every((n) => n === 1)).toBe(true);

    act(() => mergePrices({ 'coin-3': quote(5), 'coin-150': quote(200) }));
    const changed = [...renders].filter(([, n]) => n > 1).map(([id]) => id);
    expect(changed.sort()).toEqual([holdings[3]!.id, holdings[150]!.id].sort());
    expect(renders.get(holdings[3]!.id)).toBe(2);

    // Same quotes again: nothing re-renders.
    act(() => mergePrices({ 'coin-3': quote(5), 'coin-150': quote(200) }));
    expect(renders.get(holdings[3]!.id)).toBe(2);

    // Ascending by price: a falling price moves its row to the top, at the next re-sort.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Current Price' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Current Price' }));
    expect(symbols()[0]).toBe('C0');
    const afterSort = new Map(renders);
    act(() => mergePrices({ 'coin-199': quote(0.5) }));
    expect(symbols()[0]).toBe('C0');
    act(() => vi.advanceTimersByTime(RESORT_INTERVAL_MS));
    expect(symbols()[0]).toBe('C199');
    // It moved, and it is the only row that rendered.
    const rerendered = [...renders].filter(([id, n]) => n !== afterSort.get(id)).map(([id]) => id);
    expect(rerendered).toEqual([holdings[199]!.id]);
  });

  it('shows every column with its formatting, No price data and Click to add', () => {
    setHoldings([
      holding({
        symbol: 'BTC',
        name: 'Bitcoin',
        quantity: '0.5',
        purchasePrice: '40000',
        currentPrice: 50000,
        change24h: -1.234,
      }),
      holding({
        symbol: 'NEW',
        name: 'Newcoin',
        coingeckoId: null,
        quantity: '1234.5',
        purchasePrice: '0',
        currentPrice: 0,
        change24h: null,
      }),
    ]);
    stop = startPriceSync();
    renderTable();
    const [btc, fresh] = bodyRows();
    expect(
      within(btc!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'BTC Bitcoin',
      '0.500000',
      '$50,000.00',
      '$40,000.00',
      '$25,000.00',
      '$5,000.00+25.00%',
      '-1.23%',
      '⋯',
      // The phone layout's button that opens the row (its icon has no text).
      '',
    ]);
    expect(within(btc!).getByRole('link', { name: 'Bitcoin' }).getAttribute('href')).toBe(
      'https://www.coingecko.com/en/coins/bitcoin',
    );
    expect(within(fresh!).getByText('No price data')).toBeTruthy();
    expect(within(fresh!).getByText('Click to add')).toBeTruthy();
    expect(within(fresh!).getAllByRole('cell')[1]!.textContent).toBe('1,234.500000');
    expect(within(fresh!).queryByRole('link')).toBeNull();
  });

  it('shows an unknown gain/loss as a dash with the reason, never as 0.00%', () => {
    setHoldings([
      holding({ symbol: 'NOP', coingeckoId: null, purchasePrice: '10', currentPrice: 0 }),
      holding({ symbol: 'NEW', purchasePrice: '0', currentPrice: 2 }),
    ]);
    stop = startPriceSync();
    renderTable();
    const gainLoss = (symbol: string) =>
      document.querySelector(`tr[data-holding="${symbol}"] [data-cell="gain-loss"]`)!.textContent;
    expect(gainLoss('NOP')).toBe('—No current price');
    expect(gainLoss('NEW')).toBe('—No purchase price');
  });

  it('sorts by a header click: a new column starts descending, the active one toggles', () => {
    setHoldings([
      holding({ symbol: 'AAA', quantity: '5' }),
      holding({ symbol: 'BBB', quantity: '50' }),
      holding({ symbol: 'CCC', quantity: '1' }),
    ]);
    stop = startPriceSync();
    renderTable();
    const button = screen.getByRole('button', { name: 'Sort by Quantity' });
    fireEvent.click(button);
    expect(symbols()).toEqual(['BBB', 'AAA', 'CCC']);
    expect(button.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(button);
    expect(symbols()).toEqual(['CCC', 'AAA', 'BBB']);
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Asset' }));
    expect(symbols()).toEqual(['CCC', 'BBB', 'AAA']);
  });

  it("offers the header's sorts in the phone layout's 'Sort by' menu and labels every figure", () => {
    setHoldings([
      holding({ symbol: 'AAA', quantity: '5' }),
      holding({ symbol: 'BBB', quantity: '50' }),
      holding({ symbol: 'CCC', quantity: '1' }),
    ]);
    stop = startPriceSync();
    renderTable();
    const menu = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    // Every sortable column, both ways, plus the server order.
    expect(menu.options).toHaveLength(1 + 7 * 2);
    fireEvent.change(menu, { target: { value: 'quantity:desc' } });
    expect(symbols()).toEqual(['BBB', 'AAA', 'CCC']);
    expect(
      screen.getByRole('button', { name: 'Sort by Quantity' }).closest('th')!.getAttribute('aria-sort'),
    ).toBe('descending');
    fireEvent.change(menu, { target: { value: 'symbol:desc' } });
    expect(symbols()).toEqual(['CCC', 'BBB', 'AAA']);
    expect(menu.selectedOptions[0]!.textContent).toBe('Asset (Z to A)');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Balance' }));
    expect(menu.value).toBe('currentValue:desc');
    fireEvent.change(menu, { target: { value: '' } });
    expect(symbols()).toEqual(['AAA', 'BBB', 'CCC']);

    const labels = within(bodyRows()[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual([
      null,
      'Quantity',
      'Current Price',
      'Purchase Price',
      'Balance',
      'Gain/Loss',
      'Change %',
      null,
      null,
    ]);
  });

  it('explains every column in a tooltip', () => {
    setHoldings([holding()]);
    renderTable();
    for (const label of [
      'Asset',
      'Quantity',
      'Current Price',
      'Purchase Price',
      'Balance',
      'Gain/Loss',
      'Change %',
      'Actions',
    ]) {
      const tip = screen.getByRole('button', { name: `About ${label}` });
      const text = document.getElementById(tip.getAttribute('aria-describedby')!)!;
      expect(text.getAttribute('role')).toBe('tooltip');
      expect(text.textContent!.length).toBeGreaterThan(20);
    }
  });
});

describe('HoldingsTable with a large tick', () => {
  let stop: () => void = () => {};
  beforeEach(() => resetPortfolioFeature());
  afterEach(() => {
    stop();
    cleanup();
  });

  it(`renders ${ROWS_PER_FRAME} changed rows per frame and every changed row exactly once`, async () => {
    const holdings = manyHoldings(250);
    setHoldings(holdings);
    stop = startPriceSync();
    const renders = renderTable();
    const tick = Object.fromEntries(holdings.map((_, i) => [`coin-${i}`, quote(i + 1.5)]));
    act(() => mergePrices(tick));
    const once = () => [...renders.values()].filter((n) => n === 2).length;
    expect(once()).toBe(ROWS_PER_FRAME);
    expect(pendingRowUpdates()).toBe(250 - ROWS_PER_FRAME);
    await act(async () => {
      // A hang guard only: on a loaded machine happy-dom's frames come slowly.
      await vi.waitFor(() => expect(pendingRowUpdates()).toBe(0), { timeout: 10_000 });
    });
    expect(once()).toBe(250);
    expect([...renders.values()].every((n) => n === 2)).toBe(true);
    expect(bodyRows()[249]!.querySelector('[data-cell="current-price"]')!.textContent).toBe('$250.50');
  });
});
