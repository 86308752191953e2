import {
  firstSyncReach,
  formatDateTime,
  type ExchangeOption,
  type ExchangeSyncPayload,
} from '@coinpace/domain';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { UnmappedAssets } from './UnmappedAssets.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { onUserEvent } from '../../lib/user-events.ts';
import {
  applySyncEvent,
  connectAccount,
  deleteAccount,
  loadAccounts,
  loadExchanges,
  pickerGroups,
  syncAccount,
  type ShownAccount,
} from './exchange-accounts.ts';
import { useRecheckWhile } from '../../lib/use-recheck-while.ts';

interface FormState {
  exchange: string;
  label: string;
  apiKey: string;
  secret: string;
  password: string;
  confirmReadOnly: boolean;
}

const EMPTY: FormState = {
  exchange: '',
  label: '',
  apiKey: '',
  secret: '',
  password: '',
  confirmReadOnly: false,
};

/** What a sync is doing, in words. */
function syncState(account: ShownAccount): string {
  if (account.syncing) {
    return account.progress !== null ? `Syncing… ${Math.round(account.progress * 100)}%` : 'Syncing…';
  }
  if (account.status === 'stopped') return 'Stopped';
  return account.lastSyncAt ? `Synced ${formatDateTime(account.lastSyncAt)}` : 'Not synced yet';
}

/**
 * The Wallets screen's "Exchange accounts": connect an account with a read-only API key, see each
 * account's last sync, status and last error, "Sync now" and delete. Syncs report live over the socket.
 */
