import type { HoldingRow } from '@coinpace/domain';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
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
import { createAlerts, type MissingItem } from './alerts-store.ts';

export interface AddAlertModalProps {
  open: boolean;
  holdings: readonly HoldingRow[];
  /** Holding ids to preselect (the ?coin= parameter). */
  preselect: string[];
  busy: boolean;
  onClose: () => void;
  /** Called with the server's error code when it refused (plan, allowance, profile and what it lacks). */
  onRefused: (code: string | undefined, missing?: MissingItem[]) => void;
}

const TABS = ['portfolio', 'watchlist'] as const;

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
  const ids = useId();
  const chooseTab = (tab: AlertForm['tab']) =>
    setForm((f) => ({ ...f, tab, kind: tab === 'watchlist' ? 'price' : f.kind }));
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const at = TABS.indexOf(form.tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(at + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(at - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    chooseTab(next);
    document.getElementById(`${ids}-tab-${next}`)?.focus();
  }
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
      onRefused(result.code, result.missing);
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
      <div className="tabs" role="tablist" aria-label="Set the alert on">
        {TABS.map((tab) => (
          <button
            key={tab}
            id={`${ids}-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={form.tab === tab}
            aria-controls={`${ids}-panel`}
            // One tab stop for the tab list; arrow keys move between tabs (WAI-ARIA tabs pattern).
            tabIndex={form.tab === tab ? 0 : -1}
            onClick={() => chooseTab(tab)}
            onKeyDown={onTabKey}
          >
            {tab === 'portfolio' ? 'My Portfolio' : 'Watch List'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${form.tab}`}>
        {form.tab === 'portfolio' ? (
          <PortfolioPicker form={form} holdings={holdings} onChange={change} />
        ) : (
          <WatchlistSearch selected={form.watchCoin} onSelect={(watchCoin) => change({ watchCoin })} />
        )}
      </div>
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
