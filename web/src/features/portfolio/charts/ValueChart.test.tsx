import type { PortfolioPerformance } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { useCurrency } from '../../currency/currency-store.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { ValueChart } from './ValueChart.tsx';

const DAY = 86_400_000;

/** A performance answer over `days` whose points cover the range evenly. */
function performance(
  range: PortfolioPerformance['range'],
  days: number,
  values: [value: string, invested: string, benchmark?: string][],
  summary: Partial<PortfolioPerformance['summary']> = {},
): PortfolioPerformance {
  const to = days * DAY;
  const stepMs = to / Math.max(1, values.length - 1);
  return {
    range,
    currency: 'usd',
    from: 0,
    to,
    stepMs,
    points: values.map(([value, invested, benchmark], i) => ({
      t: i * stepMs,
      value,
      invested,
      ...(benchmark === undefined ? {} : { benchmark }),
    })),
    summary: {
      startValue: values[0]?.[0] ?? '0',
      endValue: values.at(-1)?.[0] ?? '0',
      netFlows: '0',
      gain: '0',
      mwr: null,
      twr: null,
      ...summary,
    },
    unpriced: [],
    excludedHoldings: 0,
  };
}

const MONTH = performance(
  '1M',
  30,
  [
    ['1000', '1000'],
    ['1100', '1000'],
    ['1250', '1200'],
  ],
  { netFlows: '200', gain: '50', mwr: 0.0421, twr: 0.0312 },
);

