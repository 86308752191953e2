import {
  formatDateTime,
  formatQuantity,
  formatUsd,
  type CostMethod,
  type TransactionRow,
} from '@coinpace/domain';
import { Suspense, lazy, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { DeleteIcon, EditIcon } from '../../../components/icons.tsx';
import { usePortfolio } from '../portfolio-store.ts';
import { usePositionPrice } from '../position-prices.ts';
import { closeDetail, loadTransactions, removeTransaction, setMethod, useDetail } from './detail-store.ts';
import { ImportBatchList } from '../import/ImportBatchList.tsx';
import { KIND_LABELS, formatTransactionAmount, formatTransactionPrice } from './transaction-form.ts';
import { HoldingLocations } from './HoldingLocations.tsx';
import { TransactionForm, type Editing } from './TransactionForm.tsx';
import './detail.css';
import { useMoney } from '../../currency/currency-store.ts';

// The chart library is most of the portfolio screen's code: the holding's figures and transactions show
// while it loads, in a box of the chart's size.
const PriceChart = lazy(() => import('./PriceChart.tsx').then((m) => ({ default: m.PriceChart })));

const METHODS: { id: CostMethod; label: string }[] = [
  { id: 'average', label: 'Average' },
  { id: 'fifo', label: 'FIFO' },
];

const tone = (n: number) => (n > 0 ? 'pf-gain' : n < 0 ? 'pf-loss' : undefined);

/**
 * A holding's detail view, opened from its row: the figures its transactions derive by the
 * average-cost method or FIFO, the coin's price chart with the buys and sells marked, and the
 * transactions, which can be added, edited and deleted here.
 */
export function HoldingDetail() {
  const holdingId = useDetail((s) => s.holdingId);
  const row = usePortfolio((s) => (holdingId ? s.byId[holdingId] : undefined));
  const open = holdingId !== null && row !== undefined;
  const [pendingDelete, setPendingDelete] = useState<TransactionRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    const problem = await removeTransaction(pendingDelete.id);
    setDeleting(false);
    if (problem) setDeleteError(problem);
    else setPendingDelete(null);
  };

  // The confirmation is a sibling of the view, not inside it: a dialog's close and cancel events reach
  // the dialogs it sits in, which would close the view with it.
  return (
    <>
      <Dialog
        open={open}
        wide
        title={row ? `${row.symbol} · ${row.name}` : 'Holding'}
        onClose={closeDetail}
        busy={pendingDelete !== null}
      >
        {open && (
          <DetailBody
            holdingId={holdingId}
            onDelete={(t) => {
              setDeleteError(null);
              setPendingDelete(t);
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={open && pendingDelete !== null}
        title="Delete transaction"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setPendingDelete(null)}
      >
        {pendingDelete && row && (
          <p>
            Delete the {KIND_LABELS[pendingDelete.type].toLowerCase()} of{' '}
            {formatQuantity(Number(pendingDelete.quantity))} {row.symbol} on{' '}
            {formatDateTime(pendingDelete.at)}? The holding is worked out again without it.
          </p>
        )}
        {deleteError && (
          <p className="field-error" role="alert">
            {deleteError}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

function DetailBody({
  holdingId,
  onDelete,
}: {
  holdingId: string;
  onDelete: (transaction: TransactionRow) => void;
}) {
  const money = useMoney();
  const row = usePortfolio((s) => s.byId[holdingId])!;
  const position = usePositionPrice(holdingId);
  const status = useDetail((s) => s.status);
  const data = useDetail((s) => s.data);
  const error = useDetail((s) => s.error);
  const method = useDetail((s) => s.method);
  const [editing, setEditing] = useState<Editing | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const price = position?.price ?? row.currentPrice ?? 0;
  const derived = data?.derived;
  const transactions = data?.transactions ?? [];
  const saleGain = new Map(derived?.sales.map((s) => [s.transactionId, Number(s.realisedGain)]) ?? []);
  const quantity = Number(derived?.quantity ?? row.quantity);
  const costBasis = Number(derived?.costBasis ?? 0);
  const unrealised = price > 0 && derived ? quantity * price - costBasis : null;
  const realised = Number(derived?.realisedGain ?? 0);

  return (
    <div className="hd">
      <div className="hd-section-head">
        <h3>Figures</h3>
        <div className="hd-segmented" role="group" aria-label="Cost method">
          {METHODS.map((m) => (
            <button
              key={m.id}
              type="button"
              className={`btn btn-sm ${method === m.id ? 'btn-primary' : 'btn-ghost'}`}
              aria-pressed={method === m.id}
              onClick={() => setMethod(m.id)}
            >
              {m.label}
            </button>
          ))}
        </div>
      </div>
      <dl className="hd-figures" aria-busy={status === 'loading'}>
        <Figure label="Quantity" value={derived ? formatQuantity(quantity) : '…'} />
        <Figure label="Average cost" value={derived ? money.price(Number(derived.averageCost)) : '…'} />
        <Figure label="Cost basis" value={derived ? money.amount(costBasis) : '…'} />
        <Figure label="Total invested" value={derived ? money.amount(Number(derived.totalInvested)) : '…'} />
        <Figure
          label="Unrealised gain/loss"
          value={unrealised === null ? (derived ? 'No price' : '…') : money.amount(unrealised)}
          className={unrealised === null ? undefined : tone(unrealised)}
        />
        <Figure
          label="Realised gain/loss"
          value={derived ? money.amount(realised) : '…'}
          className={derived ? tone(realised) : undefined}
        />
      </dl>

      <Suspense
        fallback={
          <section className="hd-chart" aria-label={`${row.symbol} price`} aria-busy="true">
            <div className="hd-chart-box" />
          </section>
        }
      >
        <PriceChart symbol={row.symbol} transactions={transactions} />
      </Suspense>

      <HoldingLocations holdingId={holdingId} version={data} />

      <section aria-label="Transactions" className="hd-transactions">
        <div className="hd-section-head">
          <h3>Transactions</h3>
          {editing === null && (
            <button
              ref={addButton}
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setEditing({ mode: 'add' })}
            >
              Add transaction
            </button>
          )}
        </div>
        {editing && (
          <TransactionForm
            key={editing.mode === 'edit' ? editing.row.id : 'add'}
            editing={editing}
            currentPrice={price}
            onDone={() => {
              setEditing(null);
              // The Add button comes back after the form; give it the focus the form had.
              requestAnimationFrame(() => addButton.current?.focus());
            }}
          />
        )}
        {status === 'error' ? (
          <div className="banner banner-error" role="alert">
            Could not load the transactions: {error}{' '}
            <button type="button" className="link-button" onClick={() => void loadTransactions()}>
              Try again
            </button>
          </div>
        ) : !data ? (
          <p className="muted" role="status">
            Loading transactions...
          </p>
        ) : transactions.length === 0 ? (
          <p className="empty-state">No transactions yet. Add a buy to start this holding&apos;s history.</p>
        ) : (
          <div className="table-wrap hd-table-wrap">
            <table className="table hd-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="num">
                    Quantity
                  </th>
                  <th scope="col" className="num">
                    Price per coin
                  </th>
                  <th scope="col" className="num">
                    Fee
                  </th>
                  <th scope="col">Note</th>
                  <th scope="col" className="num">
                    Realised gain
                  </th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...transactions].reverse().map((t) => {
                  const gain = saleGain.get(t.id);
                  // Transactions are shown as recorded, each in the currency it was made in.
                  const when = formatDateTime(t.at);
                  return (
                    <tr key={t.id} data-transaction={t.type}>
                      <td data-label="Date">{when}</td>
                      <td data-label="Type">{KIND_LABELS[t.type]}</td>
                      <td className="num" data-label="Quantity">
                        {formatQuantity(Number(t.quantity))}
                      </td>
                      <td className="num" data-label="Price per coin">
                        {formatTransactionPrice(Number(t.pricePerCoin), t.currency)}
                      </td>
                      <td className="num" data-label="Fee">
                        {Number(t.fee) > 0 ? formatTransactionAmount(Number(t.fee), t.currency) : '—'}
                      </td>
                      {/* One line, cut with an ellipsis: the tooltip has the whole note. */}
                      <td data-label="Note" className="hd-note" title={t.note ?? undefined}>
                        {t.note ?? ''}
                      </td>
                      <td
                        className={`num ${gain === undefined ? '' : (tone(gain) ?? '')}`}
                        data-label="Realised gain"
                      >
                        {gain === undefined ? '—' : formatUsd(gain)}
                      </td>
                      <td className="hd-row-actions">
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm btn-icon"
                          aria-label={`Edit ${KIND_LABELS[t.type]} of ${when}`}
                          title="Edit"
                          onClick={() => setEditing({ mode: 'edit', row: t })}
                        >
                          <EditIcon />
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm btn-icon pf-danger"
                          aria-label={`Delete ${KIND_LABELS[t.type]} of ${when}`}
                          title="Delete"
                          onClick={() => onDelete(t)}
                        >
                          <DeleteIcon />
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ImportBatchList holdingId={holdingId} hideWhenEmpty onUndone={() => void loadTransactions()} />
    </div>
  );
}

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="hd-figure">
      <dt>{label}</dt>
      <dd className={className}>{value}</dd>
    </div>
  );
}
