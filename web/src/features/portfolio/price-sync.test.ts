import type { PriceQuote } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { mergePrices, setCoinSubscriber, usePrices } from '../prices/prices-store.ts';
import { setHoldings, usePortfolio } from './portfolio-store.ts';
import { repricePosition, usePositionPrices } from './position-prices.ts';
import { refreshPrices } from './price-refresh.ts';
import { startPriceSync } from './price-sync.ts';
import { resetPortfolioFeature } from './testing.ts';

const quote = (usd: number, change: number | null = 0): PriceQuote => ({
  usd,
  usd_24h_change: change,
  last_updated: 1,
});

describe('repricePosition', () => {
  it('takes a sane price and keeps the previous entry object when nothing changes', () => {
    const first = repricePosition({ quantity: '1' }, undefined, quote(100, 2));
    expect(first).toEqual({ price: 100, change24h: 2 });
    expect(repricePosition({ quantity: '1' }, first, quote(100, 2))).toBe(first);
    expect(repricePosition({ quantity: '1' }, first, undefined)).toBe(first);
  });

  it.each([
    ['a price above 10,000,000', 10_000_001, 1],
    ['a position jumping more than 100x', 10_001, 1],
    ['a rise above a 5,000,000 position', 200, 30_000],
    ['a negative price', -5, 1],
    ['a zero price', 0, 1],
  ])('keeps the old price on %s', (_label, usd, quantity) => {
    const previous = { price: 100, change24h: 1 };
    expect(repricePosition({ quantity: String(quantity) }, previous, quote(usd))).toBe(previous);
  });

  it('takes a falling price even for a position above the cap', () => {
    const previous = { price: 200, change24h: 1 };
    expect(repricePosition({ quantity: '30000' }, previous, quote(190, -5))).toEqual({
      price: 190,
      change24h: -5,
    });
  });
});

describe('startPriceSync', () => {
  let stop: () => void = () => {};
  let watched: string[][] = [];
  beforeEach(() => {
    resetPortfolioFeature();
    watched = [];
    setCoinSubscriber((ids) => watched.push(ids));
  });
  afterEach(() => {
    stop();
    setCoinSubscriber(() => {});
  });

  it('declares the held coins and prices holdings from their rows, then from live quotes', () => {
    const btc = holding({ coingeckoId: 'bitcoin', currentPrice: 40000 });
    const eth = holding({ coingeckoId: 'ethereum', symbol: 'ETH', currentPrice: 2000, change24h: 3 });
    setHoldings([btc, eth]);
    stop = startPriceSync();
    expect(watched.at(-1)).toEqual(['bitcoin', 'ethereum']);
    expect(usePositionPrices.getState().byId[eth.id]).toEqual({ price: 2000, change24h: 3 });

    const ethBefore = usePositionPrices.getState().byId[eth.id];
    mergePrices({ bitcoin: quote(41000, 2.5) });
    const after = usePositionPrices.getState().byId;
    expect(after[btc.id]).toEqual({ price: 41000, change24h: 2.5 });
    // Only the changed coin's holdings get new objects.
    expect(after[eth.id]).toBe(ethBefore);
  });

  it('applies the sanity rules to ticks: an absurd jump keeps the old price', () => {
    const btc = holding({ coingeckoId: 'bitcoin', currentPrice: 40000, quantity: '1' });
    setHoldings([btc]);
    stop = startPriceSync();
    const before = usePositionPrices.getState().byId;
    mergePrices({ bitcoin: quote(40000 * 101) });
    expect(usePositionPrices.getState().byId).toBe(before);
    expect(usePrices.getState().prices.bitcoin!.usd).toBe(40000 * 101);
  });

  it('takes a price the jump rule kept out once the manual Refresh has cleared the caches', async () => {
    const api = installFakeApi().on('POST', '/api/prices/update', {
      body: { prices: { newcoin: quote(5, 2) }, updatedAt: 1 },
    });
    try {
      const coin = holding({ coingeckoId: 'newcoin', symbol: 'NEW', quantity: '10', currentPrice: 0.01 });
      const btc = holding({ coingeckoId: 'bitcoin', currentPrice: 40000 });
      setHoldings([coin, btc]);
      stop = startPriceSync();
      const btcBefore = usePositionPrices.getState().byId[btc.id];
      mergePrices({ newcoin: quote(5, 2) });
      expect(usePositionPrices.getState().byId[coin.id]!.price).toBe(0.01);
      await refreshPrices();
      expect(usePositionPrices.getState().byId[coin.id]!.price).toBe(0.01);

      await refreshPrices({ manual: true });
      expect(api.callsTo('POST', '/api/prices/update')).toHaveLength(1);
      expect(usePositionPrices.getState().byId[coin.id]).toEqual({ price: 5, change24h: 2 });
      // Positions whose price did not change keep their object (their rows do not re-render).
      expect(usePositionPrices.getState().byId[btc.id]).toBe(btcBefore);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('uses a quote already in the store for holdings added later, and drops removed holdings', () => {
    mergePrices({ solana: quote(150, 1) });
    stop = startPriceSync();
    const sol = holding({ coingeckoId: 'solana', symbol: 'SOL', currentPrice: 0 });
    setHoldings([sol]);
    expect(usePositionPrices.getState().byId[sol.id]).toEqual({ price: 150, change24h: 1 });
    setHoldings([]);
    expect(usePositionPrices.getState().byId).toEqual({});
    expect(watched.at(-1)).toEqual([]);
  });

  it('turns a purchase price of 0 into the first current price, once per holding', () => {
    const fills: [string, number][] = [];
    const ada = holding({ coingeckoId: 'cardano', symbol: 'ADA', purchasePrice: '0', currentPrice: 0 });
    const btc = holding({ coingeckoId: 'bitcoin', purchasePrice: '30000', currentPrice: 0 });
    setHoldings([ada, btc]);
    stop = startPriceSync({ onFirstPrice: (id, price) => fills.push([id, price]) });
    expect(fills).toEqual([]);
    mergePrices({ cardano: quote(0.5), bitcoin: quote(40000) });
    mergePrices({ cardano: quote(0.6) });
    expect(fills).toEqual([[ada.id, 0.5]]);
    expect(usePortfolio.getState().byId[btc.id]!.purchasePrice).toBe('30000');
  });

  it('stops listening when stopped', () => {
    const btc = holding({ coingeckoId: 'bitcoin', currentPrice: 40000 });
    setHoldings([btc]);
    stop();
    stop = startPriceSync();
    stop();
    const before = usePositionPrices.getState().byId;
    mergePrices({ bitcoin: quote(45000) });
    expect(usePositionPrices.getState().byId).toBe(before);
  });
});
