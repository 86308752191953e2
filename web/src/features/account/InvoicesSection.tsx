import { useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { createPortalSession, fetchInvoices } from '../billing/billing-api.ts';
import { InvoicesList } from '../billing/InvoicesList.tsx';

/**
 * Billing on the account screen: the invoices list and "Manage payment method and invoices",
 * which goes to Stripe's customer portal, or to the local billing page when there is no card processor.
 */
export function InvoicesSection({
  load = fetchInvoices,
  goTo = (url: string) => window.location.assign(url),
}: {
  load?: typeof fetchInvoices;
  goTo?: (url: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const manage = async () => {
    setBusy(true);
    setError(null);
    try {
      goTo((await createPortalSession()).url);
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <section className="card account-section" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Billing</h2>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <InvoicesList load={load} />
      <div className="form-actions">
        <button type="button" className="btn btn-wrap" disabled={busy} onClick={manage}>
          {busy ? 'Opening...' : 'Manage payment method and invoices'}
        </button>
      </div>
    </section>
  );
}
