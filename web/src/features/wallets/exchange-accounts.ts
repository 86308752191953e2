/**
 * The Wallets screen's exchange accounts: the API calls, and how a sync's socket event (`exchange:sync`)
 * changes the list shown.
 */
import type {
  ConnectExchangeAccount,
  ExchangeAccountView,
  ExchangeOption,
  ExchangeSyncPayload,
} from '@coinpace/domain';
import { api } from '../../lib/api-client.ts';

/** An account as the screen shows it: with the running sync's progress, when one is running. */
export interface ShownAccount extends ExchangeAccountView {
  /** 0..1 while a sync runs and the exchange tells, else null. */
  progress: number | null;
  /** Transactions the running or last finished sync added, when known. */
  added: number | null;
}

export const loadExchanges = () => api<ExchangeOption[]>('/api/exchanges');

export async function loadAccounts(): Promise<ShownAccount[]> {
  const accounts = await api<ExchangeAccountView[]>('/api/exchange-accounts');
  return accounts.map((a) => ({ ...a, progress: null, added: null }));
}

export function connectAccount(input: ConnectExchangeAccount): Promise<ExchangeAccountView> {
  return api<ExchangeAccountView>('/api/exchange-accounts', { method: 'POST', body: input });
}

export async function syncAccount(id: string): Promise<void> {
  await api(`/api/exchange-accounts/${id}/sync`, { method: 'POST' });
}

/** Maps an asset code the syncs could not map to a coin; the account syncs again at once. */
export function mapAsset(id: string, asset: string, coingeckoId: string): Promise<ExchangeAccountView> {
  return api<ExchangeAccountView>(`/api/exchange-accounts/${id}/assets`, {
    method: 'POST',
    body: { asset, coingeckoId },
  });
}

export async function deleteAccount(id: string): Promise<void> {
  await api(`/api/exchange-accounts/${id}`, { method: 'DELETE' });
}

/**
 * The list after a sync event: a running sync shows its progress; a finished or failed one is marked
 * done here at once (the caller reloads the list for the server's figures). Unknown accounts are left.
 */
export function applySyncEvent(accounts: ShownAccount[], event: ExchangeSyncPayload): ShownAccount[] {
  return accounts.map((a) => {
    if (a.id !== event.accountId) return a;
    if (event.status === 'running')
      return { ...a, syncing: true, progress: event.progress, added: event.added };
    return {
      ...a,
      syncing: false,
      progress: null,
      added: event.added,
      lastError: event.status === 'failed' ? event.error : null,
      lastSyncAt: event.status === 'done' ? new Date().toISOString() : a.lastSyncAt,
    };
  });
}

/** The picker's order: first-class exchanges by name, then the others by name. */
export function pickerGroups(options: ExchangeOption[]): {
  named: ExchangeOption[];
  others: ExchangeOption[];
} {
  const byName = (a: ExchangeOption, b: ExchangeOption) => a.name.localeCompare(b.name);
  return {
    named: options.filter((o) => o.firstClass).sort(byName),
    others: options.filter((o) => !o.firstClass).sort(byName),
  };
}