export function ExchangeAccounts() {
  const [exchanges, setExchanges] = useState<ExchangeOption[] | null>(null);
  const [accounts, setAccounts] = useState<ShownAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [form, setForm] = useState<FormState>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<ShownAccount | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setAccounts(await loadAccounts());
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, []);

  useRecheckWhile(accounts?.some((account) => account.syncing) ?? false, reload);

  useEffect(() => {
    void reload();
    loadExchanges().then(setExchanges, (caught: unknown) => setError(errorMessage(caught)));
  }, [reload]);

  useEffect(
    () =>
      onUserEvent('exchange:sync', (payload) => {
        const event = payload as ExchangeSyncPayload;
        setAccounts((shown) => (shown ? applySyncEvent(shown, event) : shown));
        if (event.status !== 'running') void reload();
      }),
    [reload],
  );

  const chosen = exchanges?.find((e) => e.id === form.exchange) ?? null;
  const groups = pickerGroups(exchanges ?? []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setFormError('Choose an exchange.');
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      const account = await connectAccount({
        exchange: chosen.id,
        label: form.label.trim() || chosen.name,
        apiKey: form.apiKey,
        secret: form.secret,
        ...(chosen.needsPassword ? { password: form.password } : {}),
        ...(!chosen.reportsPermissions ? { confirmReadOnly: form.confirmReadOnly } : {}),
      });
      setForm(EMPTY);
      setFormOpen(false);
      setNote(`${account.label} connected. Its first sync is running.`);
      // Shown at once as syncing (the answer says so); the list read again has the sync's own state.
      setAccounts((shown) => [
        ...(shown ?? []).filter((a) => a.id !== account.id),
        { ...account, progress: null, added: null },
      ]);
      await reload();
    } catch (caught) {
      setFormError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  async function syncNow(account: ShownAccount) {
    setError(null);
    try {
      setAccounts((shown) => shown?.map((a) => (a.id === account.id ? { ...a, syncing: true } : a)) ?? null);
      await syncAccount(account.id);
    } catch (caught) {
      setError(errorMessage(caught));
    }
    // The sync may have ended before the answer came (its event already handled): the server knows.
    await reload();
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteAccount(deleting.id);
      setNote(`${deleting.label} deleted, with its API key.`);
      setDeleting(null);
      await reload();
    } catch (caught) {
      setError(errorMessage(caught));
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

  const set = (field: keyof FormState) => (value: string | boolean) => setForm({ ...form, [field]: value });

  return (
    <section className="card exchange-accounts" aria-labelledby="exchange-accounts-title">
      <h2 id="exchange-accounts-title">Exchange accounts</h2>
      <p className="muted">
        Connect an exchange with a read-only API key: Coinpace reads your balances and trades every 15 minutes
        and never trades or withdraws.
      </p>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      {note && (
        <p role="status" className="saved-note">
          {note}
        </p>
      )}

      {accounts === null ? (
        !error && <span className="spinner" role="status" aria-label="Loading exchange accounts" />
      ) : accounts.length === 0 ? (
        <p className="muted">No exchange accounts connected yet.</p>
      ) : (
        <ul className="exchange-list">
          {accounts.map((account) => (
            <li key={account.id} aria-label={`${account.label}, ${account.exchangeName}`}>
              <div className="exchange-list-name">
                <strong>{account.label}</strong>
                <span className="muted">{account.exchangeName}</span>
                <span className={account.status === 'stopped' ? 'exchange-stopped' : 'muted'}>
                  {syncState(account)}
                </span>
                {account.lastError && (
                  <span className="field-error" role="note">
                    {account.lastError}
                  </span>
                )}
                {firstSyncReach(account.exchange) && (
                  <span className="muted exchange-reach">{firstSyncReach(account.exchange)}</span>
                )}
              </div>
              <UnmappedAssets account={account} onMapped={() => void reload()} />
              <div className="exchange-actions">
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={account.syncing || account.status === 'stopped'}
                  onClick={() => void syncNow(account)}
                  aria-label={`Sync ${account.label} now`}
                >
                  Sync now
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  onClick={() => setDeleting(account)}
                  aria-label={`Delete ${account.label}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {!formOpen ? (
        <button type="button" className="btn" onClick={() => setFormOpen(true)}>
          Connect an exchange
        </button>
      ) : (
        <form
          id="exchange-connect-form"
          className="exchange-form"
          onSubmit={submit}
          noValidate
          aria-busy={busy}
        >
          <div className="field">
            <label htmlFor="exchange-pick">Exchange</label>
            <select
              id="exchange-pick"
              className="input"
              value={form.exchange}
              onChange={(e) => set('exchange')(e.target.value)}
            >
              <option value="">Choose an exchange</option>
              {groups.named.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
              {groups.others.length > 0 && (
                <optgroup label="Other exchanges">
                  {groups.others.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </div>
          <div className="field">
            <label htmlFor="exchange-label">Name</label>
            <input
              id="exchange-label"
              className="input"
              value={form.label}
              placeholder={chosen?.name ?? 'My exchange'}
              onChange={(e) => set('label')(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="exchange-key">API key</label>
            <input
              id="exchange-key"
              className="input"
              autoComplete="off"
              spellCheck={false}
              value={form.apiKey}
              onChange={(e) => set('apiKey')(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="exchange-secret">API secret</label>
            <input
              id="exchange-secret"
              className="input"
              type="password"
              autoComplete="off"
              value={form.secret}
              onChange={(e) => set('secret')(e.target.value)}
            />
          </div>
          {chosen?.needsPassword && (
            <div className="field">
              <label htmlFor="exchange-passphrase">Passphrase</label>
              <input
                id="exchange-passphrase"
                className="input"
                type="password"
                autoComplete="off"
                value={form.password}
                onChange={(e) => set('password')(e.target.value)}
              />
            </div>
          )}
          {chosen && !chosen.reportsPermissions && (
            <label className="exchange-confirm">
              <input
                type="checkbox"
                checked={form.confirmReadOnly}
                onChange={(e) => set('confirmReadOnly')(e.target.checked)}
              />
              This key is read-only: it cannot trade or withdraw.
            </label>
          )}
          {formError && (
            <p className="field-error" role="alert">
              {formError}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Checking the key…' : 'Connect'}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setFormOpen(false);
                setFormError(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}

      <Dialog
        open={deleting !== null}
        title="Delete exchange account?"
        onClose={() => setDeleting(null)}
        busy={busy}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setDeleting(null)} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => void confirmDelete()}
              disabled={busy}
            >
              Delete
            </button>
          </>
        }
      >
        {deleting && (
          <p>
            Delete {deleting.label}? Its API key is deleted; the transactions it synced stay in your portfolio
            as entered by hand.
          </p>
        )}
      </Dialog>
    </section>
  );
}
