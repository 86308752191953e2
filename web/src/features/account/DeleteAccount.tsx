import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/Dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { signOut } from '../auth/auth-store.ts';
import { deleteAccount } from '../billing/billing-api.ts';
import { resetBilling } from '../billing/billing-store.ts';

/** The word to type to confirm (SPEC.md section 4, Account deletion). */
export const DELETE_CONFIRMATION = 'DELETE';
/** SPEC.md section 9: account deletion redirect 1 s. */
export const SIGN_OUT_DELAY_MS = 1_000;

type Schedule = (run: () => void, ms: number) => ReturnType<typeof setTimeout> | undefined;

/**
 * Account deletion: confirm, type DELETE, delete, then sign out and go to / after 1 s.
 * `schedule` runs the sign-out later (default setTimeout); tests pass their own to drive time.
 */
export function DeleteAccount({ schedule = setTimeout as Schedule }: { schedule?: Schedule }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<'idle' | 'deleting' | 'deleted'>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const confirmDelete = async () => {
    setState('deleting');
    setError(null);
    try {
      await deleteAccount();
    } catch (caught) {
      setError(`Failed to delete account: ${errorMessage(caught)}`);
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

  const close = () => {
    setOpen(false);
    setTyped('');
    setError(null);
  };
  const busy = state !== 'idle';
  return (
    <section className="card account-section account-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete account</h2>
      <p className="muted">
        Deletes your portfolio, alerts and contact details, and ends your plan at once. This cannot be undone.
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
                disabled={busy || typed !== DELETE_CONFIRMATION}
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
            {error && (
              <p className="banner banner-error" role="alert">
                {error}
              </p>
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
          </>
        )}
      </Dialog>
    </section>
  );
}
