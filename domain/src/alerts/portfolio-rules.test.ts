import { describe, expect, it } from 'vitest';
import type { AlertStatus } from './constants.ts';
import { isRearmDue } from './lifecycle.ts';
import {
  evaluatePortfolioRule,
  portfolioSnapshot,
  type PortfolioRule,
  type PortfolioSnapshot,
} from './portfolio-rules.ts';

/** BTC 1 at `btc` (bought at 40,000), ETH 10 at `eth` (bought at 2,000). */
function snapshotAt(btc: number, eth: number, fresh = true): PortfolioSnapshot {
  return portfolioSnapshot([
    {
      id: 'h-btc',
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      quantity: 1,
      purchasePrice: 40_000,
      price: btc,
      fresh,
    },
    {
      id: 'h-eth',
      coingeckoId: 'ethereum',
      symbol: 'ETH',
      quantity: 10,
      purchasePrice: 2_000,
      price: eth,
      fresh,
    },
  ]);
}

const rule = (
  over: Partial<PortfolioRule> & Pick<PortfolioRule, 'scope' | 'thresholdType'>,
): PortfolioRule => ({
  thresholdValue: 10,
  measure: null,
  portfolioItemId: null,
  highWater: null,
  ...over,
});

/**
 * Runs a rule over ticks the way the engine does: judged only while Active, paused by a firing, re-armed
 * (with its high-water mark cleared) once the reset interval has passed. Returns the ticks it fired on.
 */
function drive(start: PortfolioRule, ticks: { at: number; snapshot: PortfolioSnapshot; rate?: number }[]) {
  let r = { ...start };
  let state: { status: AlertStatus; pausedBy: 'trigger' | null; lastTriggered: Date | null } = {
    status: 'Active',
    pausedBy: null,
    lastTriggered: null,
  };
  const fired: number[] = [];
  for (const t of ticks) {
    const now = new Date(t.at);
    if (isRearmDue({ ...state, resetInterval: '1hour' }, now)) {
      state = { status: 'Active', pausedBy: null, lastTriggered: null };
      r = { ...r, highWater: null };
    }
    if (state.status !== 'Active') continue;
    const result = evaluatePortfolioRule(r, t.snapshot, t.rate ?? 1);
    if (result.raised) r = { ...r, highWater: result.highWater! };
    if (result.fire) {
      fired.push(t.at);
      state = { status: 'Paused', pausedBy: 'trigger', lastTriggered: now };
    }
  }
  return fired;
}

const MIN = 60_000;

describe('portfolioSnapshot', () => {
  it('sums the priced holdings once and flags a stale one', () => {
    const s = snapshotAt(50_000, 3_000);
    expect(s.value).toBe(80_000);
    expect(s.priced).toBe(2);
    expect(s.stale).toBe(false);
    expect(snapshotAt(50_000, 3_000, false).stale).toBe(true);
  });
});

describe('portfolio_value', () => {
  it('compares the value in the alert currency, at or past the amount', () => {
    const above = rule({ scope: 'portfolio_value', thresholdType: 'Above', thresholdValue: 72_000 });
    // 80,000 USD at 0.9 EUR per USD is 72,000 EUR: at the amount fires.
    expect(evaluatePortfolioRule(above, snapshotAt(50_000, 3_000), 0.9)).toMatchObject({
      fire: true,
      observed: 72_000,
      valueUsd: 80_000,
    });
    expect(evaluatePortfolioRule(above, snapshotAt(49_000, 3_000), 0.9).fire).toBe(false);
    const below = rule({ scope: 'portfolio_value', thresholdType: 'Below', thresholdValue: 60_000 });
    expect(evaluatePortfolioRule(below, snapshotAt(35_000, 2_000), 1).fire).toBe(true);
  });

  it('is not judged without a rate for its currency or on a stale price', () => {
    const above = rule({ scope: 'portfolio_value', thresholdType: 'Above', thresholdValue: 1 });
    expect(evaluatePortfolioRule(above, snapshotAt(50_000, 3_000), undefined).reason).toBe('no_rate');
    expect(evaluatePortfolioRule(above, snapshotAt(50_000, 3_000, false), 1).reason).toBe('stale');
  });

  it('fires once per crossing and again only after the reset interval re-arms it', () => {
    const above = rule({ scope: 'portfolio_value', thresholdType: 'Above', thresholdValue: 75_000 });
    const fired = drive(above, [
      { at: 0, snapshot: snapshotAt(50_000, 2_000) },
      { at: 1 * MIN, snapshot: snapshotAt(56_000, 2_000) },
      { at: 2 * MIN, snapshot: snapshotAt(57_000, 2_000) },
      { at: 30 * MIN, snapshot: snapshotAt(58_000, 2_000) },
      { at: 61 * MIN, snapshot: snapshotAt(40_000, 2_000) },
      { at: 62 * MIN, snapshot: snapshotAt(56_000, 2_000) },
    ]);
    expect(fired).toEqual([1 * MIN, 62 * MIN]);
  });
});

