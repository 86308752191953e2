import { Link } from 'react-router-dom';
import { dismissImportSummary, dismissProtectOffer, useImport } from './import-store.ts';

/** The import's short-lived message and its partial-import summary (SPEC.md sections 4 and 8). */
export function ImportNotices() {
  const flash = useImport((s) => s.flash);
  const summary = useImport((s) => s.summary);
  const protectOffer = useImport((s) => s.protectOffer);
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
            {summary.details.length > 0 && (
              <ul className="pf-summary-list">
                {summary.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
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
    </>
  );
}
