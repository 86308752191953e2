/**
 * The account's data download: one ZIP of the profile, settings, holdings, transactions, alerts, alert
 * history and invoices (GET /api/users/me/export, with the session token), handed to the browser as a file.
 */
import { accountArchiveFilename, utcDay } from '@coinpace/domain';
import { create } from 'zustand';
import { api, errorMessage } from '../../lib/api-client.ts';

/** The id of the Account screen's download section, for links to it. */
export const DATA_EXPORT_ANCHOR = 'download-data';

/** Whether the download is being fetched, and why the last one failed. */
export const useAccountExport = create<{ busy: boolean; error: string | null }>(() => ({
  busy: false,
  error: null,
}));

/** The text shown when the download failed. */
export function exportFailedMessage(reason: string): string {
  return `Failed to download your data: ${reason}`;
}

/** Fetches the archive and offers it as a download; a failure is kept in the store for the screen to show. */
export async function downloadAccountData(): Promise<void> {
  if (useAccountExport.getState().busy) return;
  useAccountExport.setState({ busy: true, error: null });
  try {
    const zip = await api<Blob>('/api/users/me/export', { as: 'blob' });
    saveFile(accountArchiveFilename(utcDay(Date.now())), zip);
    useAccountExport.setState({ busy: false });
  } catch (error) {
    useAccountExport.setState({ busy: false, error: exportFailedMessage(errorMessage(error)) });
  }
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
