import { AppError } from '@coinpace/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/Dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { signOut, useAuth } from '../auth/auth-store.ts';
import { deleteAccount } from '../billing/billing-api.ts';
import { resetBilling } from '../billing/billing-store.ts';
import { DATA_EXPORT_ANCHOR, downloadAccountData, useAccountExport } from './account-export.ts';

/** The word to type to confirm (SPEC.md section 4, Account deletion). */
export const DELETE_CONFIRMATION = 'DELETE';
/** SPEC.md section 9: account deletion redirect 1 s. */
export const SIGN_OUT_DELAY_MS = 1_000;

type Schedule = (run: () => void, ms: number) => ReturnType<typeof setTimeout> | undefined;

/**
 * Account deletion: confirm, type DELETE, prove it is you, delete, then sign out and go to / after 1 s.
 * A local account enters its password; an identity provider's account needs a sign-in from the last 10
 * minutes, and is offered to sign in again when the server says it is older. The dialog suggests
 * downloading the account's data first. `schedule` runs the sign-out later (default setTimeout); tests
 * pass their own to drive time.
 */
export function DeleteAccount({ schedule = setTimeout as Schedule }: { schedule?: Schedule }) {
  const navigate = useNavigate();
  const local = useAuth((s) => s.mode) !== 'clerk';
  const exporting = useAccountExport((s) => s.busy);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<'idle' | 'deleting' | 'deleted'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const confirmDelete = async () => {
    setState('deleting');
    setError(null);
    setSignInAgain(false);
    try {
      await deleteAccount(local ? password : undefined);
    } catch (caught) {
      setError(`Failed to delete account: ${errorMessage(caught)}`);
      setSignInAgain(!local && caught instanceof AppError && caught.code === 'REAUTH_REQUIRED');
      setState('idle');
      return;
    }
    setState('deleted');
    timer.current = schedule(() => {
      resetBilling();
      void signOut()
        .catch(() => undefined)
        .finally(() => navigate('/', { replace: true }));
    }, SIGN_OUT_DELAY_MS);
  };

  // A fresh sign-in: out, then the sign-in dialog (AuthDialogs' #sign-in); then the deletion can go ahead.
  const reauthenticate = () => {
    void signOut()
      .catch(() => undefined)
      .finally(() => navigate({ pathname: '/', hash: '#sign-in' }, { replace: true }));
  };

  const close = () => {
    setOpen(false);
    setTyped('');
    setPassword('');
    setError(null);
    setSignInAgain(false);
  };
  const busy = state !== 'idle';
  const ready = typed === DELETE_CONFIRMATION && (!local || password !== '');
  return (
    <section className="card account-section account-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete account</h2>
      <p className="muted">
        Deletes your portfolio, alerts and contact details, and ends your plan at once. This cannot be undone.{' '}
        <a href={`#${DATA_EXPORT_ANCHOR}`}>Download your data</a> first to keep a copy.
      </p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        Delete Account
      </button>
      <Dialog
        open={open}
        title="Delete your account?"
        busy={busy}
        onClose={close}
        footer={
          state === 'deleted' ? undefined : (
            <>
              <button type="button" className="btn" onClick={close} disabled={busy}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy || !ready}
                onClick={confirmDelete}
              >
                {state === 'deleting' ? 'Deleting...' : 'Delete my account'}
              </button>
            </>
          )
        }
      >
        {state === 'deleted' ? (
          <p role="status">Account deleted successfully. Signing out...</p>
        ) : (
          <>
            <p>
              Your plan is cancelled now, without a refund for the rest of the period, and everything you keep
              in Coinpace is deleted.
            </p>
            <p>
              Keep a copy first: one file with your portfolio, transactions, alerts and invoices.{' '}
              <button
                type="button"
                className="btn btn-sm"
                disabled={busy || exporting}
                onClick={() => void downloadAccountData()}
              >
                {exporting ? 'Preparing...' : 'Download my data'}
              </button>
            </p>
            {error && (
              <div className="banner banner-error" role="alert">
                <div className="banner-body">{error}</div>
                {signInAgain && (
                  <button type="button" className="btn btn-sm" onClick={reauthenticate}>
                    Sign in again
                  </button>
                )}
              </div>
            )}
            <div className="field">
              <label htmlFor="delete-confirm">Type {DELETE_CONFIRMATION} to confirm</label>
              <input
                id="delete-confirm"
                className="input"
                autoComplete="off"
                value={typed}
                disabled={busy}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
            {local ? (
              <div className="field">
                <label htmlFor="delete-password">Your password</label>
                <input
                  id="delete-password"
                  className="input"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  disabled={busy}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </div>
            ) : (
              <p className="muted">
                For your safety, deleting needs a sign-in from the last 10 minutes; you may be asked to sign
                in again.
              </p>
            )}
          </>
        )}
      </Dialog>
    </section>
  );
}
