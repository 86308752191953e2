import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { useCurrency } from '../../currency/currency-store.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { ValueChart } from './ValueChart.tsx';

const HOUR = 3_600_000;
const DAYS = { '7d': 7, '30d': 30 } as const;
/** A history whose points cover the whole range, evenly. */
const history = (range: keyof typeof DAYS, values: number[]) => {
  const to = DAYS[range] * 24 * HOUR;
  return {
    range,
    from: 0,
    to,
    stepMs: HOUR,
    holdings: 1,
    points: values.map((value, i) => ({ t: (i * to) / Math.max(1, values.length - 1), value, priced: 1 })),
  };
};

describe('ValueChart', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi().on('GET', '/api/portfolio/history', ({ query }) => ({
      body: query.get('range') === '30d' ? history('30d', [2000, 1500]) : history('7d', [1000, 1100, 1250]),
    }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads 7 days, then 30 days on request, and states the change over the range', async () => {
    render(<ValueChart version="v1" />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    const change = await screen.findByTestId('value-change');
    expect(change.textContent).toBe('$250.00 (+25.00%) over 7 days, from $1,000.00 to $1,250.00');
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    });
    await vi.waitFor(() =>
      expect(screen.getByTestId('value-change').textContent).toBe(
        '-$500.00 (-25.00%) over 30 days, from $2,000.00 to $1,500.00',
      ),
    );
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('value-change').className).toContain('pf-loss');
    expect(api.calls.map((c) => c.query.get('range'))).toEqual(['7d', '30d']);
  });

  it('draws and states the history in the display currency once its rate is known', async () => {
    useCurrency.setState({ currency: 'gbp', rates: { usd: 1 } });
    try {
      render(<ValueChart version="v1" />);
      // No rate yet: the dollars the history is kept in.
      const change = await screen.findByTestId('value-change');
      expect(change.textContent).toBe('$250.00 (+25.00%) over 7 days, from $1,000.00 to $1,250.00');
      act(() => useCurrency.setState({ rates: { usd: 1, gbp: 0.8 } }));
      expect(screen.getByTestId('value-change').textContent).toBe(
        '£200.00 (+25.00%) over 7 days, from £800.00 to £1,000.00',
      );
    } finally {
      useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
    }
  });

  it('converts each point with the rate of its own day when the server sends daily rates', async () => {
    const days = [
      { day: '1970-01-01', rate: 0.5 },
      { day: '1970-01-08', rate: 1 },
    ];
    api.on('GET', '/api/portfolio/history', {
      body: { ...history('7d', [1000, 1100, 1250]), fx: { currency: 'eur', days } },
    });
    useCurrency.setState({ currency: 'eur', rates: { usd: 1, eur: 0.9 } });
    try {
      render(<ValueChart version="v1" />);
      // 1,000 on 1 January at 0.5; 1,250 on 8 January at 1 (not today's 0.9).
      await vi.waitFor(() =>
        expect(screen.getByTestId('value-change').textContent).toBe(
          '€750.00 (+150.00%) over 7 days, from €500.00 to €1,250.00',
        ),
      );
    } finally {
      useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
    }
  });

  it('says the span the history really covers, not the range asked for', async () => {
    const minute = 60_000;
    api.on('GET', '/api/portfolio/history', {
      body: {
        ...history('7d', [104_843.6, 104_749.2]),
        points: [
          { t: 0, value: 104_843.6, priced: 1 },
          { t: 35 * minute, value: 104_749.2, priced: 1 },
        ],
      },
    });
    render(<ValueChart version="v1" />);
    const change = await screen.findByTestId('value-change');
    expect(change.textContent).toBe('-$94.40 (-0.09%) over 35 minutes, from $104,843.60 to $104,749.20');
  });

  it('says when there is not enough history, and when it cannot be loaded', async () => {
    api.on('GET', '/api/portfolio/history', { body: history('7d', [1000]) });
    const { unmount } = render(<ValueChart version="v1" />);
    await screen.findByText('Not enough price history yet. The chart fills in as prices are recorded.');
    unmount();

    api.on('GET', '/api/portfolio/history', { status: 503, body: { error: 'Database unavailable' } });
    render(<ValueChart version="v2" />);
    await screen.findByText('Could not load the value history: Database unavailable');
  });
});
