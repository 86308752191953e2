import { act, cleanup, render, screen, within } from '@testing-library/react';
import { fallbackTicker, type TickerCoin } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConnection, useConnection } from '../../lib/connection.ts';
import { useRuntimeConfig } from '../../lib/runtime-config.ts';
import { usePrices } from './prices-store.ts';
import { TickerBar, sourceLabel } from './TickerBar.tsx';

const initial = usePrices.getState();

beforeEach(() => {
  usePrices.setState(initial, true);
  useRuntimeConfig.setState({ config: null, error: null });
});
afterEach(() => {
  cleanup();
  resetConnection();
});

const coin = (symbol: string, price: number, changePercent24h: number): TickerCoin => ({
  symbol,
  name: symbol,
  price,
  change24h: 0,
  changePercent24h,
});

describe('TickerBar', () => {
  it('says it is loading until the first prices arrive', () => {
    render(<TickerBar />);
    expect(screen.getByRole('status').textContent).toBe('Loading crypto prices...');
  });

  it('shows each coin with its formatted price, absolute change and a marker, twice for the loop', () => {
    usePrices.setState({
      ticker: [coin('BTC', 97480.1, 2.345), coin('ADA', 0.95, -1.5), coin('DOT', 6.8, 0)],
    });
    const { container } = render(<TickerBar />);
    const [visible, copy] = container.querySelectorAll('ul');
    expect(copy!.getAttribute('aria-hidden')).toBe('true');
    expect(visible!.getAttribute('aria-hidden')).toBeNull();
    const items = within(visible as HTMLElement).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'BTC$97,480.10▲up2.35%',
      'ADA$0.9500▼down1.50%',
      'DOT$6.80•unchanged0.00%',
    ]);
    expect(items[0]!.querySelector('.ticker-up')).not.toBeNull();
    expect(items[1]!.querySelector('.ticker-down')).not.toBeNull();
  });

  it("says the prices are frozen and how old they are when the connection is lost, not the server's stale word", () => {
    usePrices.setState({
      ticker: fallbackTicker(),
      sourceState: { status: 'rate_limited', lockedUntil: Date.now() + 60_000 },
      lastUpdated: Date.now() - 3 * 60_000 - 1_000,
    });
    useConnection.setState({ online: false, socket: 'reconnecting' });
    render(<TickerBar />);
    expect(screen.getByRole('status').textContent).toBe('Offline · Prices from 3 min ago');
    expect(screen.queryByText('Using cached prices')).toBeNull();

    act(() => useConnection.setState({ online: true, socket: 'connected' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Using cached prices')).toBeDefined();
  });

  it('labels simulated prices', () => {
    usePrices.setState({ ticker: fallbackTicker(), sourceState: { status: 'simulated' } });
    render(<TickerBar />);
    expect(screen.getByText('Simulated prices')).toBeDefined();
  });
});

describe('sourceLabel', () => {
  it.each([
    [null, 'coingecko', null],
    [null, 'simulated', 'Simulated prices'],
    [{ status: 'simulated' }, 'coingecko', 'Simulated prices'],
    [{ status: 'live' }, 'coingecko', null],
    [{ status: 'rate_limited', lockedUntil: 1 }, 'coingecko', 'Using cached prices'],
    [{ status: 'unavailable' }, 'coingecko', 'Prices unavailable'],
  ] as const)('%j with %s -> %s', (state, configured, expected) => {
    expect(sourceLabel(state, configured)).toBe(expected);
  });
});
