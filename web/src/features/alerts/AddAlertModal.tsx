import {
  methodAllowance,
  portfolioRuleLabel,
  type Channel,
  type DisplayCurrency,
  type HoldingRow,
} from '@coinpace/domain';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { userLocale } from '../../lib/locale.ts';
import { useMoney } from '../currency/currency-store.ts';
import { AlertFields } from './AlertFields.tsx';
import { PortfolioKindFields } from './PortfolioKindFields.tsx';
import { PortfolioPicker } from './PortfolioPicker.tsx';
import { emptyKindForm, toKindPayload, validateKindForm, type KindForm } from './kind-form.ts';
import { WatchlistSearch } from './WatchlistSearch.tsx';
import {
  alertCount,
  effectiveKind,
  emptyForm,
  toCreatePayload,
  extraChannelsOf,
  validateForm,
  type AlertForm,
} from './alert-form.ts';
import { previewAlert } from './alert-preview.ts';
import { methodOf, type AllowanceLeft } from './alert-ui.ts';
import { createAlerts, type MissingItem } from './alerts-store.ts';

export interface AddAlertModalProps {
  open: boolean;
  holdings: readonly HoldingRow[];
  /** Holding ids to preselect (the ?coin= parameter). */
  preselect: string[];
  /** Notifications left this period per channel; null when not known. */
  left?: AllowanceLeft | null;
  busy: boolean;
  onClose: () => void;
  /**
   * Called with the server's error code when it refused (plan, allowance, profile and what it lacks),
   * or with ALERT_LIMIT_REACHED when every chosen channel is used up, before asking the server.
   */
  onRefused: (code: string | undefined, missing?: MissingItem[], usedUp?: Channel[]) => void;
}

const TABS = ['portfolio', 'watchlist', 'kinds'] as const;
const TAB_LABELS: Record<(typeof TABS)[number], string> = {
  portfolio: 'My Portfolio',
  watchlist: 'Watch List',
  kinds: 'Portfolio',
};

