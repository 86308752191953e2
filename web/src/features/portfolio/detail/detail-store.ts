/**
 * A holding's detail view: which holding is open, its transactions and what they derive by
 * the chosen method, and its coin's price history for the chart. Every change to a transaction reloads
 * the list and the holding's row in the portfolio store (the server derives quantity and purchase price).
 */
import {
  type CostMethod,
  type HoldingRow,
  type HoldingTransactionsResult,
  type NewTransaction,
  type PriceHistory,
  type PriceHistoryRange,
} from '@coinpace/domain';
import { create } from 'zustand';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { patchHolding, usePortfolio } from '../portfolio-store.ts';

export interface DetailState {
  /** The open holding, null when the view is closed. */
  holdingId: string | null;
  method: CostMethod;
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: HoldingTransactionsResult | null;
  error: string | null;
  range: PriceHistoryRange;
  chartStatus: 'idle' | 'loading' | 'ready' | 'error';
  chart: PriceHistory | null;
  chartError: string | null;
}

const INITIAL: DetailState = {
  holdingId: null,
  method: 'average',
  status: 'idle',
  data: null,
  error: null,
  range: '1m',
  chartStatus: 'idle',
  chart: null,
  chartError: null,
};

export const useDetail = create<DetailState>(() => INITIAL);

let request = 0;
let chartRequest = 0;

/** Opens the detail view of a holding and loads its transactions and chart. */
export function openDetail(holdingId: string): void {
  useDetail.setState({ ...INITIAL, holdingId, method: useDetail.getState().method });
  void loadTransactions();
  void loadChart();
}

export function closeDetail(): void {
  request += 1;
  chartRequest += 1;
  useDetail.setState({ ...INITIAL, method: useDetail.getState().method });
}

/** Switches Average / FIFO and reloads. */
export function setMethod(method: CostMethod): void {
  if (useDetail.getState().method === method) return;
  useDetail.setState({ method });
  void loadTransactions();
}

export function setRange(range: PriceHistoryRange): void {
  if (useDetail.getState().range === range) return;
  useDetail.setState({ range });
  void loadChart();
}

function base(): string | null {
  const id = useDetail.getState().holdingId;
  return id && `/api/portfolio/${encodeURIComponent(id)}`;
}

/** GET .../transactions?method=; a newer call wins over a slower older one. */
export async function loadTransactions(): Promise<void> {
  const path = base();
  if (!path) return;
  const mine = ++request;
  useDetail.setState({ status: 'loading', error: null });
  try {
    const data = await api<HoldingTransactionsResult>(
      `${path}/transactions?method=${useDetail.getState().method}`,
    );
    if (mine === request) useDetail.setState({ status: 'ready', data });
  } catch (error) {
    if (mine === request) useDetail.setState({ status: 'error', error: errorMessage(error) });
  }
}

/** GET .../price-history?range=. */
export async function loadChart(): Promise<void> {
  const path = base();
  if (!path) return;
  const mine = ++chartRequest;
  useDetail.setState({ chartStatus: 'loading', chartError: null });
  try {
    const chart = await api<PriceHistory>(`${path}/price-history?range=${useDetail.getState().range}`);
    if (mine === chartRequest) useDetail.setState({ chartStatus: 'ready', chart });
  } catch (error) {
    if (mine === chartRequest) useDetail.setState({ chartStatus: 'error', chartError: errorMessage(error) });
  }
}

/** Outcome of a change: null when saved, else the message to show (the server's, e.g. a 409's). */
export type ChangeOutcome = string | null;

/** Records a transaction (POST). */
export function addTransaction(payload: NewTransaction): Promise<ChangeOutcome> {
  return change('/transactions', 'POST', payload);
}

/** Changes a transaction (PATCH); nothing changed is no request. */
export function editTransaction(id: string, changes: Record<string, unknown>): Promise<ChangeOutcome> {
  if (Object.keys(changes).length === 0) return Promise.resolve(null);
  return change(`/transactions/${encodeURIComponent(id)}`, 'PATCH', changes);
}

/** Deletes a transaction (DELETE). */
export function removeTransaction(id: string): Promise<ChangeOutcome> {
  return change(`/transactions/${encodeURIComponent(id)}`, 'DELETE');
}

async function change(suffix: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) {
  const path = base();
  const holdingId = useDetail.getState().holdingId;
  if (!path || !holdingId) return 'This holding is no longer open.';
  try {
    await api<HoldingTransactionsResult>(`${path}${suffix}`, { method, body });
  } catch (error) {
    return errorMessage(error);
  }
  // The answer derives by the average method; the list is read again by the method shown.
  await Promise.all([loadTransactions(), refreshHolding(holdingId)]);
  return null;
}

/** Reads the holding's row again (quantity and purchase price are derived by the server). */
export async function refreshHolding(holdingId: string): Promise<void> {
  try {
    const rows = await api<HoldingRow[]>('/api/portfolio');
    const row = rows.find((r) => r.id === holdingId);
    if (row && usePortfolio.getState().byId[holdingId]) patchHolding(holdingId, row);
  } catch {
    // The row keeps its old figures; the next load of the portfolio brings the new ones.
  }
}

export function resetDetail(): void {
  request += 1;
  chartRequest += 1;
  useDetail.setState(INITIAL);
}
