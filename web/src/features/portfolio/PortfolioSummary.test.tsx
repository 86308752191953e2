import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnection, useConnection } from '../../lib/connection.ts';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { useCurrency } from '../currency/currency-store.ts';
import { usePrices } from '../prices/prices-store.ts';
import { PortfolioSummary } from './PortfolioSummary.tsx';
import { patchHolding, setHoldings, usePortfolio } from './portfolio-store.ts';
import { resetPortfolioFeature } from './testing.ts';

const stat = (name: string) => document.querySelector(`[data-stat="${name}"]`)!;

describe('PortfolioSummary: total invested and realised gain/loss', () => {
  let api: FakeApi;
  const btc = holding({ quantity: '2', purchasePrice: '30000' });
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi()
      .on('GET', '/api/portfolio/summary', {
        body: { method: 'average', totalInvested: '80000', realisedGain: '-1234.5', holdings: [] },
      })
      .on('GET', '/api/prices', { body: {} });
    setHoldings([btc]);
    usePortfolio.setState({ status: 'ready' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows them from the server, and fetches them again when a row changes', async () => {
    render(<PortfolioSummary />);
    await waitFor(() => expect(stat('invested').textContent).toBe('$80,000.00'));
    expect(stat('realised').textContent).toBe('-$1,234.50');
    expect(stat('realised').className).toContain('pf-loss');
    expect(screen.getByText('Total invested')).toBeTruthy();
    expect(screen.getByText('Realised gain/loss')).toBeTruthy();
    expect(screen.getByText('from sales, average cost')).toBeTruthy();
    expect(api.callsTo('GET', '/api/portfolio/summary')).toHaveLength(1);

    api.on('GET', '/api/portfolio/summary', {
      body: { method: 'fifo', totalInvested: '100000', realisedGain: '500', holdings: [] },
    });
    act(() => patchHolding(btc.id, { quantity: '3', purchasePrice: '33333.33' }));
    await waitFor(() => expect(stat('invested').textContent).toBe('$100,000.00'));
    expect(stat('realised').textContent).toBe('$500.00');
    expect(stat('realised').className).toContain('pf-gain');
    expect(screen.getByText('from sales, first in first out')).toBeTruthy();
    expect(api.callsTo('GET', '/api/portfolio/summary')).toHaveLength(2);
  });

  it('shows the figures in the display currency, converted at its rate', async () => {
    useCurrency.setState({ currency: 'eur', rates: { usd: 1, eur: 0.5 } });
    try {
      render(<PortfolioSummary />);
      await waitFor(() => expect(stat('invested').textContent).toBe('€40,000.00'));
      expect(stat('realised').textContent).toBe('-€617.25');
      act(() => useCurrency.setState({ currency: 'jpy', rates: { usd: 1, jpy: 150 } }));
      expect(stat('invested').textContent).toBe('¥12,000,000');
    } finally {
      useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
    }
  });

  it('shows a dash when they cannot be loaded', async () => {
    api.on('GET', '/api/portfolio/summary', { status: 500, body: { error: 'Something went wrong' } });
    render(<PortfolioSummary />);
    await waitFor(() => expect(stat('invested').textContent).toBe('—'));
    expect(stat('realised').textContent).toBe('—');
    expect(screen.getByText('Could not be loaded')).toBeTruthy();
  });
});

describe('PortfolioSummary: the status card', () => {
  beforeEach(() => {
    resetPortfolioFeature();
    installFakeApi()
      .on('GET', '/api/portfolio/summary', {
        body: { method: 'average', totalInvested: '0', realisedGain: '0', holdings: [] },
      })
      .on('GET', '/api/prices', { body: {} });
    usePortfolio.setState({ status: 'ready' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetConnection();
  });

  it("says 'Server unreachable' and the prices' age instead of 'Auto-updating', and drops the stale rate limit", () => {
    useConnection.setState({ socket: 'connected' });
    usePrices.setState({
      connection: 'live',
      lastUpdated: Date.now() - 12 * 60_000 - 1_000,
      sourceState: { status: 'rate_limited', lockedUntil: Date.now() + 60_000 },
    });
    render(<PortfolioSummary />);
    const line = () => document.querySelector('.pf-status-line')!.textContent;
    expect(line()).toBe('Auto-update paused');

    act(() => useConnection.setState({ socket: 'reconnecting', serverUnreachable: true }));
    expect(line()).toBe('Server unreachable');
    expect(stat('updated').textContent).toBe('Prices from 12 min ago');
    expect(screen.queryByText('Live')).toBeNull();
    expect(screen.queryByText('Cached prices')).toBeNull();

    act(() => useConnection.setState({ online: false }));
    expect(line()).toBe('Offline');

    act(() => useConnection.setState({ online: true, socket: 'connected', serverUnreachable: false }));
    expect(line()).toBe('Auto-update paused');
    expect(stat('updated').textContent).toMatch(/^Last updated: /);
  });
});
