/** The value chart's data: GET /api/portfolio/history for 7 or 30 days. */
import type { HistoryRange, PortfolioHistory } from '@coinpace/domain';
import { create } from 'zustand';
import { api, errorMessage } from '../../../lib/api-client.ts';

export interface HistoryState {
  range: HistoryRange;
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: PortfolioHistory | null;
  error: string | null;
}

export const useHistory = create<HistoryState>(() => ({
  range: '7d',
  status: 'idle',
  data: null,
  error: null,
}));

let request = 0;

/** Loads `range` (default: the current one); a newer call wins over a slower older one. */
export async function loadHistory(range: HistoryRange = useHistory.getState().range): Promise<void> {
  const mine = ++request;
  useHistory.setState({ range, status: 'loading', error: null });
  try {
    const data = await api<PortfolioHistory>(`/api/portfolio/history?range=${range}`);
    if (mine === request) useHistory.setState({ status: 'ready', data });
  } catch (error) {
    if (mine === request) useHistory.setState({ status: 'error', error: errorMessage(error) });
  }
}

export function resetHistory(): void {
  request += 1;
  useHistory.setState({ range: '7d', status: 'idle', data: null, error: null });
}
