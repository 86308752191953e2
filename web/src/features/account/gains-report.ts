/**
 * The Account page's gains report: GET /api/reports/gains for a year and a method (the saved cost method
 * until another is picked), and its CSV download.
 */
import { gainsCsvFilename, type GainsMethod, type GainsReportResult } from '@coinpace/domain';
import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../lib/api-client.ts';
import { saveFile } from './account-export.ts';

export type GainsView =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; report: GainsReportResult };

/** The years the picker offers: this year back to 2009, newest first. */
export function reportYears(now: number): number[] {
  const last = new Date(now).getUTCFullYear();
  return Array.from({ length: last - 2009 + 1 }, (_, i) => last - i);
}

function reportPath(year: number, method: GainsMethod | null, csv = false): string {
  const query = new URLSearchParams({ year: String(year) });
  if (method) query.set('method', method);
  if (csv) query.set('format', 'csv');
  return `/api/reports/gains?${query.toString()}`;
}

/** The report of `year` by `method` (null: the saved one), read again whenever either changes. */
export function useGainsReport(year: number, method: GainsMethod | null) {
  const [view, setView] = useState<GainsView>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setView({ state: 'loading' });
    api<GainsReportResult>(reportPath(year, method))
      .then((report) => live && setView({ state: 'ready', report }))
      .catch((failure: unknown) => live && setView({ state: 'error', message: errorMessage(failure) }));
    return () => {
      live = false;
    };
  }, [year, method, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { view, retry };
}

/** Fetches the CSV of the report shown and offers it as a file; returns why it failed, or null. */
export async function downloadGainsCsv(year: number, method: GainsMethod): Promise<string | null> {
  try {
    const csv = await api<Blob>(reportPath(year, method, true), { as: 'blob' });
    saveFile(gainsCsvFilename(year, method), csv);
    return null;
  } catch (failure) {
    return `Failed to download the CSV: ${errorMessage(failure)}`;
  }
}
