import { useEffect, useState } from 'react';
import { loadWallets } from './tracked-wallets.ts';
import { useWallets } from './wallets-store.ts';

/**
 * The address the portfolio's empty state shows as the connected wallet (SPEC.md section 2): the first
 * tracked wallet, else one still kept in this browser the old way, else null ('None').
 */
export function usePrimaryWalletAddress(): string | null {
  const stored = useWallets((s) => s.wallets[0]?.address ?? null);
  const [tracked, setTracked] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadWallets().then(
      (wallets) => {
        if (live) setTracked(wallets[0]?.address ?? null);
      },
      () => {
        // Not loaded: the empty state shows what this browser keeps, or 'None'.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return tracked ?? stored;
}
