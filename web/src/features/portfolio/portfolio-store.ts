import type { HoldingRow } from '@coinpace/domain';
import { create } from 'zustand';
import { api, errorMessage } from '../../lib/api-client.ts';

interface PortfolioState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  holdings: HoldingRow[];
  error: string | null;
}

/** The signed-in user's holdings as the server has them. */
export const usePortfolio = create<PortfolioState>(() => ({ status: 'idle', holdings: [], error: null }));

/** GET /api/portfolio; failures keep the last holdings and show SPEC.md's message. */
export async function loadPortfolio(): Promise<void> {
  usePortfolio.setState({ status: 'loading', error: null });
  try {
    const holdings = await api<HoldingRow[]>('/api/portfolio');
    usePortfolio.setState({ status: 'ready', holdings });
  } catch (error) {
    usePortfolio.setState({
      status: 'error',
      error: `Failed to load portfolio data: ${errorMessage(error)}`,
    });
  }
}

export function resetPortfolio(): void {
  usePortfolio.setState({ status: 'idle', holdings: [], error: null });
}
