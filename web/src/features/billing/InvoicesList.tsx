import type { InvoiceView } from '@coinpace/domain';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { fetchInvoices } from './billing-api.ts';

type Load =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; invoices: InvoiceView[] };

const STATUS: Record<InvoiceView['status'], string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  uncollectible: 'Unpaid',
  void: 'Void',
};

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const amountOf = (invoice: InvoiceView) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: invoice.currency.toUpperCase() }).format(
    invoice.amount,
  );

/** The user's invoices (date, plan, amount, status), newest first, with loading, empty and error states. */
export function InvoicesList({ load = fetchInvoices }: { load?: typeof fetchInvoices }) {
  const [view, setView] = useState<Load>({ state: 'loading' });
  const refresh = useCallback(() => {
    setView({ state: 'loading' });
    load().then(
      ({ invoices }) => setView({ state: 'ready', invoices }),
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
  if (view.invoices.length === 0) return <p className="muted">No invoices yet.</p>;
  return (
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
  );
}
