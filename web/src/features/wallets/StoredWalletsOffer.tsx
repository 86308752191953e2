import { WALLET_ALREADY_ADDED_MESSAGE } from '@coinpace/domain';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { addWallet } from './tracked-wallets.ts';
import { findWalletOption } from './wallet-options.ts';
import { forgetStoredWallets, shortenAddress, useWallets } from './wallets-store.ts';

/**
 * Wallets this browser kept from the old "connect" (browser storage only, doing nothing) are offered for
 * tracking once: "Track them" adds each as a tracked wallet, "No, thanks" does not; either way this
 * browser forgets them. An address already tracked counts as done.
 */
export function StoredWalletsOffer({ onAdded }: { onAdded: () => void }) {
  const stored = useWallets((s) => s.wallets);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  async function trackAll() {
    setBusy(true);
    const problems: string[] = [];
    let added = 0;
    for (const wallet of stored) {
      const name = findWalletOption(wallet.kind)?.name ?? wallet.name;
      try {
        await addWallet({ label: wallet.name || name, address: wallet.address });
        added += 1;
      } catch (caught) {
        const message = errorMessage(caught);
        if (message !== WALLET_ALREADY_ADDED_MESSAGE) {
          problems.push(`${name} ${shortenAddress(wallet.address)}: ${message}`);
        }
      }
    }
    forgetStoredWallets();
    setBusy(false);
    setResult(
      [`${added} wallet${added === 1 ? '' : 's'} from this browser now tracked.`, ...problems].join(' '),
    );
    if (added > 0) onAdded();
  }

  if (result) {
    return (
      <p role="status" className="saved-note">
        {result}
      </p>
    );
  }
  if (stored.length === 0) return null;
  return (
    <section className="card wallet-list-card" aria-labelledby="stored-wallets-title" aria-busy={busy}>
      <h2 id="stored-wallets-title">Wallets kept in this browser</h2>
      <p className="muted">
        These were connected in this browser before and kept only here. Track them to see their balances in
        your portfolio, on every device.
      </p>
      <ul className="wallet-list">
        {stored.map((wallet) => (
          <li key={wallet.id}>
            <span className="wallet-list-name">
              <strong>{wallet.name}</strong>
              <span className="wallet-address num" title={wallet.address}>
                {shortenAddress(wallet.address)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void trackAll()}>
          {busy ? 'Tracking…' : 'Track them'}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={forgetStoredWallets}>
          No, thanks
        </button>
      </div>
    </section>
  );
}
