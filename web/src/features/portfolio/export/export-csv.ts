/**
 * The portfolio's CSV downloads: the holdings in the columns the import reads, and
 * every transaction. The file comes from the API (GET /api/portfolio/export.csv, /transactions.csv) with
 * the session token, and is handed to the browser as a download.
 */
import { exportFilename, utcDay } from '@coinpace/domain';
import { create } from 'zustand';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { showPortfolioMessage } from '../portfolio-store.ts';

export type ExportKind = 'holdings' | 'transactions';

const PATHS: Record<ExportKind, string> = {
  holdings: '/api/portfolio/export.csv',
  transactions: '/api/portfolio/transactions.csv',
};

/** Which export is being fetched, if any (its button shows it and is disabled meanwhile). */
export const useExport = create<{ busy: ExportKind | null }>(() => ({ busy: null }));

/** The text shown when an export could not be fetched. */
export function exportFailedMessage(reason: string): string {
  return `Failed to export CSV: ${reason}`;
}

/** Fetches an export and offers it as a file download; a failure shows in the portfolio's error banner. */
export async function downloadExport(kind: ExportKind): Promise<void> {
  if (useExport.getState().busy) return;
  useExport.setState({ busy: kind });
  try {
    const text = await api<string>(PATHS[kind], { as: 'text' });
    saveFile(exportFilename(kind, utcDay(Date.now())), text);
  } catch (error) {
    showPortfolioMessage('error', exportFailedMessage(errorMessage(error)));
  } finally {
    useExport.setState({ busy: null });
  }
}

function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
