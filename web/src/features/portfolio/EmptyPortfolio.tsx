import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { STORAGE_KEYS, readJson } from '../../lib/storage-keys.ts';
import { openAddCoin } from './add-coin/add-coin-store.ts';
import { openImport } from './import/import-store.ts';

/** The first connected wallet's address from the wallets screen's storage, or null. */
function connectedWallet(): string | null {
  const wallets = readJson<{ address?: unknown }[]>(localStorage, STORAGE_KEYS.wallets);
  const address = Array.isArray(wallets)
    ? wallets.find((w) => typeof w?.address === 'string')?.address
    : null;
  return typeof address === 'string' ? address : null;
}

/** SPEC.md section 2, Empty state. */
export function EmptyPortfolio() {
  const wallet = connectedWallet();
  return (
    <section className="card empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">{PORTFOLIO_TEXTS.emptyTitle}</h2>
      <p className="muted">
        Add coins one by one, or import a CSV export or text pasted from your exchange or wallet.
      </p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => openAddCoin()}>
          Add a Coin
        </button>
        <button type="button" className="btn" onClick={() => openImport()}>
          Bulk Import Portfolio
        </button>
      </div>
      <p className="muted pf-wallet">
        Connected wallet: <strong>{wallet ?? 'None'}</strong>
      </p>
    </section>
  );
}
