import type { PortfolioHistory, TransactionRow } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { useCurrency } from '../../currency/currency-store.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { openDetail } from './detail-store.ts';
import { PriceChart } from './PriceChart.tsx';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const from = Date.parse('2026-11-01T00:00:00Z');
const path = '/api/portfolio/h1/price-history';

/** 400, 420, 440, 460 dollars on 1, 3, 5 and 7 November. */
const history: PortfolioHistory = {
  range: '7d',
  from,
  to: from + 6 * DAY,
  stepMs: HOUR,
  holdings: 1,
  points: [0, 1, 2, 3].map((i) => ({ t: from + i * 2 * DAY, value: 400 + i * 20, priced: 1 })),
};
/** The euro at 0.5 until 4 November, 0.9 from 5 November; today's rate is 0.95. */
const euros = {
  currency: 'eur',
  days: [
    { day: '2026-11-01', rate: 0.5 },
    { day: '2026-11-05', rate: 0.9 },
  ],
} as const;

const trade = (id: string, type: 'buy' | 'sell' | 'income', at: number, price: string): TransactionRow => ({
  id,
  holdingId: 'h1',
  type,
  at: new Date(at).toISOString(),
  quantity: '1',
  pricePerCoin: price,
  fee: '0',
  currency: 'usd',
  note: '',
  createdAt: new Date(at).toISOString(),
});
// Each at the price of the line's point of its time: its dot lies on the line at any one rate per day.
const trades = [trade('b', 'buy', from, '400'), trade('s', 'sell', from + 6 * DAY, '460')];

function yTicks(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.recharts-yAxis-tick-labels text')].map((t) => t.textContent ?? '');
}

/** The y of the line's first and last points, from its path ('M x,y C … x,y'). */
function lineEnds(container: HTMLElement): [number, number] {
  const d = container.querySelector('.recharts-line-curve')!.getAttribute('d')!;
  const numbers = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
  return [numbers[1]!, numbers.at(-1)!];
}

function markerY(container: HTMLElement, side: 'buy' | 'sell'): number {
  return Number(container.querySelector(`.hd-marker-${side}`)!.getAttribute('data-cy'));
}

