/**
 * The Wallets screen's wallets tracked by address: the API calls, the check run before posting (a seed
 * phrase or a private key never leaves the browser), and how a refresh's socket event (`wallet:refresh`)
 * changes the list shown.
 */
import {
  recogniseAddress,
  type AddWallet,
  type AddressRecognition,
  type WalletDetail,
  type WalletRefreshPayload,
  type WalletView,
} from '@coinpace/domain';
import { api } from '../../lib/api-client.ts';

/** A wallet as the screen shows it: with the running refresh's progress, when one is running. */
export interface ShownWallet extends WalletView {
  progress: number | null;
}

export async function loadWallets(): Promise<ShownWallet[]> {
  const wallets = await api<WalletView[]>('/api/wallets');
  return wallets.map((w) => ({ ...w, progress: null }));
}

export const loadWallet = (id: string) => api<WalletDetail>(`/api/wallets/${id}`);

/** Thrown before any request when the text is not a public address (the message says what it was). */
export class RefusedAddressError extends Error {
  constructor(readonly recognition: Extract<AddressRecognition, { ok: false }>) {
    super(recognition.message);
    this.name = 'RefusedAddressError';
  }
}

/** Posts the wallet, only once the same check the server runs has accepted the address. */
export function addWallet(input: AddWallet): Promise<WalletView> {
  const recognised = recogniseAddress(input.address);
  if (!recognised.ok) return Promise.reject(new RefusedAddressError(recognised));
  return api<WalletView>('/api/wallets', {
    method: 'POST',
    body: { label: input.label, address: recognised.address },
  });
}

export async function refreshWallet(id: string): Promise<void> {
  await api(`/api/wallets/${id}/refresh`, { method: 'POST' });
}

export async function deleteWallet(id: string): Promise<void> {
  await api(`/api/wallets/${id}`, { method: 'DELETE' });
}

/** The list after a refresh event: running shows progress; done or failed is marked here at once. */
export function applyRefreshEvent(wallets: ShownWallet[], event: WalletRefreshPayload): ShownWallet[] {
  return wallets.map((w) => {
    if (w.id !== event.walletId) return w;
    if (event.status === 'running') return { ...w, refreshing: true, progress: event.progress };
    return {
      ...w,
      refreshing: false,
      progress: null,
      lastError: event.status === 'failed' ? event.error : null,
      lastRefreshAt: event.status === 'done' ? new Date().toISOString() : w.lastRefreshAt,
    };
  });
}

/** Chain names as the screen shows them. */
export const CHAIN_NAMES: Record<string, string> = {
  ethereum: 'Ethereum',
  base: 'Base',
  arbitrum: 'Arbitrum',
  optimism: 'Optimism',
  polygon: 'Polygon',
  bsc: 'BNB Chain',
  bitcoin: 'Bitcoin',
  solana: 'Solana',
  demo: 'Demo chain',
};
