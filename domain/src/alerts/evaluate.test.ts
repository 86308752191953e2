import { describe, expect, it } from 'vitest';
import {
  evaluateAllCoinsAlert,
  evaluateCoinAlert,
  evaluatePortfolioAlert,
  type PricedHolding,
} from './evaluate.ts';
import { checkTickPrice, isStale } from './price-check.ts';

describe('evaluateCoinAlert', () => {
  it.each([
    ['above', '100', '99.999999', false],
    ['above', '100', '100', true],
    ['above', '100', 100.000001, true],
    ['below', '100', '100.000000000000000001', false],
    ['below', '100', '100', true],
    ['below', '100', 42, true],
  ] as const)('%s %s at %s -> fire %s', (direction, triggerPrice, price, fire) => {
    expect(evaluateCoinAlert({ direction, triggerPrice }, price)).toEqual({
      fire,
      reason: fire ? 'crossed' : 'not_reached',
    });
  });

  it('never fires without a trigger or on a bad price', () => {
    expect(evaluateCoinAlert({ direction: 'above', triggerPrice: null }, 5)).toEqual({
      fire: false,
      reason: 'not_armed',
    });
    expect(evaluateCoinAlert({ direction: null, triggerPrice: '1' }, 5)).toEqual({
      fire: false,
      reason: 'not_armed',
    });
    expect(evaluateCoinAlert({ direction: 'below', triggerPrice: '1' }, Number.NaN)).toEqual({
      fire: false,
      reason: 'bad_price',
    });
  });
});

const holding = (over: Partial<PricedHolding>): PricedHolding => ({
  coingeckoId: 'bitcoin',
  symbol: 'BTC',
  quantity: 1,
  purchasePrice: 100,
  price: 100,
  fresh: true,
  ...over,
});

describe('evaluatePortfolioAlert', () => {
  const gain = { thresholdType: 'Gain' as const, thresholdValue: 10 };
  const loss = { thresholdType: 'Loss' as const, thresholdValue: 10 };

  it('fires when the value reaches what the holdings cost moved by the percentage', () => {
    const holdings = [
      holding({ quantity: 2, purchasePrice: 450, price: 500 }),
      holding({ symbol: 'ETH', quantity: 10, purchasePrice: 10, price: 10 }),
    ];
    expect(evaluatePortfolioAlert(gain, holdings)).toMatchObject({
      fire: true,
      reason: 'crossed',
      value: 1100,
      cost: 1000,
    });
    expect(evaluatePortfolioAlert(gain, holdings).target).toBeCloseTo(1100, 9);
    expect(evaluatePortfolioAlert(loss, holdings)).toMatchObject({ fire: false, reason: 'not_reached' });
    expect(evaluatePortfolioAlert(loss, [holding({ quantity: 10, price: 90 })])).toMatchObject({
      fire: true,
      value: 900,
    });
    expect(evaluatePortfolioAlert(loss, [holding({ quantity: 10, price: 90.01 })]).fire).toBe(false);
  });

  it('adding a holding moves value and cost alike: no firing from a deposit', () => {
    const before = [holding({ quantity: 10, purchasePrice: 100, price: 105 })];
    expect(evaluatePortfolioAlert(gain, before).fire).toBe(false);
    const after = [...before, holding({ symbol: 'ETH', quantity: 100, purchasePrice: 50, price: 50 })];
    expect(evaluatePortfolioAlert(gain, after)).toMatchObject({ fire: false, value: 6050, cost: 6000 });
  });

  it('leaves out holdings without a price or a purchase price, and never fires while a counted one is stale', () => {
    const unpriced = holding({ symbol: 'XYZ', price: null, fresh: false });
    const noPurchase = holding({ symbol: 'AIR', quantity: 1000, purchasePrice: 0, price: 100 });
    expect(
      evaluatePortfolioAlert(gain, [holding({ quantity: 10, price: 110 }), unpriced, noPurchase]),
    ).toMatchObject({ fire: true, value: 1100, cost: 1000 });
    const stale = holding({ symbol: 'ETH', price: 1, fresh: false });
    expect(evaluatePortfolioAlert(gain, [holding({ quantity: 20, price: 200 }), stale])).toMatchObject({
      fire: false,
      reason: 'stale',
    });
  });

  it('needs a holding with a price and a purchase price', () => {
    expect(evaluatePortfolioAlert(gain, [holding({ purchasePrice: 0 })]).reason).toBe('no_reference');
    expect(evaluatePortfolioAlert(loss, [holding({ price: null, fresh: false })]).reason).toBe('no_value');
    expect(evaluatePortfolioAlert(loss, []).reason).toBe('no_value');
  });
});

describe('evaluateAllCoinsAlert', () => {
  it('fires for each holding past the percentage, largest move first', () => {
    const result = evaluateAllCoinsAlert({ thresholdType: 'Gain', thresholdValue: 10 }, [
      holding({ symbol: 'A', price: 110 }),
      holding({ symbol: 'B', price: 109.99 }),
      holding({ symbol: 'C', price: 150 }),
      holding({ symbol: 'D', price: 200, fresh: false }),
      holding({ symbol: 'E', price: 200, purchasePrice: 0 }),
    ]);
    expect(result.fire).toBe(true);
    expect(result.crossed.map((c) => c.symbol)).toEqual(['C', 'A']);
    expect(result.crossed[1]!.changePercent).toBeCloseTo(10, 9);
  });

  it('Loss looks downwards', () => {
    const result = evaluateAllCoinsAlert({ thresholdType: 'Loss', thresholdValue: 20 }, [
      holding({ symbol: 'A', price: 80 }),
      holding({ symbol: 'B', price: 81 }),
      holding({ symbol: 'C', price: 150 }),
    ]);
    expect(result.crossed.map((c) => c.symbol)).toEqual(['A']);
    expect(evaluateAllCoinsAlert({ thresholdType: 'Loss', thresholdValue: 20 }, []).fire).toBe(false);
  });
});

describe('checkTickPrice', () => {
  it('accepts a sane price, whenever the tick is handled', () => {
    expect(checkTickPrice(100)).toEqual({ usable: true });
    expect(checkTickPrice(10_000_000)).toEqual({ usable: true });
  });

  it.each([
    ['above the coin cap', 10_000_001],
    ['zero', 0],
    ['negative', -1],
    ['NaN', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
  ] as const)('refuses %s', (_label, price) => {
    expect(checkTickPrice(price)).toEqual({ usable: false, reason: 'rejected' });
  });

  it('isStale counts exactly two poll intervals before the moment as fresh, and a later price as fresh', () => {
    expect(isStale(0, 2000, 1000)).toBe(false);
    expect(isStale(0, 2001, 1000)).toBe(true);
    expect(isStale(5000, 2000, 1000)).toBe(false);
    expect(isStale(null, 2000, 1000)).toBe(true);
  });
});
