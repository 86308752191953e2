/**
 * What a whole portfolio's histories add up to (the summary's 'Total invested' and 'Realised
 * gain/loss'): each holding derived by the chosen cost method, and the sums.
 */
import { deriveHolding, type CostMethod, type HoldingTransaction } from './cost-basis.ts';
import { fromDecimal, toDecimal } from './fixed-point.ts';

/** One holding's part of the summary. Decimal strings; `realisedGain` may be negative. */
export interface HoldingInvestment {
  holdingId: string;
  totalInvested: string;
  realisedGain: string;
  /** False when the stored history is impossible; such a holding adds nothing to the sums. */
  derived: boolean;
}

/** GET /api/portfolio/summary. */
export interface PortfolioInvestmentSummary {
  method: CostMethod;
  totalInvested: string;
  realisedGain: string;
  holdings: HoldingInvestment[];
}

/**
 * Derives every holding's history and sums what was invested and realised. `histories` gives each
 * holding's transactions (a holding without any counts as zero).
 */
export function summarizeInvestments(
  histories: ReadonlyMap<string, readonly HoldingTransaction[]>,
  method: CostMethod,
): PortfolioInvestmentSummary {
  let invested = 0n;
  let realised = 0n;
  const holdings: HoldingInvestment[] = [];
  for (const [holdingId, transactions] of histories) {
    const result = deriveHolding(transactions, method);
    if (!result.ok) {
      holdings.push({ holdingId, totalInvested: '0', realisedGain: '0', derived: false });
      continue;
    }
    const { totalInvested, realisedGain } = result.holding;
    invested += fromDecimal(totalInvested);
    realised += fromDecimal(realisedGain);
    holdings.push({ holdingId, totalInvested, realisedGain, derived: true });
  }
  return { method, totalInvested: toDecimal(invested), realisedGain: toDecimal(realised), holdings };
}
