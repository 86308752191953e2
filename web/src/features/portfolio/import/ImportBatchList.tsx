import {
  EXCHANGE_NAMES,
  describeUndo,
  type ImportBatch,
  type TradeExchange,
  type UndoImportResult,
} from '@coinpace/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { loadPortfolio } from '../portfolio-store.ts';
import './import.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The user's trade imports (all, or those that touched one holding), each with Undo behind a
 * confirmation. The confirmation is an inline alert dialog rather than a modal one: this list also sits
 * inside the holding's detail dialog, whose close events a nested modal would reach.
 */
export function ImportBatchList({
  holdingId,
  refreshKey = 0,
  hideWhenEmpty = false,
  onUndone,
}: {
  holdingId?: string;
  /** Changed by the parent to load the list again (after an import). */
  refreshKey?: number;
  /** A holding's detail shows the section only when some import touched the holding (not its errors). */
  hideWhenEmpty?: boolean;
  /** After an undo, besides the portfolio (the holding's detail reloads its transactions). */
  onUndone?: () => void;
}) {
  const [batches, setBatches] = useState<ImportBatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [undoing, setUndoing] = useState(false);
  const [undoError, setUndoError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    setError(null);
    try {
      const query = holdingId ? `?holdingId=${encodeURIComponent(holdingId)}` : '';
      const answer = await api<{ imports: ImportBatch[] }>(`/api/portfolio/import-batches${query}`);
      setBatches(answer.imports);
    } catch (caught) {
      setError(`Could not load your imports: ${errorMessage(caught)}`);
    }
  }, [holdingId]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function undo(batch: ImportBatch): Promise<void> {
    setUndoing(true);
    setUndoError(null);
    try {
      const result = await api<UndoImportResult>(`/api/portfolio/import-batches/${batch.id}`, {
        method: 'DELETE',
      });
      setConfirming(null);
      const restored = result.restored > 0 ? `, ${result.restored} opening balance(s) restored` : '';
      setDone(`Import undone: ${result.removed} transaction(s) removed${restored}.`);
      void loadPortfolio();
      onUndone?.();
      await load();
    } catch (caught) {
      setUndoError(errorMessage(caught));
    } finally {
      setUndoing(false);
    }
  }

  // In a holding's detail the list is an aside: shown once it has imports to show (a list that cannot be
  // loaded there stays out of the way; the Trade history tab says why).
  if (hideWhenEmpty && (error || batches === null || batches.length === 0) && !done) return null;
  return (
    <section className="pf-import-batches" aria-label="Imports">
      <h3>Imports</h3>
      {done && (
        <p role="status" className="muted">
          {done}
        </p>
      )}
      {error && (
        <div className="banner banner-error" role="alert">
          <div className="banner-body">
            {error}{' '}
            <button type="button" className="link-button" onClick={() => void load()}>
              Try again
            </button>
          </div>
        </div>
      )}
      {!error && batches === null && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading imports...
        </p>
      )}
      {batches !== null && batches.length === 0 && <p className="muted">No imports yet.</p>}
      {batches !== null && batches.length > 0 && (
        <ul className="pf-import-batch-list">
          {batches.map((batch) => {
            const name = EXCHANGE_NAMES[batch.exchange as TradeExchange] ?? batch.exchange;
            const titleId = `import-${batch.id}`;
            return (
              <li key={batch.id}>
                <span id={titleId}>
                  {name}
                  {batch.fileName ? ` · ${batch.fileName}` : ''} ·{' '}
                  {dateFormat.format(new Date(batch.createdAt))}
                </span>{' '}
                <span className="muted">
                  {batch.added} added ({batch.holdings.map((h) => h.symbol).join(', ')})
                  {batch.replaced > 0 ? `, ${batch.replaced} opening balance(s) replaced` : ''}
                </span>{' '}
                {confirming !== batch.id && (
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-describedby={titleId}
                    onClick={() => {
                      setUndoError(null);
                      setDone(null);
                      setConfirming(batch.id);
                    }}
                  >
                    Undo
                  </button>
                )}
                {confirming === batch.id && (
                  <div
                    role="alertdialog"
                    aria-label="Undo this import?"
                    aria-describedby={`${titleId}-undo`}
                    className="pf-undo-confirm"
                    onKeyDown={(e) => {
                      if (e.key === 'Escape' && !undoing) {
                        // Closes this confirmation only, not the dialog the list may sit in.
                        e.preventDefault();
                        e.stopPropagation();
                        setConfirming(null);
                      }
                    }}
                  >
                    <p id={`${titleId}-undo`}>{describeUndo(batch)}</p>
                    {undoError && (
                      <p className="field-error" role="alert">
                        {undoError}
                      </p>
                    )}
                    <button
                      type="button"
                      className="btn"
                      disabled={undoing}
                      onClick={() => setConfirming(null)}
                    >
                      Cancel
                    </button>{' '}
                    <button
                      ref={confirmButton}
                      type="button"
                      className="btn btn-danger"
                      disabled={undoing}
                      onClick={() => void undo(batch)}
                    >
                      {undoing ? 'Undoing...' : 'Undo import'}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
