import {
  MAX_TRADE_FILE_CHARS,
  describeTradeImport,
  type TradeImportJob,
  type TradeImportPreview,
  type TradeImportSummary,
} from '@coinpace/domain';
import { useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { loadPortfolio } from '../portfolio-store.ts';
import { FileChooser } from './FileChooser.tsx';
import { ImportBatchList } from './ImportBatchList.tsx';
import { TradePreview } from './TradePreview.tsx';
import { describeImportProgress, followImportJob, isImportJob } from './trade-import-job.ts';

/** Shown when the chosen file is larger than the import takes. */
export const TRADE_FILE_TOO_LARGE_MESSAGE = `The file is too large: at most ${MAX_TRADE_FILE_CHARS.toLocaleString('en-US')} characters (about 20,000 trades). Export a shorter period.`;

/** A file read and previewed, waiting for the user to confirm the import. */
interface Pending {
  text: string;
  fileName: string;
  preview: TradeImportPreview;
}

/**
 * 'Trade history': an exchange's trade-history export. It is previewed first
 * (POST /api/portfolio/import-trades/preview: each coin's quantity now and after, and the hand-entered
 * opening balances the history overlaps, each with a checkbox to replace it); confirmed, it is sent whole
 * to POST /api/portfolio/import-trades, which records each row as a transaction; the summary says what
 * was added, skipped as already imported, and failed, with row numbers. A long file answers with its job
 * instead, followed here with its progress until the summary comes. The imports made are listed below,
 * each with Undo.
 */
export function TradeHistoryTab({ disabled }: { disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<TradeImportSummary | null>(null);
  const [job, setJob] = useState<TradeImportJob | null>(null);
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [replace, setReplace] = useState<ReadonlySet<string>>(new Set());
  const [imported, setImported] = useState(0);
  // Closing the dialog stops following the job; the import itself goes on on the server.
  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);

  async function previewFile(file: File): Promise<void> {
    setError(null);
    setSummary(null);
    setPending(null);
    setChecking(true);
    try {
      const text = await file.text();
      if (text.length > MAX_TRADE_FILE_CHARS) {
        setError(TRADE_FILE_TOO_LARGE_MESSAGE);
        return;
      }
      const preview = await api<TradeImportPreview>('/api/portfolio/import-trades/preview', {
        method: 'POST',
        body: { text },
      });
      // Nothing is replaced unless the user ticks it: the opening may hold coins the export does not.
      setReplace(new Set());
      setPending({ text, fileName: file.name, preview });
    } catch (caught) {
      setError(`Failed to import trade history: ${errorMessage(caught)}`);
    } finally {
      setChecking(false);
    }
  }

  async function importFile({ text, fileName }: Pending): Promise<void> {
    setError(null);
    setSummary(null);
    setPending(null);
    setBusy(true);
    try {
      const answer = await api<TradeImportSummary | TradeImportJob>('/api/portfolio/import-trades', {
        method: 'POST',
        body: { text, fileName, ...(replace.size > 0 ? { replaceOpening: [...replace] } : {}) },
      });
      let result: TradeImportSummary;
      if (isImportJob(answer)) {
        following.current = new AbortController();
        result = await followImportJob(answer, setJob, following.current.signal);
      } else {
        result = answer;
      }
      setSummary(result);
      if (result.added > 0) {
        void loadPortfolio();
        setImported((n) => n + 1);
      }
    } catch (caught) {
      if ((caught as Error).name === 'AbortError') return;
      setError(`Failed to import trade history: ${errorMessage(caught)}`);
    } finally {
      setBusy(false);
      setJob(null);
    }
  }

  const described = summary ? describeTradeImport(summary) : null;
  return (
    <div>
      <p>
        Upload the trade-history export (CSV) of <strong>Binance</strong>, <strong>Coinbase</strong>,{' '}
        <strong>Kraken</strong> or <strong>Bybit</strong>, unchanged. Each trade is recorded as a buy, sell or
        transfer on the coin&apos;s holding (a coin you do not hold yet gets one), so quantities, average cost
        and realised gains follow from your real history.
      </p>
      <FileChooser
        inputLabel="Trade history file"
        disabled={disabled}
        busy={busy || checking}
        onFile={(file) => void previewFile(file)}
      >
        {busy ? 'Importing...' : checking ? 'Checking...' : 'Choose Trade History File'}
      </FileChooser>
      {checking && (
        <p className="pf-trades-busy" role="status">
          <span className="spinner" aria-hidden="true" /> Checking your trade history...
        </p>
      )}
      {pending && (
        <TradePreview
          preview={pending.preview}
          replace={replace}
          onToggle={(symbol, replaced) =>
            setReplace((current) => {
              const next = new Set(current);
              if (replaced) next.add(symbol);
              else next.delete(symbol);
              return next;
            })
          }
          onImport={() => void importFile(pending)}
          onCancel={() => setPending(null)}
        />
      )}
      {busy && !job && (
        <p className="pf-trades-busy" role="status">
          <span className="spinner" aria-hidden="true" /> Importing your trade history...
        </p>
      )}
      {busy && job && (
        <div className="pf-trades-busy" role="status">
          <p>
            <span className="spinner" aria-hidden="true" /> {describeImportProgress(job)}
          </p>
          {job.progress && job.progress.total > 0 && (
            <progress
              aria-label="Import progress"
              max={job.progress.total}
              value={Math.min(job.progress.done, job.progress.total)}
            />
          )}
          <p className="muted">
            You can close this window: the import goes on, and your portfolio updates when it ends.
          </p>
        </div>
      )}
      {error && (
        <div className="banner banner-error" role="alert">
          <div className="banner-body">{error}</div>
        </div>
      )}
      {described && (
        <div className="banner banner-info" role="status" aria-label="Trade import summary">
          <div className="banner-body">
            <strong>{described.headline}</strong>
            {described.details.length > 0 && (
              <ul aria-label="Not imported">
                {described.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
      <ImportBatchList refreshKey={imported} />
      <div className="pf-help">
        <h3>What is read</h3>
        <ul className="muted">
          <li>
            Binance: Orders › Trade History › Export (Date(UTC), Pair, Side, Price, Executed, Amount, Fee).
          </li>
          <li>Coinbase: Statements › Transaction history report (CSV).</li>
          <li>Kraken: History › Export › Trades (trades.csv).</li>
          <li>Bybit: Orders › Spot Orders › Trade History › Export.</li>
          <li>
            Coinpace: Portfolio › Export Transactions (moves your history to another account or back after a
            reset; rows imported before are skipped).
          </li>
        </ul>
        <p className="muted">
          Trades priced in US dollars or a dollar stablecoin (USDT, USDC, ...) are imported. A trade imported
          before is skipped, so importing an overlapping export again adds only the new trades.
        </p>
      </div>
    </div>
  );
}
