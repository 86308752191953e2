/**
 * The portfolio's total invested and realised gain/loss, from GET /api/portfolio/summary,
 * fetched again whenever a holding's quantity or cost changes (a recorded buy, an edit, a reload).
 */
import type { HoldingRow, PortfolioInvestmentSummary } from '@coinpace/domain';
import { useEffect } from 'react';
import { create } from 'zustand';
import { api } from '../../lib/api-client.ts';
import { isLocalOnly, usePortfolio } from './portfolio-store.ts';

interface InvestmentState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  summary: PortfolioInvestmentSummary | null;
}

export const useInvestment = create<InvestmentState>(() => ({ status: 'idle', summary: null }));

export function resetInvestment(): void {
  useInvestment.setState({ status: 'idle', summary: null });
}

let latest = 0;

/** Fetches the summary; an answer overtaken by a newer request is dropped. */
export async function loadInvestment(): Promise<void> {
  const request = ++latest;
  useInvestment.setState((s) => ({ status: s.summary ? s.status : 'loading' }));
  try {
    const summary = await api<PortfolioInvestmentSummary>('/api/portfolio/summary');
    if (request === latest) useInvestment.setState({ status: 'ready', summary });
  } catch {
    if (request === latest) useInvestment.setState({ status: 'error' });
  }
}

/** What the saved holdings are made of: the summary is fetched again when this changes. */
function holdingsKey(holdings: readonly HoldingRow[]): string {
  return holdings
    .filter((h) => !isLocalOnly(h.id))
    .map((h) => `${h.id}:${h.quantity}:${h.purchasePrice}:${h.updatedAt}`)
    .join('|');
}

/** Keeps the summary in step with the holdings once they are loaded. */
export function useInvestmentSummary(): InvestmentState {
  const ready = usePortfolio((s) => s.status === 'ready' || s.holdings.length > 0);
  const key = usePortfolio((s) => holdingsKey(s.holdings));
  useEffect(() => {
    if (ready) void loadInvestment();
  }, [ready, key]);
  return useInvestment();
}