/** The 'Add Price Alert' modal with its 'My Portfolio' and 'Watch List' tabs (SPEC.md section 2). */
export function AddAlertModal({
  open,
  holdings,
  preselect,
  left = null,
  busy,
  onClose,
  onRefused,
}: AddAlertModalProps) {
  const [form, setForm] = useState<AlertForm>(() => emptyForm(preselect));
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<(typeof TABS)[number]>('portfolio');
  const [kindForm, setKindForm] = useState<KindForm>(emptyKindForm);
  const preselectKey = preselect.join(',');

  useEffect(() => {
    if (open) {
      setForm(emptyForm(preselectKey ? preselectKey.split(',') : []));
      setKindForm(emptyKindForm());
      setTab('portfolio');
      setError(null);
    }
  }, [open, preselectKey]);

  // A message about the form goes away as soon as the user changes it.
  const change = (patch: Partial<AlertForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };
  const locale = userLocale();
  const ids = useId();
  const chooseTab = (next: (typeof TABS)[number]) => {
    setTab(next);
    if (next !== 'kinds')
      setForm((f) => ({ ...f, tab: next, kind: next === 'watchlist' ? 'price' : f.kind }));
    setError(null);
  };
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const at = TABS.indexOf(tab);
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
  // An alert is set in the display currency: a price is typed in it and the preview speaks it.
  const money = useMoney();
  const preview = previewAlert(form, holdings, locale, money);
  const holdsNow = tab !== 'kinds' && preview.holdsNow.length > 0;

  async function submitKind() {
    const method = methodOf(form);
    const problem = validateKindForm(kindForm, method);
    if (problem || !method) return setError(problem);
    setError(null);
    const allowance = left ? methodAllowance(method, left) : null;
    if (allowance?.state === 'blocked') return onRefused('ALERT_LIMIT_REACHED', undefined, allowance.usedUp);
    const payload = toKindPayload(
      kindForm,
      {
        notificationMethod: method,
        resetInterval: form.resetInterval,
        ...(extraChannelsOf(form).length > 0 && { channels: extraChannelsOf(form) }),
      },
      money.currency,
    );
    const result = await createAlerts(payload);
    if (result.ok) return onClose();
    if (
      result.code === 'PLAN_REQUIRED' ||
      result.code === 'ALERT_LIMIT_REACHED' ||
      result.code === 'PROFILE_INCOMPLETE'
    ) {
      onRefused(result.code, result.missing, result.usedUp);
    }
    setError(result.message);
  }

  async function submit() {
    if (tab === 'kinds') return submitKind();
    const problem = validateForm(form, locale);
    if (problem) return setError(problem);
    setError(null);
    // Channels with nothing left would send nothing: 'Alert Limit Reached' for them.
    const method = methodOf(form);
    const allowance = method && left ? methodAllowance(method, left) : null;
    if (allowance?.state === 'blocked') return onRefused('ALERT_LIMIT_REACHED', undefined, allowance.usedUp);
    const result = await createAlerts(toCreatePayload(form, locale, money.currency));
    if (result.ok) return onClose();
    if (
      result.code === 'PLAN_REQUIRED' ||
      result.code === 'ALERT_LIMIT_REACHED' ||
      result.code === 'PROFILE_INCOMPLETE'
    ) {
      onRefused(result.code, result.missing, result.usedUp);
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
            {busy
              ? 'Creating...'
              : holdsNow
                ? 'Create and notify now'
                : tab !== 'kinds' && count > 1
                  ? `Create ${count} Alerts`
                  : 'Create Alert'}
          </button>
        </>
      }
    >
      <div className="tabs" role="tablist" aria-label="Set the alert on">
        {TABS.map((t) => (
          <button
            key={t}
            id={`${ids}-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`${ids}-panel`}
            // One tab stop for the tab list; arrow keys move between tabs (WAI-ARIA tabs pattern).
            tabIndex={tab === t ? 0 : -1}
            onClick={() => chooseTab(t)}
            onKeyDown={onTabKey}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${tab}`}>
        {tab === 'kinds' ? (
          <PortfolioKindFields
            form={kindForm}
            holdings={holdings}
            onChange={(next) => {
              setKindForm(next);
              setError(null);
            }}
          />
        ) : tab === 'portfolio' ? (
          <PortfolioPicker form={form} holdings={holdings} onChange={change} />
        ) : (
          <WatchlistSearch selected={form.watchCoin} onSelect={(watchCoin) => change({ watchCoin })} />
        )}
      </div>
      <AlertFields form={form} left={left} deliveryOnly={tab === 'kinds'} onChange={change} />
      {tab === 'kinds' ? (
        <div className="preview" aria-live="polite">
          <ul>
            <li>{kindPreview(kindForm, holdings, money.currency)}</li>
          </ul>
        </div>
      ) : (
        <div className="preview" aria-live="polite">
          <ul>
            {preview.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {holdsNow && (
        <div className="banner banner-warn holds-now" role="note" data-testid="holds-now">
          <div className="banner-body">
            <strong>Already true now for {preview.holdsNow.join(', ')}.</strong> An alert fires as soon as its
            condition holds, so {preview.holdsNow.length === 1 ? 'this alert' : 'these alerts'} will fire at
            the next price update (usually within a minute) and use{' '}
            {preview.holdsNow.length === 1 ? 'a notification' : 'notifications'}
            {left ? ` (${left.total} left this period)` : ''}. To hear about a further move, choose{' '}
            {furtherMove(effectiveKind(form), form.condition)}.
          </div>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert" style={{ marginTop: 'var(--space-3)', color: 'var(--loss)' }}>
          {error}
        </p>
      )}
    </Dialog>
  );
}

/** How to set an alert that is not already true: 'a higher price', 'a larger loss', ... */
function furtherMove(kind: 'price' | 'percentage', condition: 'above' | 'below'): string {
  if (kind === 'price') return condition === 'above' ? 'a higher price' : 'a lower price';
  return condition === 'above' ? 'a larger gain' : 'a larger loss';
}

/** The alert the 'Portfolio' group would set, in the list's words. */
function kindPreview(form: KindForm, holdings: readonly HoldingRow[], currency: DisplayCurrency): string {
  const value = Number(form.value.replace(/,/g, ''));
  if (!(value > 0)) return 'Enter a value to see the alert.';
  return portfolioRuleLabel({
    scope: form.kind,
    thresholdType: form.thresholdType,
    thresholdValue: value,
    measure: form.kind === 'holding_pnl' ? form.measure : null,
    coinSymbol: holdings.find((h) => h.id === form.holdingId)?.symbol ?? null,
    currency,
  });
}