describe('ValueChart', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi().on('GET', '/api/portfolio/performance', ({ query }) => {
      if (query.get('range') === '1Y') {
        return {
          body: performance('1Y', 365, [
            ['2000', '1800'],
            ['1500', '1800'],
          ]),
        };
      }
      if (query.get('benchmark') === 'bitcoin') {
        return {
          body: performance(
            '1M',
            30,
            [
              ['1000', '1000', '1000'],
              ['1250', '1200', '1500'],
            ],
            {
              gain: '50',
              mwr: 0.0421,
              twr: 0.0312,
              benchmark: { coin: 'bitcoin', endValue: '1500', gain: '300', mwr: 0.25, twr: 0.3 },
            },
          ),
        };
      }
      return { body: MONTH };
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('loads a month, states the gain and both returns with what each means, then a year on request', async () => {
    render(<ValueChart version="v1" />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    const change = await screen.findByTestId('value-change');
    expect(change.textContent).toBe('$250.00 (+25.00%) over 1 month, from $1,000.00 to $1,250.00');
    const figures = within(screen.getByTestId('performance-figures'));
    expect(figures.getByText('$50.00')).toBeTruthy();
    expect(figures.getByText('+4.21%')).toBeTruthy();
    expect(figures.getByText('+3.12%')).toBeTruthy();
    expect(figures.getByText(/counts when you added or took out money/)).toBeTruthy();
    expect(figures.getByText(/The investments alone/)).toBeTruthy();
    const pressed = () =>
      within(screen.getByRole('group', { name: 'Chart range' }))
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    expect(pressed()).toEqual(['1M']);
    expect(
      within(screen.getByRole('group', { name: 'Chart range' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1D', '1W', '1M', 'YTD', '1Y', 'All']);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '1Y' }));
    });
    await vi.waitFor(() =>
      expect(screen.getByTestId('value-change').textContent).toBe(
        '-$500.00 (-25.00%) over 1 year, from $2,000.00 to $1,500.00',
      ),
    );
    expect(pressed()).toEqual(['1Y']);
    expect(screen.getByTestId('value-change').className).toContain('pf-loss');
    // No money to measure: a dash, not 0 %.
    expect(within(screen.getByTestId('performance-figures')).getAllByText('—')).toHaveLength(2);
    expect(api.calls.map((c) => c.query.toString())).toEqual(['range=1M', 'range=1Y']);
  });

  it('compares with bitcoin on request and stops when the toggle is pressed again', async () => {
    render(<ValueChart version="v1" />);
    await screen.findByTestId('value-change');
    const btc = screen.getByRole('button', { name: 'BTC' });
    expect(btc.getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.click(btc);
    });
    const figures = () => within(screen.getByTestId('performance-figures'));
    await vi.waitFor(() => expect(figures().getByText('Same money in Bitcoin')).toBeTruthy());
    expect(figures().getByText('$1,500.00 (+25.00% money-weighted)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'BTC' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'BTC' }));
    });
    await vi.waitFor(() => expect(figures().queryByText('Same money in Bitcoin')).toBeNull());
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'range=1M',
      'range=1M&benchmark=bitcoin',
      'range=1M',
    ]);
  });

  it('draws value and net invested as steps, and labels each axis tick once', async () => {
    // happy-dom lays nothing out: the chart's container gets a size so recharts draws lines and axes.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 320, height: 200 }),
    );
    try {
      const { container } = render(<ValueChart version="v1" />);
      await screen.findByTestId('value-change');
      const box = container.querySelector('.pf-chart-box')!;
      expect(box.getAttribute('aria-hidden')).toBe('true');
      await vi.waitFor(() =>
        expect(box.querySelectorAll('.recharts-line-curve, .recharts-area-curve')).toHaveLength(2),
      );
      // Every segment is level or upright: a figure holds until the next point.
      for (const path of box.querySelectorAll('.recharts-line-curve, .recharts-area-curve')) {
        const d = path.getAttribute('d')!;
        const vertices = [...d.matchAll(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g)].map((m) => [
          Number(m[1]),
          Number(m[2]),
        ]);
        expect(vertices.length).toBeGreaterThan(2);
        for (let i = 1; i < vertices.length; i++) {
          const [[x0, y0], [x1, y1]] = [vertices[i - 1]!, vertices[i]!];
          expect(Math.abs(x1! - x0!) < 1e-6 || Math.abs(y1! - y0!) < 1e-6).toBe(true);
        }
      }
      for (const axis of ['xAxis', 'yAxis']) {
        const labels = [...box.querySelectorAll(`.recharts-${axis}-tick-labels text`)].map(
          (t) => t.textContent,
        );
        expect(labels.length).toBeGreaterThan(1);
        expect(new Set(labels).size).toBe(labels.length);
      }
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('answers in the display currency the server used', async () => {
    api.on('GET', '/api/portfolio/performance', { body: { ...MONTH, currency: 'eur' } });
    render(<ValueChart version="v1" />);
    const change = await screen.findByTestId('value-change');
    expect(change.textContent).toBe('€250.00 (+25.00%) over 1 month, from €1,000.00 to €1,250.00');
  });

  it('reloads when the display currency changes', async () => {
    render(<ValueChart version="v1" />);
    await screen.findByTestId('value-change');
    act(() => useCurrency.setState({ currency: 'gbp' }));
    try {
      await vi.waitFor(() => expect(api.calls).toHaveLength(2));
    } finally {
      useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
    }
  });

  it('says when there are no transactions, too little history, or an error', async () => {
    api.on('GET', '/api/portfolio/performance', { body: performance('1M', 30, []) });
    const first = render(<ValueChart version="v1" />);
    await screen.findByText(
      'No transactions yet. Add a coin or import your trades to see how your portfolio performs.',
    );
    first.unmount();

    api.on('GET', '/api/portfolio/performance', { body: performance('1M', 30, [['1000', '1000']]) });
    const second = render(<ValueChart version="v2" />);
    await screen.findByText('Not enough price history yet. The chart fills in as prices are recorded.');
    second.unmount();

    api.on('GET', '/api/portfolio/performance', { status: 503, body: { error: 'Database unavailable' } });
    render(<ValueChart version="v3" />);
    await screen.findByText("Could not load the portfolio's performance: Database unavailable");
  });

  it('says the span the data really covers for a portfolio younger than the range', async () => {
    const minute = 60_000;
    api.on('GET', '/api/portfolio/performance', {
      body: {
        ...MONTH,
        points: [
          { t: 0, value: '0', invested: '0' },
          { t: 10 * minute, value: '104843.6', invested: '104000' },
          { t: 45 * minute, value: '104749.2', invested: '104000' },
        ],
      },
    });
    render(<ValueChart version="v1" />);
    const change = await screen.findByTestId('value-change');
    expect(change.textContent).toBe('-$94.40 (-0.09%) over 35 minutes, from $104,843.60 to $104,749.20');
  });
});
