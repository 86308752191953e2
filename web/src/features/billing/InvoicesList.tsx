import { formatDate, formatUsd, type InvoiceView } from '@coinpace/domain';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { fetchInvoices } from './billing-api.ts';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; invoices: InvoiceView[]; credit: number };

const STATUS: Record<InvoiceView['status'], string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  uncollectible: 'Unpaid',
  void: 'Void',
};

const dateOf = (iso: string) => formatDate(iso, { timeZone: 'UTC' });
const amountOf = (invoice: InvoiceView) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: invoice.currency.toUpperCase() }).format(
    invoice.amount,
  );

/**
 * The user's invoices (date, plan, amount, status), newest first, with loading, empty and error states, and the
 * credit a downgrade left, which the next invoices use.
 */
export function InvoicesList({ load = fetchInvoices }: { load?: typeof fetchInvoices }) {
  const [view, setView] = useState<Load>({ state: 'loading' });
  const refresh = useCallback(() => {
    setView({ state: 'loading' });
    load().then(
      ({ invoices, credit }) => setView({ state: 'ready', invoices, credit }),
      (caught: unknown) => setView({ state: 'error', message: errorMessage(caught) }),
    );
  }, [load]);
  useEffect(refresh, [refresh]);

  if (view.state === 'loading') return <p role="status">Loading invoices...</p>;
  if (view.state === 'error') {
    return (
      <div className="banner banner-error" role="alert">
        <div className="banner-body">Could not load your invoices: {view.message}</div>
        <button type="button" className="btn btn-sm" onClick={refresh}>
          Retry
        </button>
      </div>
    );
  }
  const credit =
    view.credit > 0 ? (
      <p className="invoices-credit" data-testid="billing-credit">
        Credit: {formatUsd(view.credit)}, applied to your next invoices.
      </p>
    ) : null;
  if (view.invoices.length === 0)
    return (
      <>
        {credit}
        <p className="muted">No invoices yet.</p>
      </>
    );
  return (
    <>
      {credit}
      <div className="invoices-scroll">
        <table className="invoices-table">
          <caption className="sr-only">Invoices</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Plan</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {view.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td>{dateOf(invoice.date)}</td>
                <td>{invoice.plan ?? '—'}</td>
                <td>{amountOf(invoice)}</td>
                <td>{STATUS[invoice.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
