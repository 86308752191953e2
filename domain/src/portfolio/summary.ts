/** The portfolio summary above the table (SPEC.md section 2, 'Portfolio screen', Summary). */
import type { HoldingView } from './holding-view.ts';

/** Totals over all holdings: USD amounts and percent units. */
export interface PortfolioSummary {
  currentValue: number;
  purchaseAmount: number;
  gainLoss: number;
  /** gainLoss over the purchase amount of the holdings that have both prices, x 100; 0 when none do. */
  gainLossPercent: number;
  /** The whole portfolio's 24h change in percent; 0 when no holding has a change. */
  change24hPercent: number;
  /** Holdings whose gain/loss is unknown (no current or no purchase price): left out of gainLoss. */
  gainLossUnknownCount: number;
}

/**
 * Adds up the holdings. Gain/loss percent divides by the cost of the holdings whose gain/loss is known
 * (both prices above 0), so a holding without a price does not dilute it. The 24h change is
 * value-weighted: each holding's value 24h ago is currentValue / (1 + change24h / 100), and the result is
 * the change of the sum, which is the true change of the portfolio; holdings without a change, or with a
 * change of -100 % or less, are left out of it.
 */
export function summarizePortfolio(views: readonly HoldingView[]): PortfolioSummary {
  let currentValue = 0;
  let purchaseAmount = 0;
  let gainLoss = 0;
  let pricedCost = 0;
  let valueNow = 0;
  let valueBefore = 0;
  let gainLossUnknownCount = 0;
  for (const v of views) {
    if (!(v.purchasePrice > 0 && v.currentPrice > 0)) gainLossUnknownCount += 1;
    currentValue += v.currentValue;
    purchaseAmount += v.purchaseAmount;
    gainLoss += v.gainLoss;
    if (v.purchasePrice > 0 && v.currentPrice > 0) pricedCost += v.purchaseAmount;
    if (v.change24h !== null && v.change24h > -100 && v.currentValue > 0) {
      valueNow += v.currentValue;
      valueBefore += v.currentValue / (1 + v.change24h / 100);
    }
  }
  return {
    currentValue,
    purchaseAmount,
    gainLoss,
    gainLossPercent: pricedCost > 0 ? (gainLoss / pricedCost) * 100 : 0,
    change24hPercent: valueBefore > 0 ? ((valueNow - valueBefore) / valueBefore) * 100 : 0,
    gainLossUnknownCount,
  };
}
