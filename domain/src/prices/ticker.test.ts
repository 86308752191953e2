import { describe, expect, it } from 'vitest';
import { tickerFromMarkets, tickerFromPrices } from './ticker.ts';
import type { MarketCoin } from './types.ts';

const row = (id: string, price: number, pct: number | null, abs: number | null = null): MarketCoin => ({
  id,
  symbol: id.slice(0, 3).toUpperCase(),
  name: `${id} name`,
  image: null,
  current_price: price,
  price_change_24h: abs,
  price_change_percentage_24h: pct,
  last_updated: 1_732_200_000,
});

describe('tickerFromMarkets', () => {
  it('keeps display order and the ticker symbols whatever order the rows come in', () => {
    const ticker = tickerFromMarkets([row('ethereum', 3500, 2, 70), row('bitcoin', 100_000, -1.5, -1500)]);
    expect(ticker).toHaveLength(10);
    expect(ticker[0]).toEqual({
      symbol: 'BTC',
      name: 'bitcoin name',
      price: 100_000,
      change24h: -1500,
      changePercent24h: -1.5,
    });
    expect(ticker[1]!.symbol).toBe('ETH');
    expect(ticker[1]!.price).toBe(3500);
  });

  it('fills missing or unusable rows with built-in prices', () => {
    const ticker = tickerFromMarkets([row('ripple', 0, 1), row('solana', Number.NaN, 1)]);
    expect(ticker[2]).toMatchObject({ symbol: 'XRP', price: 2.3 });
    expect(ticker[4]).toMatchObject({ symbol: 'SOL', price: 190 });
    expect(ticker[0]).toMatchObject({ symbol: 'BTC', price: 97000 });
  });

  it('derives the absolute change when the row has only a percent', () => {
    const [btc] = tickerFromMarkets([row('bitcoin', 110, 10, null)]);
    expect(btc!.change24h).toBeCloseTo(10, 10);
  });
});

describe('tickerFromPrices', () => {
  it('prices the ticker from a PriceMap and fills gaps', () => {
    const ticker = tickerFromPrices({ cardano: { usd: 1.1, usd_24h_change: 10, last_updated: 1 } });
    expect(ticker[5]!.symbol).toBe('ADA');
    expect(ticker[5]!.price).toBe(1.1);
    expect(ticker[5]!.change24h).toBeCloseTo(0.1, 10);
    expect(ticker[0]!.price).toBe(97000);
  });

  it('treats a null change as 0', () => {
    const ticker = tickerFromPrices({ bitcoin: { usd: 1, usd_24h_change: null, last_updated: 1 } });
    expect(ticker[0]!.changePercent24h).toBe(0);
    expect(ticker[0]!.change24h).toBe(0);
  });
});
