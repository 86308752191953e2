import { useEffect, useState } from 'react';
import { eip6963Store, findBrowserWallets, type BrowserWallet } from './browser-wallets.ts';

/**
 * The wallets of this browser, kept current as extensions announce themselves (EIP-6963 announcements can
 * arrive after the page has rendered).
 */
export function useBrowserWallets(): BrowserWallet[] {
  const [wallets, setWallets] = useState<BrowserWallet[]>(() =>
    findBrowserWallets(eip6963Store().getProviders()),
  );
  useEffect(() => {
    const store = eip6963Store();
    const unsubscribe = store.subscribe((announced) => setWallets(findBrowserWallets(announced)), {
      emitImmediately: true,
    });
    return () => {
      unsubscribe();
    };
  }, []);
  return wallets;
}
