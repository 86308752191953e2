import { MAX_REPORT_NOTE_LENGTH } from '@coinpace/domain';
import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { reportHolding } from './portfolio-actions.ts';
import { usePortfolio } from './portfolio-store.ts';
import { closeReport, useTable } from './table-store.ts';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Report Error (SPEC.md section 2, row menu): before the report goes to support the user can say what
 * is wrong, up to MAX_REPORT_NOTE_LENGTH characters, which the API checks too. The
 * holding's details go with it either way; SPEC.md's success or failure text follows in the banner.
 */
export function ReportErrorDialog() {
  const id = useTable((s) => s.reportFor);
  const symbol = usePortfolio((s) => (id ? s.byId[id]?.symbol : undefined));
  const sending = useTable((s) => (id ? Boolean(s.reporting[id]) : false));
  // What was typed, for the holding it was typed for: another holding's dialog starts empty.
  const [draft, setDraft] = useState<{ id: string | null; note: string }>({ id: null, note: '' });
  const note = draft.id === id ? draft.note : '';
  const tooLong = note.length > MAX_REPORT_NOTE_LENGTH;
  const ids = useId();

  const send = () => {
    if (!id || tooLong || sending) return;
    void reportHolding(id, note);
    setDraft({ id: null, note: '' });
    closeReport();
  };

  return (
    <Dialog
      open={id !== null}
      title={`Report a problem with ${symbol ?? 'this coin'}`}
      onClose={closeReport}
      footer={
        <>
          <button type="button" className="btn" onClick={closeReport}>
            Cancel
          </button>
          <button
            type="submit"
            form={`${ids}-form`}
            className="btn btn-primary"
            disabled={sending || tooLong}
          >
            {sending ? 'Sending...' : 'Send report'}
          </button>
        </>
      }
    >
      <form
        id={`${ids}-form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <p className="muted">
          The coin's details (symbol, quantity, prices) and your user id go to support. Tell us what looks
          wrong, if you like.
        </p>
        <div className="field">
          <label htmlFor={`${ids}-note`}>What is wrong? (optional)</label>
          <textarea
            id={`${ids}-note`}
            className="textarea"
            rows={4}
            value={note}
            aria-invalid={tooLong || undefined}
            aria-describedby={`${ids}-count`}
            placeholder="For example: the price shown is far from the one on my exchange."
            onChange={(event) => setDraft({ id, note: event.target.value })}
          />
          <span id={`${ids}-count`} className={tooLong ? 'field-error' : 'hint'}>
            {tooLong
              ? `Please shorten your description to ${count(MAX_REPORT_NOTE_LENGTH)} characters (now ${count(note.length)}).`
              : `${count(note.length)}/${count(MAX_REPORT_NOTE_LENGTH)} characters`}
          </span>
        </div>
      </form>
    </Dialog>
  );
}
