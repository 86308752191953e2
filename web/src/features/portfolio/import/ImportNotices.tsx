import { Link } from 'react-router-dom';
import {
  dismissHeldOffer,
  dismissImportSummary,
  dismissProtectOffer,
  heldOfferLabel,
  useImport,
} from './import-state.ts';

/**
 * The held-coins offer follows an import, so the pipeline (loaded with the Import modal) is here by
 * then; imported on use, it stays out of the screen's first load.
 */
const updateHeldCoins = () => void import('./import-store.ts').then((m) => m.updateHeldCoins());

/** The import's short-lived message and its partial-import summary (SPEC.md sections 4 and 8). */
export function ImportNotices() {
  const flash = useImport((s) => s.flash);
  const summary = useImport((s) => s.summary);
  const totals = useImport((s) => s.totals);
  const protectOffer = useImport((s) => s.protectOffer);
  const heldOffer = useImport((s) => s.heldOffer);
  const updatingHeld = useImport((s) => s.updatingHeld);
  return (
    <>
      {flash && (
        <div
          className={`banner ${flash.kind === 'success' ? 'banner-success' : 'banner-info'}`}
          role="status"
        >
          <div className="banner-body">{flash.text}</div>
        </div>
      )}
      {protectOffer !== null && (
        <div className="banner banner-info" role="status" aria-label="Protect your holdings">
          <div className="banner-body">
            {protectOffer} coin(s) imported. Guard them against a drop with one Loss alert per holding.{' '}
            <Link className="btn btn-primary btn-sm" to="/alerts?protect=1" onClick={dismissProtectOffer}>
              Protect my portfolio
            </Link>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Dismiss protect offer"
            onClick={dismissProtectOffer}
          >
            ✕
          </button>
        </div>
      )}
      {summary && (
        <div className="banner banner-warn" role="status" aria-label="Import summary">
          <div className="banner-body">
            <strong>{summary.headline}</strong>
            {totals && <p className="pf-summary-totals">{totals}</p>}
            <SummaryList label="Not imported" lines={summary.details} />
            <SummaryList label="Skipped" lines={summary.skipped} />
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Dismiss import summary"
            onClick={dismissImportSummary}
          >
            ✕
          </button>
        </div>
      )}
      {heldOffer && (
        <div className="banner banner-info" role="region" aria-label="Held coins skipped">
          <div className="banner-body">
            The import skipped coins you already hold, at other balances than yours:{' '}
            {heldOffer.map((b) => `${b.symbol} ${b.quantity}`).join(', ')}.{' '}
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => updateHeldCoins()}
              disabled={updatingHeld}
              aria-busy={updatingHeld}
            >
              {heldOfferLabel(heldOffer.length)}
            </button>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Dismiss held coins offer"
            onClick={dismissHeldOffer}
          >
            ✕
          </button>
        </div>
      )}
    </>
  );
}

/** One labelled list of the import summary; nothing when it is empty. */
function SummaryList({ label, lines }: { label: string; lines: readonly string[] }) {
  if (lines.length === 0) return null;
  const id = `import-summary-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <>
      <p className="pf-summary-label" id={id}>
        {label}
      </p>
      <ul className="pf-summary-list" aria-labelledby={id}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}
