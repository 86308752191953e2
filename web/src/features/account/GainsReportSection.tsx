import {
  GAINS_METHODS,
  GAINS_METHOD_LABELS,
  GAINS_NOT_TAX_ADVICE,
  formDate,
  formatCents,
  toCents,
  type Disposal,
  type GainsMethod,
  type GainsReportResult,
  type GainsTotals,
} from '@coinpace/domain';
import { useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { GainsIncome } from './GainsIncome.tsx';
import { downloadGainsCsv, reportYears, useGainsReport } from './gains-report.ts';

/** An amount as the report writes it: to the cent, a loss in parentheses (as on Form 8949). */
const money = (text: string) => formatCents(toCents(text));

/**
 * The yearly gains report (docs/reports.md): every sale of the year with its dates, proceeds, cost basis
 * and gain or loss by the method picked, short and long term totals, and the Form 8949 CSV. Not tax advice,
 * and it says so.
 */
export function GainsReportSection() {
  const years = reportYears(Date.now());
  // Last year by default: the one a tax return asks about.
  const [year, setYear] = useState(years[1] ?? years[0]!);
  const [method, setMethod] = useState<GainsMethod | null>(null);
  const { view, retry } = useGainsReport(year, method);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const shown = view.state === 'ready' ? view.report.method : method;

  const download = async () => {
    if (view.state !== 'ready') return;
    setDownloading(true);
    setDownloadError(await downloadGainsCsv(year, view.report.method));
    setDownloading(false);
  };

  return (
    <section className="card account-section gains-report" aria-labelledby="gains-title">
      <h2 id="gains-title">Gains report</h2>
      <p className="gains-notice" role="note">
        {GAINS_NOT_TAX_ADVICE}
      </p>
      <div className="gains-pickers">
        <label className="field">
          <span>Year</span>
          <select value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Method</span>
          <select
            value={shown ?? ''}
            disabled={shown === null}
            onChange={(e) => setMethod(e.target.value as GainsMethod)}
          >
            {shown === null && <option value="">Saved method</option>}
            {GAINS_METHODS.map((m) => (
              <option key={m} value={m}>
                {GAINS_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorBanner message={downloadError} onClose={() => setDownloadError(null)} />
      {view.state === 'loading' && (
        <p role="status" className="muted">
          Loading the {year} report...
        </p>
      )}
      {view.state === 'error' && (
        <div className="banner banner-error" role="alert">
          <div className="banner-body">Could not load the gains report: {view.message}</div>
          <button type="button" className="btn btn-sm" onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {view.state === 'ready' && (
        <ReportBody report={view.report} downloading={downloading} onDownload={() => void download()} />
      )}
    </section>
  );
}

function ReportBody(props: { report: GainsReportResult; downloading: boolean; onDownload: () => void }) {
  const { report, downloading, onDownload } = props;
  const code = report.currency.toUpperCase();
  return (
    <>
      <dl className="gains-totals">
        <Total label="Short-term gain or (loss)" totals={report.shortTerm} />
        <Total label="Long-term gain or (loss)" totals={report.longTerm} />
        <Total label="Total gain or (loss)" totals={report.total} />
      </dl>
      <p className="muted gains-facts">
        Amounts in {code}.{report.conversion ? ` ${report.conversion}` : ''} Long term: held more than one
        year.
        {report.transferFees !== '0' &&
          ` Fees of transfers out (not sales, so not listed): ${money(report.transferFees)}.`}
      </p>
      {report.missingRates.length > 0 && (
        <p className="banner banner-warn" role="status">
          {missingRatesText(report.missingRates)}
        </p>
      )}
      {report.skipped.length > 0 && (
        <p className="banner banner-warn" role="status">
          Left out, their transactions take out more than was held:{' '}
          {report.skipped.map((s) => s.symbol).join(', ')}.
        </p>
      )}
      {report.disposals.length === 0 ? (
        <p className="muted">No sales in {report.year}.</p>
      ) : (
        <DisposalsTable disposals={report.disposals} code={code} year={report.year} />
      )}
      <GainsIncome report={report} />
      <button type="button" className="btn" disabled={downloading} onClick={onDownload}>
        {downloading ? 'Preparing...' : 'Download CSV (Form 8949 layout)'}
      </button>
    </>
  );
}

function Total({ label, totals }: { label: string; totals: GainsTotals }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={totals.gain.startsWith('-') ? 'loss' : undefined}>{money(totals.gain)}</dd>
    </div>
  );
}

function DisposalsTable({ disposals, code, year }: { disposals: Disposal[]; code: string; year: number }) {
  return (
    <div className="gains-table-wrap">
      <table className="invoices-table gains-table">
        <caption className="sr-only">Sales in {year}</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Acquired</th>
            <th scope="col">Sold</th>
            <th scope="col" className="num">
              Proceeds ({code})
            </th>
            <th scope="col" className="num">
              Cost basis ({code})
            </th>
            <th scope="col" className="num">
              Gain or (loss)
            </th>
            <th scope="col">Term</th>
          </tr>
        </thead>
        <tbody>
          {disposals.map((d, i) => {
            const proceeds = toCents(d.proceeds);
            const cost = toCents(d.costBasis);
            return (
              <tr key={`${d.transactionId}-${i}`}>
                <td data-label="Description">
                  {d.quantity} {d.symbol}
                </td>
                <td data-label="Acquired">{formDate(d.acquired)}</td>
                <td data-label="Sold">{formDate(d.disposed)}</td>
                <td className="num" data-label={`Proceeds (${code})`}>
                  {formatCents(proceeds)}
                </td>
                <td className="num" data-label={`Cost basis (${code})`}>
                  {formatCents(cost)}
                </td>
                <td className="num" data-label="Gain or (loss)">
                  {formatCents(proceeds - cost)}
                </td>
                <td data-label="Term">{d.term === 'long' ? 'Long' : 'Short'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Says which days had no stored rate of their own, and what was done instead. */
export function missingRatesText(missing: GainsReportResult['missingRates']): string {
  const nearest = missing.filter((m) => m.fallback === 'nearest').map((m) => m.day);
  const none = missing.filter((m) => m.fallback === 'none').map((m) => m.day);
  const list = (days: string[]) =>
    [...new Set(days)].slice(0, 5).join(', ') + (new Set(days).size > 5 ? ', …' : '');
  const parts: string[] = [];
  if (nearest.length > 0)
    parts.push(`No rate is stored for ${list(nearest)}: the nearest stored day’s rate was used.`);
  if (none.length > 0) parts.push(`No rate at all for ${list(none)}: those amounts count as 0.`);
  return parts.join(' ');
}
