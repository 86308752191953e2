/** The portfolio chart's data: GET /api/portfolio/performance for one range, with or without a benchmark. */
import type { BenchmarkCoin, PerformanceRange, PortfolioPerformance } from '@coinpace/domain';
import { create } from 'zustand';
import { api, errorMessage } from '../../../lib/api-client.ts';

export interface PerformanceState {
  range: PerformanceRange;
  /** The coin the portfolio is compared with; null: no comparison. */
  benchmark: BenchmarkCoin | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: PortfolioPerformance | null;
  error: string | null;
}

const START: PerformanceState = { range: '1M', benchmark: null, status: 'idle', data: null, error: null };

export const usePerformance = create<PerformanceState>(() => START);

let request = 0;

/**
 * Loads `range` with `benchmark` (default: the current ones); a newer call wins over a slower older one.
 * The figures on screen stay until the new ones arrive.
 */
export async function loadPerformance(
  range: PerformanceRange = usePerformance.getState().range,
  benchmark: BenchmarkCoin | null = usePerformance.getState().benchmark,
): Promise<void> {
  const mine = ++request;
  usePerformance.setState({ range, benchmark, status: 'loading', error: null });
  const query = new URLSearchParams({ range });
  if (benchmark) query.set('benchmark', benchmark);
  try {
    const data = await api<PortfolioPerformance>(`/api/portfolio/performance?${query}`);
    if (mine === request) usePerformance.setState({ status: 'ready', data });
  } catch (error) {
    if (mine === request) usePerformance.setState({ status: 'error', error: errorMessage(error) });
  }
}

export function resetPerformance(): void {
  request += 1;
  usePerformance.setState(START);
}
