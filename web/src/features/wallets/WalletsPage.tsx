import { useState } from 'react';
import { ConnectWallets } from './ConnectWallets.tsx';
import { ExchangeAccounts } from './ExchangeAccounts.tsx';
import { StoredWalletsOffer } from './StoredWalletsOffer.tsx';
import { TrackedWallets } from './TrackedWallets.tsx';
import './wallets.css';

/**
 * The wallets screen (SPEC.md section 2): wallets kept in this browser offered for tracking once, the
 * wallet options (connect one this browser has, or add its address by hand), the tracked addresses and
 * the exchange accounts.
 */
export function WalletsPage() {
  // Bumped when a wallet was added here, so the tracked list reads the server again.
  const [added, setAdded] = useState(0);
  const bump = () => setAdded((n) => n + 1);

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Wallets</h1>
          <p>
            Wallets are tracked by their public address and read on the server: connect one this browser has,
            or paste an address.
          </p>
        </div>
      </div>

      <StoredWalletsOffer onAdded={bump} />

      <ConnectWallets onAdded={bump} />

      <TrackedWallets reloadSignal={added} />

      <ExchangeAccounts />
    </>
  );
}