describe('drawdown', () => {
  it('advances the high-water mark and fires at the percentage down from it', () => {
    const dd = rule({ scope: 'drawdown', thresholdType: 'Loss', thresholdValue: 10 });
    const first = evaluatePortfolioRule(dd, snapshotAt(40_000, 2_000), 1);
    expect(first).toMatchObject({ fire: false, highWater: 60_000, raised: true, observed: 0 });
    const higher = evaluatePortfolioRule({ ...dd, highWater: 60_000 }, snapshotAt(50_000, 2_000), 1);
    expect(higher).toMatchObject({ raised: true, highWater: 70_000 });
    const lower = evaluatePortfolioRule({ ...dd, highWater: 70_000 }, snapshotAt(44_000, 2_000), 1);
    expect(lower).toMatchObject({ fire: false, raised: false, highWater: 70_000 });
    const down = evaluatePortfolioRule({ ...dd, highWater: 70_000 }, snapshotAt(43_000, 2_000), 1);
    expect(down.fire).toBe(true);
    expect(down.observed).toBeCloseTo(10, 9);
  });

  it('measures one holding from its own peak', () => {
    const dd = rule({
      scope: 'drawdown',
      thresholdType: 'Loss',
      thresholdValue: 20,
      portfolioItemId: 'h-eth',
    });
    expect(evaluatePortfolioRule({ ...dd, highWater: 30_000 }, snapshotAt(90_000, 2_400), 1)).toMatchObject({
      fire: true,
      valueUsd: 24_000,
    });
  });

  it('fires once, then measures from a new peak after re-arming', () => {
    const dd = rule({ scope: 'drawdown', thresholdType: 'Loss', thresholdValue: 10 });
    const fired = drive(dd, [
      { at: 0, snapshot: snapshotAt(50_000, 3_000) }, // peak 80,000
      { at: 1 * MIN, snapshot: snapshotAt(42_000, 3_000) }, // 72,000: down 10 %
      { at: 2 * MIN, snapshot: snapshotAt(30_000, 3_000) }, // paused
      { at: 61 * MIN, snapshot: snapshotAt(30_000, 3_000) }, // re-armed: new peak 60,000
      { at: 62 * MIN, snapshot: snapshotAt(26_000, 3_000) }, // 56,000: down 6.7 %
      { at: 63 * MIN, snapshot: snapshotAt(24_000, 3_000) }, // 54,000: down 10 %
    ]);
    expect(fired).toEqual([1 * MIN, 63 * MIN]);
  });
});

describe('holding_pnl', () => {
  it('measures a percentage against the cost', () => {
    const gain = rule({
      scope: 'holding_pnl',
      thresholdType: 'Gain',
      thresholdValue: 25,
      measure: 'percent',
      portfolioItemId: 'h-btc',
    });
    expect(evaluatePortfolioRule(gain, snapshotAt(50_000, 1), 1)).toMatchObject({ fire: true, observed: 25 });
    expect(evaluatePortfolioRule(gain, snapshotAt(49_999, 1), 1).fire).toBe(false);
  });

  it('measures an amount in the alert currency, a loss as negative', () => {
    const loss = rule({
      scope: 'holding_pnl',
      thresholdType: 'Loss',
      thresholdValue: 4_500,
      measure: 'amount',
      portfolioItemId: 'h-eth',
    });
    // 10 ETH at 1,500 cost 20,000 and are worth 15,000: a loss of 5,000 USD, 4,500 at 0.9.
    expect(evaluatePortfolioRule(loss, snapshotAt(1, 1_500), 0.9)).toMatchObject({
      fire: true,
      observed: -4_500,
    });
    expect(evaluatePortfolioRule(loss, snapshotAt(1, 1_600), 0.9).fire).toBe(false);
    expect(evaluatePortfolioRule(loss, snapshotAt(1, 1_500), undefined).reason).toBe('no_rate');
  });

  it('needs the holding, a fresh price and a purchase price', () => {
    const gain = rule({
      scope: 'holding_pnl',
      thresholdType: 'Gain',
      measure: 'percent',
      portfolioItemId: 'gone',
    });
    expect(evaluatePortfolioRule(gain, snapshotAt(1, 1), 1).reason).toBe('no_holding');
    const noCost = portfolioSnapshot([
      { id: 'h', coingeckoId: 'x', symbol: 'X', quantity: 1, purchasePrice: 0, price: 5, fresh: true },
    ]);
    expect(evaluatePortfolioRule({ ...gain, portfolioItemId: 'h' }, noCost, 1).reason).toBe('no_reference');
    const stale = evaluatePortfolioRule(
      { ...gain, portfolioItemId: 'h-btc' },
      snapshotAt(90_000, 1, false),
      1,
    );
    expect(stale.reason).toBe('stale');
  });
});

describe('allocation', () => {
  it("compares the coin's share of the portfolio", () => {
    const above = rule({
      scope: 'allocation',
      thresholdType: 'Above',
      thresholdValue: 60,
      portfolioItemId: 'h-btc',
    });
    // BTC 60,000 of 80,000: 75 %.
    expect(evaluatePortfolioRule(above, snapshotAt(60_000, 2_000), 1)).toMatchObject({
      fire: true,
      observed: 75,
    });
    expect(evaluatePortfolioRule(above, snapshotAt(20_000, 2_000), 1)).toMatchObject({
      fire: false,
      observed: 50,
    });
    const below = rule({
      scope: 'allocation',
      thresholdType: 'Below',
      thresholdValue: 20,
      portfolioItemId: 'h-eth',
    });
    expect(evaluatePortfolioRule(below, snapshotAt(60_000, 1_000), 1).fire).toBe(true);
  });

  it('is not judged while any price of the portfolio is stale', () => {
    const above = rule({
      scope: 'allocation',
      thresholdType: 'Above',
      thresholdValue: 1,
      portfolioItemId: 'h-btc',
    });
    expect(evaluatePortfolioRule(above, snapshotAt(60_000, 2_000, false), 1).reason).toBe('stale');
  });
});
