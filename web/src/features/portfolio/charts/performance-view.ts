/**
 * What the portfolio chart draws and says from GET /api/portfolio/performance: numbers to plot, the span
 * the data really covers in words, and the figures with their one-line explanations.
 */
import {
  PERFORMANCE_RANGES,
  type BenchmarkCoin,
  type PerformanceRange,
  type PortfolioPerformance,
} from '@coinpace/domain';

/** One plotted point; amounts in the response's currency. */
export interface ChartPoint {
  t: number;
  value: number;
  invested: number;
  benchmark?: number;
}

/** The range buttons, in order. */
export const RANGE_BUTTONS: readonly {
  id: PerformanceRange;
  label: string;
  /** The range in full, for the button's tooltip. */
  name: string;
  /** For 'over …'. */
  words: string;
}[] = [
  { id: '1D', label: '1D', name: '1 day', words: '1 day' },
  { id: '1W', label: '1W', name: '1 week', words: '1 week' },
  { id: '1M', label: '1M', name: '1 month', words: '1 month' },
  { id: 'YTD', label: 'YTD', name: 'Year to date', words: 'the year to date' },
  { id: '1Y', label: '1Y', name: '1 year', words: '1 year' },
  { id: 'ALL', label: 'All', name: 'All time', words: 'all time' },
];
if (RANGE_BUTTONS.length !== PERFORMANCE_RANGES.length) throw new Error('a performance range has no button');

/** The benchmark toggles and how the figures name each coin. */
export const BENCHMARK_BUTTONS: readonly { id: BenchmarkCoin; label: string; name: string }[] = [
  { id: 'bitcoin', label: 'BTC', name: 'Bitcoin' },
  { id: 'ethereum', label: 'ETH', name: 'Ether' },
];

/** The figures' explanations, in words a person without a finance degree can use. */
export const EXPLAIN = {
  gain: 'What your coins earned: the change in value, less the money you put in or took out.',
  mwr: 'Your return as an investor: counts when you added or took out money (modified Dietz).',
  twr: 'The investments alone, as if the same money had been in all along: compare it with a market.',
  benchmark: 'What the same deposits and withdrawals would be worth had they bought this coin instead.',
} as const;

/**
 * The points as numbers, from the first one with anything in it: before the first transaction the
 * portfolio is empty, and a flat line at zero would only squeeze the chart.
 */
export function chartPoints(data: PortfolioPerformance): ChartPoint[] {
  const points = data.points.map((p) => ({
    t: p.t,
    value: Number(p.value),
    invested: Number(p.invested),
    ...(p.benchmark === undefined ? {} : { benchmark: Number(p.benchmark) }),
  }));
  const first = points.findIndex((p) => p.value !== 0 || p.invested !== 0);
  return first < 0 ? [] : points.slice(first);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The time the drawn points cover, for 'over …': the range's words when they fill it (to within one
 * step), else the real span: '35 minutes' (under two hours), '5 hours' (under two days), '3 days'.
 */
export function coveredSpan(data: PortfolioPerformance, points: readonly ChartPoint[]): string {
  const words = RANGE_BUTTONS.find((r) => r.id === data.range)!.words;
  const span = points.length > 1 ? points.at(-1)!.t - points[0]!.t : 0;
  if (data.range === 'ALL' || span >= data.to - data.from - data.stepMs) return words;
  if (span < 2 * HOUR) return plural(Math.max(1, Math.round(span / MINUTE)), 'minute');
  if (span < 2 * DAY) return plural(Math.round(span / HOUR), 'hour');
  return plural(Math.round(span / DAY), 'day');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** Tick values whose labels are all different (a compact label can round two ticks to one text). */
export function distinctTicks(ticks: readonly number[], format: (value: number) => string): number[] {
  const seen = new Set<string>();
  return ticks.filter((t) => {
    const label = format(t);
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}
