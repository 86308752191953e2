import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { usePrimaryWalletAddress } from '../wallets/primary-wallet.ts';
import { openAddCoin } from './add-coin/add-coin-store.ts';
import { openImport } from './import/import-state.ts';

/** SPEC.md section 2, Empty state. */
export function EmptyPortfolio() {
  const wallet = usePrimaryWalletAddress();
  return (
    <section className="card empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">{PORTFOLIO_TEXTS.emptyTitle}</h2>
      <p className="muted">
        Add coins one by one, or import a CSV export or text pasted from your exchange or wallet.
      </p>
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          data-preload-dialog="addCoin"
          onClick={() => openAddCoin()}
        >
          Add a Coin
        </button>
        <button type="button" className="btn" data-preload-dialog="import" onClick={() => openImport()}>
          Bulk Import Portfolio
        </button>
      </div>
      <p className="muted pf-wallet">
        Connected wallet: <strong>{wallet ?? 'None'}</strong>
      </p>
    </section>
  );
}
