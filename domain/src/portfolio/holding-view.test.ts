import { describe, expect, it } from 'vitest';
import { toHoldingView } from './holding-view.ts';
import { COIN_IMAGE_URLS, coinImageFor } from './images.ts';
import { holdingRow } from './test-rows.test-helper.ts';

describe('toHoldingView', () => {
  it('computes amounts, gain/loss and percent from decimal strings', () => {
    const view = toHoldingView(holdingRow({ quantity: '0.5', purchasePrice: '40000', currentPrice: 50000 }));
    expect(view.quantity).toBe(0.5);
    expect(view.purchasePrice).toBe(40000);
    expect(view.purchaseAmount).toBeCloseTo(20000, 8);
    expect(view.currentValue).toBeCloseTo(25000, 8);
    expect(view.gainLoss).toBeCloseTo(5000, 8);
    expect(view.gainLossPercent).toBeCloseTo(25, 10);
    expect(view.change24h).toBe(2);
  });

  it('reports a loss as negative', () => {
    const view = toHoldingView(holdingRow({ quantity: '2', purchasePrice: '100', currentPrice: 75 }));
    expect(view.gainLoss).toBeCloseTo(-50, 10);
    expect(view.gainLossPercent).toBeCloseTo(-25, 10);
  });

  it.each([
    ['purchase price 0', { purchasePrice: '0' }, 'no_purchase_price'],
    ['no current price', { currentPrice: 0 }, 'no_price'],
    ['neither', { currentPrice: 0, purchasePrice: '0' }, 'no_price'],
  ] as const)('has zero gain/loss with %s, and says it is unknown and why', (_label, overrides, reason) => {
    const view = toHoldingView(holdingRow(overrides));
    expect(view.gainLoss).toBe(0);
    expect(view.gainLossPercent).toBe(0);
    expect(view.gainLossUnknown).toBe(reason);
  });

  it('knows the gain/loss of a holding with both prices, even when it is zero', () => {
    expect(
      toHoldingView(holdingRow({ purchasePrice: '50000', currentPrice: 50000 })).gainLossUnknown,
    ).toBeNull();
  });

  it('treats unreadable or negative numbers as 0', () => {
    const view = toHoldingView(
      holdingRow({ quantity: 'abc', purchasePrice: '-5', currentPrice: NaN, change24h: NaN }),
    );
    expect([view.quantity, view.purchasePrice, view.currentPrice, view.currentValue, view.gainLoss]).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect(view.change24h).toBeNull();
  });

  it('keeps full-precision decimal strings as the nearest number', () => {
    const text = '0.123456789012345678';
    expect(toHoldingView(holdingRow({ quantity: text })).quantity).toBe(Number(text));
  });

  it('takes a live price above 0 over the row price, and its 24h change when given', () => {
    const row = holdingRow({ currentPrice: 50000, change24h: 2 });
    expect(toHoldingView(row, { usd: 60000, usd_24h_change: -1 })).toMatchObject({
      currentPrice: 60000,
      change24h: -1,
    });
    expect(toHoldingView(row, { usd: 60000 })).toMatchObject({ currentPrice: 60000, change24h: 2 });
    expect(toHoldingView(row, { usd: 0, usd_24h_change: 9 })).toMatchObject({
      currentPrice: 50000,
      change24h: 2,
    });
    expect(toHoldingView(row, { usd: NaN })).toMatchObject({ currentPrice: 50000 });
  });

  it.each([
    ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'],
    [`0x${'0'.repeat(40)}`, null],
    ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb4', null],
    ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb481', null],
    [null, null],
  ])('contract address %s -> %s', (address, expected) => {
    expect(toHoldingView(holdingRow({ address })).contractAddress).toBe(expected);
  });
});

describe('coinImageFor', () => {
  const base = { coingeckoId: 'ethereum', symbol: 'ETH' };
  it.each([
    ['https://coin-images.coingecko.com/coins/images/279/large/ethereum.png', 'server https image'],
    ['https://example.com/eth.svg', 'any https host'],
  ])('uses %s (%s)', (image) => {
    expect(coinImageFor({ ...base, image })).toBe(image);
  });

  it.each([
    ['http://example.com/eth.png'],
    ['https://assets.coingecko.com/coins/images/1/standard/bitcoin.png'],
    ['data:image/png;base64,AAAA'],
    ['javascript:alert(1)'],
    [''],
    [null],
  ])('replaces %j with the table image for the id', (image) => {
    expect(coinImageFor({ ...base, image })).toBe(COIN_IMAGE_URLS.ethereum);
  });

  it('falls back to the id the symbol maps to, then to null', () => {
    expect(coinImageFor({ image: null, coingeckoId: null, symbol: 'BTC' })).toBe(
      'https://coin-images.coingecko.com/coins/images/1/small/bitcoin.png',
    );
    expect(coinImageFor({ image: null, coingeckoId: 'bridged-usdc', symbol: 'usdc' })).toBe(
      COIN_IMAGE_URLS['usd-coin'],
    );
    expect(coinImageFor({ image: null, coingeckoId: 'some-new-token', symbol: 'SNT' })).toBeNull();
  });

  it('has a small https image for every ticker coin', async () => {
    const { TICKER_COINS } = await import('../coins.ts');
    for (const coin of TICKER_COINS) {
      expect(COIN_IMAGE_URLS[coin.coingeckoId]).toMatch(
        /^https:\/\/coin-images\.coingecko\.com\/coins\/images\/\d+\/small\//,
      );
    }
  });
});
