import {
  formatDateTime,
  recogniseAddress,
  type WalletDetail,
  type WalletRefreshPayload,
} from '@coinpace/domain';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { onUserEvent } from '../../lib/user-events.ts';
import { ProveButton } from './ProveButton.tsx';
import { useBrowserWallets } from './use-browser-wallets.ts';
import {
  CHAIN_NAMES,
  addWallet,
  applyRefreshEvent,
  deleteWallet,
  loadWallet,
  loadWallets,
  refreshWallet,
  RefusedAddressError,
  type ShownWallet,
} from './tracked-wallets.ts';
import { useRecheckWhile } from '../../lib/use-recheck-while.ts';

/** What a refresh is doing, in words. */
function refreshState(wallet: ShownWallet): string {
  if (wallet.refreshing) {
    return wallet.progress !== null ? `Refreshing… ${Math.round(wallet.progress * 100)}%` : 'Refreshing…';
  }
  if (wallet.status === 'stopped') return 'Stopped';
  return wallet.lastRefreshAt ? `Refreshed ${formatDateTime(wallet.lastRefreshAt)}` : 'Not refreshed yet';
}

function chainsOf(wallet: ShownWallet): string {
  if (wallet.chains.length === 0) return wallet.lastRefreshAt ? 'No activity on any chain yet' : '';
  return wallet.chains.map((c) => CHAIN_NAMES[c] ?? c).join(', ');
}

/**
 * The Wallets screen's "Wallets": track a wallet by its public address (what was pasted is recognised as
 * the user types; a seed phrase or private key is refused here and never sent), see each wallet's chains,
 * balances and last refresh, "Refresh now" and delete. Refreshes report live over the socket.
 */
