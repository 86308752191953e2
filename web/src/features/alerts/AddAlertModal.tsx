import type { HoldingRow } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { AlertFields } from './AlertFields.tsx';
import { PortfolioPicker } from './PortfolioPicker.tsx';
import { WatchlistSearch } from './WatchlistSearch.tsx';
import {
  alertCount,
  emptyForm,
  previewLines,
  toCreatePayload,
  validateForm,
  type AlertForm,
} from './alert-form.ts';
import { createAlerts } from './alerts-store.ts';

export interface AddAlertModalProps {
  open: boolean;
  holdings: readonly HoldingRow[];
  /** Holding ids to preselect (the ?coin= parameter). */
  preselect: string[];
  busy: boolean;
  onClose: () => void;
  /** Called with the server's error code when it refused (plan, allowance, profile). */
  onRefused: (code: string | undefined) => void;
}

/** The 'Add Price Alert' modal with its 'My Portfolio' and 'Watch List' tabs (SPEC.md section 2). */
export function AddAlertModal({ open, holdings, preselect, busy, onClose, onRefused }: AddAlertModalProps) {
  const [form, setForm] = useState<AlertForm>(() => emptyForm(preselect));
  const [error, setError] = useState<string | null>(null);
  const preselectKey = preselect.join(',');

  useEffect(() => {
    if (open) {
      setForm(emptyForm(preselectKey ? preselectKey.split(',') : []));
      setError(null);
    }
  }, [open, preselectKey]);

  const change = (patch: Partial<AlertForm>) => setForm((f) => ({ ...f, ...patch }));
  const count = alertCount(form);

  async function submit() {
    const problem = validateForm(form);
    if (problem) return setError(problem);
    setError(null);
    const result = await createAlerts(toCreatePayload(form));
    if (result.ok) return onClose();
    if (
      result.code === 'PLAN_REQUIRED' ||
      result.code === 'ALERT_LIMIT_REACHED' ||
      result.code === 'PROFILE_INCOMPLETE'
    ) {
      onRefused(result.code);
    }
    setError(result.message);
  }

  return (
    <Dialog
      open={open}
      wide
      busy={busy}
      title="Add Price Alert"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Creating...' : count > 1 ? `Create ${count} Alerts` : 'Create Alert'}
          </button>
        </>
      }
    >
      <div className="tabs" role="tablist">
        {(['portfolio', 'watchlist'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={form.tab === tab}
            onClick={() => change({ tab, kind: tab === 'watchlist' ? 'price' : form.kind })}
          >
            {tab === 'portfolio' ? 'My Portfolio' : 'Watch List'}
          </button>
        ))}
      </div>
      {form.tab === 'portfolio' ? (
        <PortfolioPicker form={form} holdings={holdings} onChange={change} />
      ) : (
        <WatchlistSearch selected={form.watchCoin} onSelect={(watchCoin) => change({ watchCoin })} />
      )}
      <AlertFields form={form} onChange={change} />
      <div className="preview" aria-live="polite">
        <ul>
          {previewLines(form, holdings).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {error && (
        <p className="field-error" role="alert" style={{ marginTop: 'var(--space-3)', color: 'var(--loss)' }}>
          {error}
        </p>
      )}
    </Dialog>
  );
}
