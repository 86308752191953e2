import { SIGN_UP_TEXTS } from '@coinpace/domain';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { Logo } from '../../components/Logo.tsx';
import { trackEvent } from '../../lib/analytics.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { confirmLocalSignUp } from './auth-store.ts';
import './confirm-email.css';

/**
 * '/confirm-email?code=...', the page the sign-up e-mail links to: one click makes the account and signs
 * in. A click, not the page load, so a mail scanner that opens links does not spend the link.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code') ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(code ? null : SIGN_UP_TEXTS.linkInvalid);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await confirmLocalSignUp(code);
      trackEvent('sign_up', { method: 'local' });
      navigate('/portfolio', { replace: true });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <main className="confirm-email-page">
      <section className="card confirm-email-card" aria-labelledby="confirm-email-title" aria-busy={busy}>
        <Logo to="/" />
        <h1 id="confirm-email-title">Confirm your e-mail address</h1>
        <ErrorBanner message={error} onClose={() => setError(null)} />
        <p>Confirming finishes creating your Coinpace account and signs you in.</p>
        <div className="confirm-email-actions">
          {error ? (
            <>
              <Link className="btn btn-ghost" to="/#sign-up">
                Sign up again
              </Link>
              <Link className="btn btn-primary" to="/#sign-in">
                Sign in
              </Link>
            </>
          ) : (
            <button type="button" className="btn btn-primary" onClick={confirm} disabled={busy || !code}>
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {busy ? 'Confirming...' : 'Confirm and sign in'}
            </button>
          )}
        </div>
      </section>
    </main>
  );
}
