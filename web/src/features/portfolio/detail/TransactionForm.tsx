import { type TransactionRow } from '@coinpace/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { userLocale } from '../../../lib/locale.ts';
import { useMoney } from '../../currency/currency-store.ts';
import { addTransaction, editTransaction } from './detail-store.ts';
import {
  FORM_KINDS,
  FORM_KIND_LABELS,
  KIND_LABELS,
  changesFrom,
  checkTransaction,
  currencyUnit,
  draftOf,
  newDraft,
  type TransactionDraft,
} from './transaction-form.ts';

/** What the holding's transaction form is for: a new transaction, or a change to one. */
export type Editing = { mode: 'add' } | { mode: 'edit'; row: TransactionRow };

/** Adds or edits a transaction; the form stays open with the message when the server refuses. */
export function TransactionForm({
  editing,
  currentPrice,
  onDone,
}: {
  editing: Editing;
  currentPrice: number;
  onDone: () => void;
}) {
  const locale = userLocale();
  const money = useMoney();
  // A new transaction is typed in the currency shown; an edited one keeps the currency it was made in.
  const [draft, setDraft] = useState<TransactionDraft>(() =>
    editing.mode === 'edit'
      ? draftOf(editing.row, locale)
      : newDraft(money.fromUsd(currentPrice), Date.now(), locale, money.currency),
  );
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const set = (key: keyof TransactionDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const unit = currencyUnit(draft.currency);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkTransaction(draft, locale);
    if (!check.ok) {
      setMessage(check.message);
      return;
    }
    setSaving(true);
    setMessage(null);
    const problem =
      editing.mode === 'edit'
        ? await editTransaction(editing.row.id, changesFrom(editing.row, check.payload))
        : await addTransaction(check.payload);
    setSaving(false);
    if (problem) setMessage(problem);
    else onDone();
  };

  const title = editing.mode === 'edit' ? 'Edit transaction' : 'Add transaction';
  return (
    <form className="hd-form card" onSubmit={(e) => void submit(e)} aria-label={title} noValidate>
      <div className="hd-form-grid">
        <div className="field">
          <label htmlFor="tx-type">Type</label>
          <select
            ref={first}
            id="tx-type"
            className="select"
            value={draft.type}
            disabled={draft.type === 'adjust'}
            onChange={(e) => set('type')(e.target.value)}
          >
            {draft.type === 'adjust' && <option value="adjust">{KIND_LABELS.adjust}</option>}
            {FORM_KINDS.map((k) => (
              <option key={k} value={k}>
                {FORM_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tx-at">Date and time</label>
          <input
            id="tx-at"
            className="input"
            type="datetime-local"
            value={draft.at}
            onChange={(e) => set('at')(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="tx-quantity">Quantity</label>
          <NumberInput id="tx-quantity" value={draft.quantity} onChange={set('quantity')} />
        </div>
        <div className="field">
          <label htmlFor="tx-price">
            {draft.type === 'income' ? 'Value per coin that day' : 'Price per coin'} ({unit})
          </label>
          <NumberInput id="tx-price" value={draft.pricePerCoin} onChange={set('pricePerCoin')} />
        </div>
        <div className="field">
          <label htmlFor="tx-fee">Fee ({unit}, optional)</label>
          <NumberInput id="tx-fee" value={draft.fee} onChange={set('fee')} />
        </div>
        <div className="field hd-form-note">
          <label htmlFor="tx-note">Note (optional)</label>
          <input
            id="tx-note"
            className="input"
            value={draft.note}
            maxLength={500}
            onChange={(e) => set('note')(e.target.value)}
          />
        </div>
      </div>
      {message && (
        <p className="banner banner-error" role="alert">
          {message}
        </p>
      )}
      <div className="hd-form-actions">
        <button type="button" className="btn" onClick={onDone} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : editing.mode === 'edit' ? 'Save changes' : 'Add transaction'}
        </button>
      </div>
    </form>
  );
}
