/** The allocation chart's slices: the largest holdings by current value, the rest as 'Other'. */
import type { HoldingView } from '@coinpace/domain';

/** One slice; `percent` of the priced total, 0-100. */
export interface AllocationSlice {
  symbol: string;
  value: number;
  percent: number;
}

/** Slices shown before the rest is grouped as 'Other'. */
export const MAX_SLICES = 8;

/**
 * Holdings with a current value above 0, largest first, at most MAX_SLICES with the rest summed into
 * 'Other'. Empty when nothing is priced.
 */
export function allocationSlices(views: readonly HoldingView[], max = MAX_SLICES): AllocationSlice[] {
  const priced = views.filter((v) => v.currentValue > 0).sort((a, b) => b.currentValue - a.currentValue);
  const total = priced.reduce((sum, v) => sum + v.currentValue, 0);
  if (total <= 0) return [];
  const top = priced.length > max ? priced.slice(0, max - 1) : priced;
  const slices = top.map((v) => ({
    symbol: v.symbol,
    value: v.currentValue,
    percent: (v.currentValue / total) * 100,
  }));
  if (priced.length > max) {
    const rest = total - top.reduce((sum, v) => sum + v.currentValue, 0);
    slices.push({ symbol: 'Other', value: rest, percent: (rest / total) * 100 });
  }
  return slices;
}

/**
 * A key that changes only when the chart would look different (symbols and shares to 0.1 %), so the
 * chart skips re-rendering on ticks that move nothing visibly.
 */
export function allocationKey(slices: readonly AllocationSlice[]): string {
  return slices.map((s) => `${s.symbol}:${s.percent.toFixed(1)}`).join('|');
}