describe('PriceChart', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi().on('GET', '/api/portfolio/h1/transactions', {
      body: { holdingId: 'h1', transactions: trades },
    });
    // happy-dom lays nothing out: the chart's container gets a size so recharts draws axes and dots.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 320, height: 200 }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
  });

  it('draws prices and trades in dollars on round ticks', async () => {
    api.on('GET', path, { body: history });
    act(() => openDetail('h1'));
    const { container } = render(<PriceChart symbol="LTC" transactions={trades} />);
    await screen.findByText('1 buys and 1 sells marked.');
    expect(yTicks(container)).toEqual(['$400', '$420', '$440', '$460']);
  });

  it('draws the price as steps and labels each day of the time axis once', async () => {
    const hourly: PortfolioHistory = {
      ...history,
      points: Array.from({ length: 6 * 24 }, (_, i) => ({
        t: from + i * HOUR,
        value: 400 + (i % 5),
        priced: 1,
      })),
    };
    api.on('GET', path, { body: hourly });
    act(() => openDetail('h1'));
    const { container } = render(<PriceChart symbol="LTC" transactions={trades} />);
    await screen.findByText('1 buys and 1 sells marked.');
    const labels = [...container.querySelectorAll('.recharts-xAxis-tick-labels text')].map(
      (t) => t.textContent,
    );
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels).size).toBe(labels.length);
    // Every segment of the line is level or upright: a value holds until the next one.
    const d = container.querySelector('.recharts-line-curve')!.getAttribute('d')!;
    const vertices = [...d.matchAll(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(vertices.length).toBeGreaterThan(2);
    for (let i = 1; i < vertices.length; i++) {
      const [[x0, y0], [x1, y1]] = [vertices[i - 1]!, vertices[i]!];
      expect(Math.abs(x1! - x0!) < 1e-6 || Math.abs(y1! - y0!) < 1e-6).toBe(true);
    }
  });

  it('converts each point and each trade at its own day’s euro rate, on round euro ticks', async () => {
    api.on('GET', path, { body: { ...history, fx: euros } });
    useCurrency.setState({ currency: 'eur', rates: { usd: 1, eur: 0.95 } });
    act(() => openDetail('h1'));
    const { container } = render(<PriceChart symbol="LTC" transactions={trades} />);
    await screen.findByText('1 buys and 1 sells marked.');
    // €200 and €210 at 0.5, €396 and €414 at 0.9: not today's 0.95 (€380 to €437).
    expect(yTicks(container)).toEqual(['€200', '€300', '€400', '€500']);
    const [first, last] = lineEnds(container);
    expect(markerY(container, 'buy')).toBeCloseTo(first, 3);
    expect(markerY(container, 'sell')).toBeCloseTo(last, 3);
    expect(first).toBeGreaterThan(last);
  });

  it('reads the history again when the display currency changes', async () => {
    api.on('GET', path, { body: history });
    act(() => openDetail('h1'));
    const { container } = render(<PriceChart symbol="LTC" transactions={trades} />);
    await screen.findByText('1 buys and 1 sells marked.');
    expect(api.callsTo('GET', path)).toHaveLength(1);

    api.on('GET', path, { body: { ...history, fx: euros } });
    act(() => useCurrency.setState({ currency: 'eur', rates: { usd: 1, eur: 0.95 } }));
    await waitFor(() => expect(yTicks(container)).toEqual(['€200', '€300', '€400', '€500']));
    expect(api.callsTo('GET', path)).toHaveLength(2);
  });

  it('offers 1D to All as focusable pressed buttons, 1M first, and reads the range chosen', async () => {
    api.on('GET', path, { body: history });
    act(() => openDetail('h1'));
    render(<PriceChart symbol="LTC" transactions={trades} />);
    await screen.findByText('1 buys and 1 sells marked.');
    const group = screen.getByRole('group', { name: 'Price chart range' });
    const buttons = [...group.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['1D', '1W', '1M', 'YTD', '1Y', 'All']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual([
      'false',
      'false',
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(api.callsTo('GET', path)[0]!.query.get('range')).toBe('1m');
    const all = screen.getByRole('button', { name: 'Since the first trade' });
    all.focus();
    expect(document.activeElement).toBe(all);
    fireEvent.click(all);
    await waitFor(() => expect(all.getAttribute('aria-pressed')).toBe('true'));
    expect(api.callsTo('GET', path).at(-1)!.query.get('range')).toBe('all');
    expect(screen.getByRole('button', { name: 'One month' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('marks a buy and a sell at their dates and prices with distinct shapes, names and titles', async () => {
    api.on('GET', path, { body: history });
    act(() => openDetail('h1'));
    const half = { ...trade('b2', 'buy', from + 2 * DAY, '420'), quantity: '0.5' };
    const { container } = render(<PriceChart symbol="LTC" transactions={[...trades, half]} />);
    await screen.findByText('2 buys and 1 sells marked.');
    const buys = screen.getAllByRole('img', { name: /^Bought/ });
    const [sell] = screen.getAllByRole('img', { name: /^Sold/ });
    expect(buys).toHaveLength(2);
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(sell!.getAttribute('aria-label')).toBe(`Sold 1 LTC on ${day.format(from + 6 * DAY)} at $460.00`);
    expect(buys[1]!.querySelector('title')!.textContent).toBe(
      `Bought 0.5 LTC on ${day.format(from + 2 * DAY)} at $420.00`,
    );
    // Up for a buy, down for a sell, in their own colours.
    const shape = (el: Element) => el.querySelector('path')!;
    expect(shape(buys[0]!).getAttribute('fill')).toBe('var(--gain)');
    expect(shape(sell!).getAttribute('fill')).toBe('var(--loss)');
    expect(shape(buys[0]!).getAttribute('d')).not.toBe(shape(sell!).getAttribute('d'));
    // At their prices: the line's ends, its first point and its last.
    const [first, last] = lineEnds(container);
    expect(markerY(container, 'buy')).toBeCloseTo(first, 3);
    expect(markerY(container, 'sell')).toBeCloseTo(last, 3);
  });

  it('marks income on the line at its time, as a diamond named for screen readers', async () => {
    api.on('GET', path, { body: history });
    act(() => openDetail('h1'));
    // Staking paid 0.25 LTC on 4 November: no trade price, so it sits at the line's price then ($420).
    const staking = { ...trade('i', 'income', from + 3 * DAY, '0'), quantity: '0.25' };
    const { container } = render(<PriceChart symbol="LTC" transactions={[...trades, staking]} />);
    await screen.findByText('1 buys and 1 sells marked, and 1 income received.');
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    const income = screen.getByRole('img', {
      name: `Received 0.25 LTC as income on ${day.format(from + 3 * DAY)}, price then $420.00`,
    });
    expect(income.querySelector('title')!.textContent).toBe(income.getAttribute('aria-label'));
    const shape = income.querySelector('path')!;
    expect(shape.getAttribute('fill')).toBe('var(--warn)');
    const buy = container.querySelector('.hd-marker-buy path')!;
    expect(shape.getAttribute('d')).not.toBe(buy.getAttribute('d'));
    // Between the buy's y ($400) and the sell's ($460), a third of the way: $420.
    const y = Number(income.getAttribute('data-cy'));
    const [first, last] = lineEnds(container);
    expect(y).toBeCloseTo(first + (last - first) / 3, 3);
  });
});
