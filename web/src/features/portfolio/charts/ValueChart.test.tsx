import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { ValueChart } from './ValueChart.tsx';

const HOUR = 3_600_000;
const history = (range: string, values: number[]) => ({
  range,
  from: 0,
  to: values.length * HOUR,
  stepMs: HOUR,
  holdings: 1,
  points: values.map((value, i) => ({ t: i * HOUR, value })),
});

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
