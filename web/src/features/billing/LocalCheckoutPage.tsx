import type { LocalCheckoutView } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { Logo } from '../../components/Logo.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cancelLocalCheckout, completeLocalCheckout, fetchLocalCheckout } from './billing-api.ts';
import './pricing.css';

const CLOSED: Record<Exclude<LocalCheckoutView['status'], 'open'>, string> = {
  complete: 'This checkout is already paid.',
  canceled: 'This checkout was cancelled.',
  expired: 'This checkout session has expired. Please choose your plan again.',
};

/**
 * The local checkout page (DESIGN.md sections 3 and 4): stands in for a card processor when no Stripe keys
 * are set. Confirming completes the session and returns to the success URL with session_id, as Stripe's
 * hosted page does; cancelling returns to the cancel URL.
 */
export function LocalCheckoutPage({ goTo = (url: string) => window.location.assign(url) }) {
  const { sessionId = '' } = useParams();
  const [view, setView] = useState<LocalCheckoutView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);

  useEffect(() => {
    fetchLocalCheckout(sessionId).then(setView, (caught: unknown) => setError(errorMessage(caught)));
  }, [sessionId]);

  const act = async (action: 'confirm' | 'cancel') => {
    setBusy(action);
    setError(null);
    try {
      const { url } = await (action === 'confirm' ? completeLocalCheckout : cancelLocalCheckout)(sessionId);
      goTo(url);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(null);
    }
  };

  return (
    <main className="checkout-page">
      <section className="card checkout-card" aria-labelledby="checkout-title" aria-busy={!view && !error}>
        <Logo to="/account" />
        <h1 id="checkout-title">Confirm your subscription</h1>
        <ErrorBanner message={error} onClose={() => setError(null)} />
        {!view && !error && <span className="spinner" aria-label="Loading checkout" />}
        {view && (
          <>
            <div className="checkout-summary">
              <span>
                <strong>{view.plan.name}</strong> <span className="muted">monthly plan</span>
              </span>
              <strong>${view.plan.price.toFixed(2)} / month</strong>
            </div>
            <p className="muted">
              Test checkout: this server has no card processor configured, so no card is charged. Confirming
              starts your plan now; you can cancel it anytime from My Account.
            </p>
            {view.status === 'open' ? (
              <div className="checkout-actions">
                <button type="button" className="btn" disabled={busy !== null} onClick={() => act('cancel')}>
                  {busy === 'cancel' ? 'Cancelling...' : 'Cancel'}
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy !== null}
                  onClick={() => act('confirm')}
                >
                  {busy === 'confirm' ? 'Processing...' : `Confirm and pay $${view.plan.price.toFixed(2)}`}
                </button>
              </div>
            ) : (
              <p role="status">
                {CLOSED[view.status]} <Link to="/account">Go to My Account</Link>
              </p>
            )}
          </>
        )}
      </section>
    </main>
  );
}
