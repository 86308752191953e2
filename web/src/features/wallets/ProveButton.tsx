import type { WalletView } from '@coinpace/domain';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import type { BrowserWallet } from './browser-wallets.ts';
import { proveWallet } from './prove-wallet.ts';

/**
 * "Prove it is mine" for a tracked EVM wallet: the browser wallet signs the server's Sign-In-with-Ethereum
 * message. Declining in the wallet, or a wallet on another account, is told through `onError`.
 */
export function ProveButton({
  wallet,
  browser,
  onProved,
  onError,
}: {
  wallet: WalletView;
  browser: BrowserWallet;
  onProved: (wallet: WalletView) => void;
  onError: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);

  async function prove() {
    setBusy(true);
    try {
      onProved(await proveWallet(browser, wallet));
    } catch (caught) {
      onError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="btn btn-sm"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void prove()}
      aria-label={`Prove ${wallet.label} is mine with ${browser.name}`}
    >
      {busy ? `Sign in ${browser.name}…` : 'Prove it is mine'}
    </button>
  );
}
