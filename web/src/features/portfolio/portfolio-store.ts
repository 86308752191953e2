/**
 * The signed-in user's holdings as the server has them (plus, after a failed import save, rows kept
 * only in this tab). Rows keep their object identity while unchanged, so a row component that
 * selects `byId[id]` re-renders only when its own row changes.
 */
import { AppError, PORTFOLIO_TEXTS, portfolioError, type HoldingRow } from '@coinpace/domain';
import { create } from 'zustand';
import { api, errorMessage, isNetworkError } from '../../lib/api-client.ts';

export interface PortfolioState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** In server order (oldest first). */
  holdings: HoldingRow[];
  byId: Record<string, HoldingRow>;
  /** Error banner text (SPEC.md section 8), null when none. */
  error: string | null;
  /** Success or information banner text, null when none. */
  notice: string | null;
}

const EMPTY: Pick<PortfolioState, 'holdings' | 'byId'> = { holdings: [], byId: {} };

export const usePortfolio = create<PortfolioState>(() => ({
  status: 'idle',
  ...EMPTY,
  error: null,
  notice: null,
}));

/** Prefix of the ids of rows that exist only in this tab (the import's local fallback). */
export const LOCAL_ID_PREFIX = 'local-';

/** True for a row kept only in this tab. */
export function isLocalOnly(id: string): boolean {
  return id.startsWith(LOCAL_ID_PREFIX);
}

/**
 * GET /api/portfolio; failures keep the last holdings and show SPEC.md's message ('Failed to load
 * portfolio data: {msg}', or 'User not authenticated...' when there is no session token). With
 * holdings on screen a failure does not say 'failed to load': no answer at all is told by the
 * connection status, any other failure says the holdings shown are from the last update.
 */
export async function loadPortfolio(): Promise<void> {
  usePortfolio.setState({ status: 'loading', error: null });
  const hasData = () => usePortfolio.getState().holdings.length > 0;
  try {
    const rows = (await earlyRows()) ?? (await api<HoldingRow[]>('/api/portfolio'));
    const localOnly = usePortfolio.getState().holdings.filter((h) => isLocalOnly(h.id));
    setHoldings([...rows, ...localOnly]);
    usePortfolio.setState({ status: 'ready' });
  } catch (error) {
    const text =
      error instanceof AppError && error.code === 'NO_TOKEN'
        ? PORTFOLIO_TEXTS.notAuthenticatedLoad
        : !hasData()
          ? portfolioError.load(errorMessage(error))
          : isNetworkError(error)
            ? null
            : portfolioError.reload(errorMessage(error));
    usePortfolio.setState({ status: 'error', error: text });
  }
}

/**
 * The holdings index.html asked for before the scripts loaded, taken once: null when there
 * was no such request or it did not answer with rows, and the store asks again the usual way (which
 * reports any error).
 */
async function earlyRows(): Promise<HoldingRow[] | null> {
  const holder = window as { __coinpacePortfolio?: Promise<Response> };
  const early = holder.__coinpacePortfolio;
  if (!early) return null;
  delete holder.__coinpacePortfolio;
  try {
    const response = await early;
    const rows: unknown = response.ok ? await response.json() : null;
    return Array.isArray(rows) ? (rows as HoldingRow[]) : null;
  } catch {
    return null;
  }
}

/** Replaces the holdings, keeping the object of every row whose fields did not change. */
export function setHoldings(rows: HoldingRow[]): void {
  const previous = usePortfolio.getState().byId;
  const byId: Record<string, HoldingRow> = {};
  const holdings = rows.map((row) => {
    const old = previous[row.id];
    const kept = old && sameRow(old, row) ? old : row;
    byId[row.id] = kept;
    return kept;
  });
  usePortfolio.setState({ holdings, byId });
}

/** Changes fields of one row (a new object for that row only). */
export function patchHolding(id: string, changes: Partial<HoldingRow>): void {
  const { byId } = usePortfolio.getState();
  const old = byId[id];
  if (!old) return;
  const row = { ...old, ...changes };
  usePortfolio.setState((s) => ({
    byId: { ...s.byId, [id]: row },
    holdings: s.holdings.map((h) => (h.id === id ? row : h)),
  }));
}

/** Removes rows by id. */
export function dropHoldings(ids: readonly string[]): void {
  const gone = new Set(ids);
  usePortfolio.setState((s) => {
    const byId = { ...s.byId };
    for (const id of gone) delete byId[id];
    return { byId, holdings: s.holdings.filter((h) => !gone.has(h.id)) };
  });
}

/** Shows a banner: an error (red, with close button) or a notice (green). */
export function showPortfolioMessage(kind: 'error' | 'notice', text: string | null): void {
  usePortfolio.setState(kind === 'error' ? { error: text } : { notice: text });
}

export function resetPortfolio(): void {
  usePortfolio.setState({ status: 'idle', ...EMPTY, error: null, notice: null });
}

const COMPARED: readonly (keyof HoldingRow)[] = [
  'updatedAt',
  'quantity',
  'purchasePrice',
  'currentPrice',
  'change24h',
  'symbol',
  'name',
  'coingeckoId',
  'address',
  'image',
];

function sameRow(a: HoldingRow, b: HoldingRow): boolean {
  return COMPARED.every((key) => a[key] === b[key]);
}