export function TrackedWallets({ reloadSignal = 0 }: { reloadSignal?: number }) {
  const browserWallets = useBrowserWallets();
  // The wallet "Prove it is mine" signs with: the first Ethereum wallet of this browser.
  const signer = browserWallets.find((w) => w.chain === 'evm');
  const [wallets, setWallets] = useState<ShownWallet[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<ShownWallet | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [open, setOpen] = useState<WalletDetail | null>(null);

  const reload = useCallback(async () => {
    try {
      setWallets(await loadWallets());
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, []);

  useRecheckWhile(wallets?.some((wallet) => wallet.refreshing) ?? false, reload);

  useEffect(() => {
    void reload();
  }, [reload, reloadSignal]);

  useEffect(
    () =>
      onUserEvent('wallet:refresh', (payload) => {
        const event = payload as WalletRefreshPayload;
        setWallets((shown) => (shown ? applyRefreshEvent(shown, event) : shown));
        if (event.status !== 'running') void reload();
      }),
    [reload],
  );

  const recognition = address.trim() ? recogniseAddress(address) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setBusy(true);
    try {
      const wallet = await addWallet({ label: label.trim() || 'My wallet', address });
      setLabel('');
      setAddress('');
      setNote(`${wallet.label} added. Its first refresh is running.`);
      await reload();
    } catch (caught) {
      if (caught instanceof RefusedAddressError) {
        // A secret is cleared from the field at once: it is not kept anywhere.
        if (caught.recognition.secret) setAddress('');
        setFormError(caught.message);
      } else {
        setFormError(errorMessage(caught));
      }
    } finally {
      setBusy(false);
    }
  }

  function typed(value: string) {
    const r = value.trim() ? recogniseAddress(value) : null;
    if (r && !r.ok && r.secret) {
      // Never left in the field: the message says what it was.
      setAddress('');
      setFormError(r.message);
      return;
    }
    setFormError(null);
    setAddress(value);
  }

  async function refreshNow(wallet: ShownWallet) {
    setError(null);
    try {
      await refreshWallet(wallet.id);
      setWallets((shown) => shown?.map((w) => (w.id === wallet.id ? { ...w, refreshing: true } : w)) ?? null);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  async function showBalances(wallet: ShownWallet) {
    setError(null);
    try {
      setOpen(await loadWallet(wallet.id));
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteWallet(deleting.id);
      setNote(`${deleting.label} deleted.`);
      setDeleting(null);
      await reload();
    } catch (caught) {
      setError(errorMessage(caught));
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card tracked-wallets" aria-labelledby="tracked-wallets-title">
      <h2 id="tracked-wallets-title">Tracked addresses</h2>
      <p className="muted">
        Track a wallet by its public address: Coinpace reads its balances and transfers every 10 minutes.
        Never paste a seed phrase or a private key.
      </p>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      {note && (
        <p role="status" className="saved-note">
          {note}
        </p>
      )}

      {wallets === null ? (
        !error && <span className="spinner" role="status" aria-label="Loading wallets" />
      ) : wallets.length === 0 ? (
        <p className="muted">No wallets tracked yet. Try the demo wallet demo:alice.</p>
      ) : (
        <ul className="exchange-list">
          {wallets.map((wallet) => (
            <li key={wallet.id} aria-label={`${wallet.label}, ${wallet.address}`}>
              <div className="exchange-list-name">
                <strong>
                  {wallet.label}
                  {wallet.verified && (
                    <span className="badge badge-gain wallet-verified" title="Proved by a signature">
                      Verified
                    </span>
                  )}
                </strong>
                <span className="muted wallet-address num" title={wallet.address}>
                  {wallet.address}
                </span>
                <span className="muted">{chainsOf(wallet)}</span>
                <span className={wallet.status === 'stopped' ? 'exchange-stopped' : 'muted'}>
                  {refreshState(wallet)}
                </span>
                {wallet.lastError && (
                  <span className="field-error" role="note">
                    {wallet.lastError}
                  </span>
                )}
              </div>
              <div className="exchange-actions">
                {signer && wallet.kind === 'evm' && !wallet.verified && (
                  <ProveButton
                    wallet={wallet}
                    browser={signer}
                    onProved={(proved) => {
                      setNote(`${proved.label} is verified as yours.`);
                      void reload();
                    }}
                    onError={setError}
                  />
                )}
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => void showBalances(wallet)}
                  aria-label={`Balances of ${wallet.label}`}
                >
                  Balances
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={wallet.refreshing || wallet.status === 'stopped'}
                  onClick={() => void refreshNow(wallet)}
                  aria-label={`Refresh ${wallet.label} now`}
                >
                  Refresh now
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-sm"
                  onClick={() => setDeleting(wallet)}
                  aria-label={`Delete ${wallet.label}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <form className="exchange-form" onSubmit={submit} noValidate aria-busy={busy} aria-label="Add a wallet">
        <div className="field">
          <label htmlFor="wallet-label">Wallet name</label>
          <input
            id="wallet-label"
            className="input"
            value={label}
            placeholder="My wallet"
            onChange={(e) => setLabel(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="wallet-address">Public address</label>
          <input
            id="wallet-address"
            className="input num"
            autoComplete="off"
            spellCheck={false}
            value={address}
            placeholder="0x…, bc1…, xpub…, a Solana address, or demo:alice"
            aria-describedby="wallet-address-hint"
            onChange={(e) => typed(e.target.value)}
          />
          <span id="wallet-address-hint" className="muted" aria-live="polite">
            {recognition ? (recognition.ok ? recognition.description : recognition.message) : ''}
          </span>
        </div>
        {formError && (
          <p className="field-error" role="alert">
            {formError}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !recognition?.ok}>
            {busy ? 'Adding…' : 'Add wallet'}
          </button>
        </div>
      </form>

      <Dialog
        open={open !== null}
        title={open ? `${open.label}: balances` : 'Balances'}
        onClose={() => setOpen(null)}
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setOpen(null)}>
            Close
          </button>
        }
      >
        {open &&
          (open.balances.length === 0 ? (
            <p className="muted">No balances read yet.</p>
          ) : (
            <table className="wallet-balances">
              <thead>
                <tr>
                  <th scope="col">Chain</th>
                  <th scope="col">Coin</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {open.balances.map((b) => (
                  <tr key={`${b.chain}:${b.token ?? 'native'}`}>
                    <td>{CHAIN_NAMES[b.chain] ?? b.chain}</td>
                    <td>
                      {b.symbol}
                      {b.coingeckoId === null && (
                        <span className="muted wallet-address" title={b.token ?? ''}>
                          {' '}
                          (not priced: {b.token})
                        </span>
                      )}
                    </td>
                    <td className="num">{b.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
      </Dialog>

      <Dialog
        open={deleting !== null}
        title="Delete wallet?"
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
            Stop tracking {deleting.label}? The transfers it recorded stay in your portfolio as entered by
            hand.
          </p>
        )}
      </Dialog>
    </section>
  );
}
