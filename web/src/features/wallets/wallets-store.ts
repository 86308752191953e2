/**
 * Wallets connected the old way, kept in this browser only (SPEC.md section 2, 'Wallets screen') under
 * the whitelisted key STORAGE_KEYS.wallets. Wallets are now tracked on the server: the Wallets screen
 * offers these for tracking once, then forgets them (forgetStoredWallets).
 */
import { create } from 'zustand';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '../../lib/storage-keys.ts';
import { findWalletOption, type WalletKind } from './wallet-options.ts';

export interface ConnectedWallet {
  id: string;
  kind: WalletKind;
  name: string;
  /** Public address, as the wallet gave it. */
  address: string;
  /** ISO 8601. */
  connectedAt: string;
}

function isConnectedWallet(value: unknown): value is ConnectedWallet {
  const w = value as Partial<ConnectedWallet> | null;
  return (
    typeof w?.id === 'string' &&
    typeof w.address === 'string' &&
    w.address.length > 0 &&
    typeof w.name === 'string' &&
    typeof w.kind === 'string' &&
    findWalletOption(w.kind) !== undefined
  );
}

/** Reads the kept wallets, dropping anything malformed. */
export function readStoredWallets(storage: Storage = localStorage): ConnectedWallet[] {
  const stored = readJson<unknown>(storage, STORAGE_KEYS.wallets);
  return Array.isArray(stored) ? stored.filter(isConnectedWallet) : [];
}

export const useWallets = create<{ wallets: ConnectedWallet[] }>(() => ({ wallets: readStoredWallets() }));

function save(wallets: ConnectedWallet[]): void {
  writeJson(localStorage, STORAGE_KEYS.wallets, wallets);
  useWallets.setState({ wallets });
}

/** Keeps a wallet a provider connected (same kind and address replaces the old entry). */
export function addConnectedWallet(
  wallet: Omit<ConnectedWallet, 'id' | 'connectedAt'>,
  now = new Date(),
): void {
  const others = useWallets
    .getState()
    .wallets.filter(
      (w) => !(w.kind === wallet.kind && w.address.toLowerCase() === wallet.address.toLowerCase()),
    );
  const id = `${wallet.kind}-${wallet.address.toLowerCase()}`;
  save([...others, { ...wallet, id, connectedAt: now.toISOString() }]);
}

export function disconnectWallet(id: string): void {
  save(useWallets.getState().wallets.filter((w) => w.id !== id));
}

/** Removes the kept wallets from this browser, once the user has answered the offer to track them. */
export function forgetStoredWallets(): void {
  removeKey(localStorage, STORAGE_KEYS.wallets);
  useWallets.setState({ wallets: [] });
}

/** `0x1234...abcd`: the start and end of an address, for display. */
export function shortenAddress(address: string): string {
  return address.length <= 13 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}
