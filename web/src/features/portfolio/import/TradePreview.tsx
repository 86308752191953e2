import type { TradeImportPreview } from '@coinpace/domain';
import './import.css';

/**
 * What the import would do, shown before it is confirmed: the counts, each coin's quantity now and after,
 * and a checkbox per coin whose hand-entered opening balance is dated within the imported history (kept,
 * it is counted on top of the history).
 */
export function TradePreview({
  preview,
  replace,
  onToggle,
  onImport,
  onCancel,
}: {
  preview: TradeImportPreview;
  /** Symbols whose opening balance the import is to replace. */
  replace: ReadonlySet<string>;
  onToggle: (symbol: string, replaced: boolean) => void;
  onImport: () => void;
  onCancel: () => void;
}) {
  const rows = preview.read === 1 ? '1 row' : `${preview.read.toLocaleString('en-US')} rows`;
  const parts = [`${preview.add} to add`, `${preview.duplicates} already imported`];
  if (preview.skipped > 0) parts.push(`${preview.skipped} skipped`);
  parts.push(`${preview.failed} failing`);
  return (
    <section className="pf-trades-preview" aria-label="Import preview">
      <h3>Before you import</h3>
      <p>
        {rows} read: {parts.join(', ')}.
        {preview.createdHoldings.length > 0 && ` New holdings: ${preview.createdHoldings.join(', ')}.`}
      </p>
      {preview.coins.length > 0 && (
        <table className="pf-trades-preview-table">
          <caption className="sr-only">Quantity of each coin now and after the import</caption>
          <thead>
            <tr>
              <th scope="col">Coin</th>
              <th scope="col">Now</th>
              <th scope="col">After import</th>
              <th scope="col">Rows</th>
            </tr>
          </thead>
          <tbody>
            {preview.coins.map((coin) => {
              const replaced = replace.has(coin.symbol);
              const after = coin.opening
                ? replaced
                  ? coin.opening.afterReplacing
                  : coin.opening.afterKeeping
                : coin.after;
              return (
                <tr key={coin.symbol}>
                  <th scope="row">
                    {coin.symbol}
                    {coin.target === 'new' && <span className="muted"> (new)</span>}
                  </th>
                  <td>{coin.before}</td>
                  <td>
                    {after}
                    {coin.opening && (
                      <label className="pf-trades-opening">
                        <input
                          type="checkbox"
                          checked={replaced}
                          onChange={(e) => onToggle(coin.symbol, e.target.checked)}
                        />{' '}
                        Replace my opening balance of {coin.opening.quantity} {coin.symbol} (entered{' '}
                        {coin.opening.at.slice(0, 10)}) with this history
                      </label>
                    )}
                  </td>
                  <td>
                    {coin.add} to add{coin.fail > 0 ? `, ${coin.fail} failing` : ''}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {preview.overlaps.length > 0 && (
        <p className="muted">
          Your hand-entered balance of {preview.overlaps.join(', ')} is dated within this history, so the
          history most likely includes those coins already. Keep it only if it holds coins the export does
          not.
        </p>
      )}
      {preview.failures.length > 0 && (
        <ul aria-label="Rows that will fail">
          {preview.failures.slice(0, 3).map((f) => (
            <li key={f.row}>
              Row {f.row}
              {f.symbol ? `, ${f.symbol}` : ''}: {f.reason}
            </li>
          ))}
        </ul>
      )}
      <div className="pf-trades-preview-actions">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onImport} disabled={preview.add === 0}>
          Import
        </button>
      </div>
    </section>
  );
}
