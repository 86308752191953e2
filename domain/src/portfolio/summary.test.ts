import { describe, expect, it } from 'vitest';
import { toHoldingView } from './holding-view.ts';
import { summarizePortfolio } from './summary.ts';
import { holdingRow } from './test-rows.test-helper.ts';

describe('summarizePortfolio', () => {
  it('is all zeros for no holdings', () => {
    expect(summarizePortfolio([])).toEqual({
      currentValue: 0,
      purchaseAmount: 0,
      gainLoss: 0,
      gainLossPercent: 0,
      change24hPercent: 0,
      gainLossUnknownCount: 0,
    });
  });

  it('adds up values and gain/loss, percent over the cost of priced holdings', () => {
    const views = [
      toHoldingView(
        holdingRow({ id: 'a', quantity: '1', purchasePrice: '100', currentPrice: 150, change24h: null }),
      ),
      toHoldingView(
        holdingRow({ id: 'b', quantity: '2', purchasePrice: '50', currentPrice: 25, change24h: null }),
      ),
      // Not priced yet: its cost counts in purchaseAmount but not in the percent.
      toHoldingView(
        holdingRow({ id: 'c', quantity: '10', purchasePrice: '10', currentPrice: 0, change24h: null }),
      ),
    ];
    const summary = summarizePortfolio(views);
    expect(summary.currentValue).toBeCloseTo(200, 10);
    expect(summary.purchaseAmount).toBeCloseTo(300, 10);
    expect(summary.gainLoss).toBeCloseTo(0, 10);
    expect(summary.gainLossPercent).toBeCloseTo(0, 10);
    expect(summary.change24hPercent).toBe(0);
    expect(summary.gainLossUnknownCount).toBe(1);
  });

  it('gives the gain/loss percent of the priced cost', () => {
    const views = [toHoldingView(holdingRow({ quantity: '4', purchasePrice: '25', currentPrice: 30 }))];
    expect(summarizePortfolio(views).gainLossPercent).toBeCloseTo(20, 10);
  });

  it('weights the 24h change by value, giving the change of the whole portfolio', () => {
    // A: worth 110 now after +10 % (100 before); B: worth 90 now after -10 % (100 before). Sum 200 -> 200.
    const views = [
      toHoldingView(holdingRow({ id: 'a', quantity: '1', currentPrice: 110, change24h: 10 })),
      toHoldingView(holdingRow({ id: 'b', symbol: 'ETH', quantity: '1', currentPrice: 90, change24h: -10 })),
    ];
    expect(summarizePortfolio(views).change24hPercent).toBeCloseTo(0, 10);
    // A bigger position moves the total more: 300 now after +50 % (200 before) and 100 unchanged.
    const skewed = [
      toHoldingView(holdingRow({ id: 'a', quantity: '3', currentPrice: 100, change24h: 50 })),
      toHoldingView(holdingRow({ id: 'b', symbol: 'ETH', quantity: '1', currentPrice: 100, change24h: 0 })),
    ];
    expect(summarizePortfolio(skewed).change24hPercent).toBeCloseTo((400 / 300 - 1) * 100, 10);
  });

  it('leaves out holdings without a change, without value, or with a change of -100 % or less', () => {
    const views = [
      toHoldingView(holdingRow({ id: 'a', quantity: '1', currentPrice: 105, change24h: 5 })),
      toHoldingView(holdingRow({ id: 'b', symbol: 'X', quantity: '1', currentPrice: 1000, change24h: null })),
      toHoldingView(holdingRow({ id: 'c', symbol: 'Y', quantity: '1', currentPrice: 0, change24h: 40 })),
      toHoldingView(holdingRow({ id: 'd', symbol: 'Z', quantity: '1', currentPrice: 5, change24h: -100 })),
    ];
    const summary = summarizePortfolio(views);
    expect(summary.change24hPercent).toBeCloseTo(5, 10);
    expect(Number.isFinite(summary.gainLossPercent)).toBe(true);
  });
});
