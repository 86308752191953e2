import { describe, expect, it } from 'vitest';
import { TICKER_COINS } from '../coins.ts';
import { absoluteChange24h, fallbackMarkets, fallbackPrices, fallbackTicker } from './fallback.ts';

describe('fallbackTicker', () => {
  it('lists the ten ticker coins in display order with their built-in prices', () => {
    const ticker = fallbackTicker();
    expect(ticker.map((c) => c.symbol)).toEqual([
      'BTC',
      'ETH',
      'XRP',
      'BNB',
      'SOL',
      'ADA',
      'LINK',
      'AVAX',
      'DOT',
      'MATIC',
    ]);
    for (const [i, coin] of ticker.entries()) {
      expect(coin.price).toBe(TICKER_COINS[i]!.fallbackUsd);
      expect(coin.name).toBe(TICKER_COINS[i]!.name);
      expect(coin.changePercent24h).toBe(TICKER_COINS[i]!.fallbackChangePct);
    }
  });
});

describe('fallbackPrices', () => {
  it('prices known ids, leaves unknown ids out, and marks them not live', () => {
    const prices = fallbackPrices(['bitcoin', 'not-a-coin', 'matic-network']);
    expect(Object.keys(prices).sort()).toEqual(['bitcoin', 'matic-network']);
    expect(prices.bitcoin).toEqual({ usd: 97000, usd_24h_change: 0, last_updated: 0 });
  });

  it('takes a timestamp when given one', () => {
    expect(fallbackPrices(['ethereum'], 1_732_200_000).ethereum!.last_updated).toBe(1_732_200_000);
  });

  it('returns an empty map for no ids', () => {
    expect(fallbackPrices([])).toEqual({});
  });
});

describe('absoluteChange24h', () => {
  it('derives the USD change from a percent change', () => {
    expect(absoluteChange24h(110, 10)).toBeCloseTo(10, 10);
    expect(absoluteChange24h(90, -10)).toBeCloseTo(-10, 10);
    expect(absoluteChange24h(5, 0)).toBe(0);
  });

  it('gives 0 for a -100% change instead of infinity', () => {
    expect(absoluteChange24h(1, -100)).toBe(0);
  });
});

describe('fallbackMarkets', () => {
  it('gives built-in rows for ticker coins in the order asked, not live', () => {
    const rows = fallbackMarkets(['ethereum', 'nope', 'bitcoin']);
    expect(rows.map((r) => r.id)).toEqual(['ethereum', 'bitcoin']);
    expect(rows[0]).toMatchObject({ symbol: 'ETH', name: 'Ethereum', current_price: 3400, last_updated: 0 });
  });
});
