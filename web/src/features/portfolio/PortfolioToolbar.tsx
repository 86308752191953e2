import { Link } from 'react-router-dom';
import { openAddCoin } from './add-coin/add-coin-store.ts';
import { downloadExport, useExport } from './export/export-csv.ts';
import { openImport } from './import/import-state.ts';
import { LocationFilter } from './LocationFilter.tsx';
import { refreshPortfolio } from './portfolio-actions.ts';
import { usePriceRefresh } from './price-refresh.ts';
import { toggleEditMode, useTable } from './table-store.ts';

/**
 * SPEC.md section 2, Toolbar: Refresh, Set Alerts, Import Data, Add Coin, Edit/Done; and the CSV
 * exports of the holdings and of their transactions.
 */
export function PortfolioToolbar() {
  const refreshing = usePriceRefresh((s) => s.refreshing);
  const editMode = useTable((s) => s.editMode);
  const exporting = useExport((s) => s.busy);
  return (
    <div className="pf-toolbar" role="toolbar" aria-label="Portfolio actions">
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => void refreshPortfolio()}
        disabled={refreshing}
      >
        {refreshing ? <span className="spinner" aria-hidden="true" /> : <span aria-hidden="true">↻</span>}
        Refresh
      </button>
      <Link to="/alerts" className="btn btn-sm">
        Set Alerts
      </Link>
      <button type="button" className="btn btn-sm" data-preload-dialog="import" onClick={() => openImport()}>
        Import Data
      </button>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => void downloadExport('holdings')}
        disabled={exporting !== null}
        aria-busy={exporting === 'holdings'}
        title="Download your holdings in the columns the CSV import reads"
      >
        Export CSV
      </button>
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => void downloadExport('transactions')}
        disabled={exporting !== null}
        aria-busy={exporting === 'transactions'}
        title="Download every transaction of every holding"
      >
        Export Transactions
      </button>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        data-preload-dialog="addCoin"
        onClick={() => openAddCoin()}
      >
        Add Coin
      </button>
      <button type="button" className="btn btn-sm" aria-pressed={editMode} onClick={toggleEditMode}>
        {editMode ? 'Done' : 'Edit'}
      </button>
      <LocationFilter />
    </div>
  );
}
