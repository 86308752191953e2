import { dismissImportSummary, useImport } from './import-store.ts';

/** The import's short-lived message and its partial-import summary (SPEC.md sections 4 and 8). */
export function ImportNotices() {
  const flash = useImport((s) => s.flash);
  const summary = useImport((s) => s.summary);
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
