import type { LocalCardView } from '@coinpace/domain';
import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { Logo } from '../../components/Logo.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { fetchLocalCard, saveLocalCard } from './billing-api.ts';
import { InvoicesList } from './InvoicesList.tsx';
import '../account/account.css';
import './pricing.css';

/** Where "Back" goes: the return address's path on this site only, else the account page. */
function backPath(returnUrl: string | null): string {
  if (!returnUrl) return '/account';
  try {
    const url = new URL(returnUrl, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : '/account';
  } catch {
    return '/account';
  }
}

/** One labelled field of the card form. */
function CardField({
  id,
  label,
  value,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'placeholder'>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)} {...input} />
    </div>
  );
}

/** The card form's own checks, before the server's (which are the same, plus Luhn). */
function formError(number: string, expiry: string, cvc: string): string | null {
  if (!/^\d{12,19}$/.test(number.replace(/[\s-]/g, ''))) return 'Card number must be 12 to 19 digits.';
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) return 'Expiry must be MM/YY.';
  if (!/^\d{3,4}$/.test(cvc)) return 'CVC must be 3 or 4 digits.';
  return null;
}

/**
 * The local billing page (local checkout only): the user's invoices, one per paid period, and a
 * fake card update that keeps the card's brand and last four digits. Stands in for Stripe's customer portal.
 */
export function LocalPortalPage() {
  const [params] = useSearchParams();
  const [card, setCard] = useState<LocalCardView['card'] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  useEffect(() => {
    fetchLocalCard().then(
      (view) => setCard(view.card),
      (caught: unknown) => setError(errorMessage(caught)),
    );
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const invalid = formError(number, expiry, cvc);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const [month, year] = expiry.split('/');
      const view = await saveLocalCard({
        number: number.replace(/[\s-]/g, ''),
        expMonth: Number(month),
        expYear: 2000 + Number(year),
        cvc,
      });
      setCard(view.card);
      setSaved(true);
      setNumber('');
      setExpiry('');
      setCvc('');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="checkout-page">
      <section className="card checkout-card" aria-labelledby="portal-title">
        <Logo to="/account" />
        <h1 id="portal-title">Payment method and invoices</h1>
        <p className="muted">
          Test billing: this server has no card processor configured, so no card is charged and only the
          card&apos;s brand and last four digits are kept.
        </p>
        <ErrorBanner message={error} onClose={() => setError(null)} />
        <h2>Card on file</h2>
        {card === undefined && !error && <p role="status">Loading card...</p>}
        {card === null && <p>No card on file.</p>}
        {card && (
          <p>
            {card.brand} ending in {card.last4}, expires {String(card.expMonth).padStart(2, '0')}/
            {String(card.expYear).slice(-2)}
          </p>
        )}
        <form onSubmit={submit} noValidate aria-label="Update card">
          <CardField
            id="card-number"
            label="Card number"
            value={number}
            onChange={setNumber}
            inputMode="numeric"
            autoComplete="cc-number"
          />
          <CardField
            id="card-expiry"
            label="Expiry (MM/YY)"
            value={expiry}
            onChange={setExpiry}
            autoComplete="cc-exp"
            placeholder="MM/YY"
          />
          <CardField
            id="card-cvc"
            label="CVC"
            value={cvc}
            onChange={setCvc}
            inputMode="numeric"
            autoComplete="cc-csc"
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving...' : 'Update card'}
            </button>
            {saved && (
              <span className="saved-note" role="status">
                Card updated.
              </span>
            )}
          </div>
        </form>
        <h2>Invoices</h2>
        <InvoicesList />
        <Link to={backPath(params.get('return'))}>Back to My Account</Link>
      </section>
    </main>
  );
}
