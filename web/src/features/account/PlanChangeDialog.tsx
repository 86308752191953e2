import { findPlan, type PlanChangePreviewResponse, type PlanId } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { confirmPlanChange, previewPlanChange } from '../billing/billing-api.ts';
import { showBillingNotice } from '../billing/billing-notice.ts';
import { useBilling } from '../billing/billing-store.ts';
import { allowanceText, count, day, dollars, downgradeConsequences } from './plan-change-text.ts';

export interface PlanChangeDialogProps {
  /** The plan to move to; null: closed. */
  planId: PlanId | null;
  onClose: () => void;
  /** After the change went through (billing info already updated). */
  onChanged: (planId: PlanId) => void;
}

type Preview =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; preview: PlanChangePreviewResponse };

/**
 * The confirmation of a plan change, in the app's own dialog: what changes (plan,
 * allowances, when), what is charged now from the payment provider's proration preview, and for a downgrade
 * what happens to what was already used. Confirming sends the preview's `effectiveAt`, so the charge is the
 * one shown.
 */
export function PlanChangeDialog({ planId, onClose, onChanged }: PlanChangeDialogProps) {
  const [state, setState] = useState<Preview>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!planId) return;
    let live = true;
    setState({ status: 'loading' });
    setError(null);
    previewPlanChange(planId).then(
      (preview) => live && setState({ status: 'ready', preview }),
      (failure: unknown) =>
        live && setState({ status: 'error', message: `Failed to load the price: ${errorMessage(failure)}` }),
    );
    return () => {
      live = false;
    };
  }, [planId]);

  const preview = state.status === 'ready' ? state.preview : null;
  const up = preview ? preview.direction === 'upgrade' : true;
  const name = findPlan(planId)?.name ?? '';

  const confirm = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      const done = await confirmPlanChange(preview.planId, preview.effectiveAt);
      useBilling.setState({ status: 'ready', info: done.billing, error: null });
      showBillingNotice('success', done.message);
      setBusy(false);
      onChanged(preview.planId);
    } catch (failure) {
      setBusy(false);
      setError(`Failed to change plan: ${errorMessage(failure)}`);
    }
  };

  return (
    <Dialog
      open={planId !== null}
      title={preview ? `${up ? 'Upgrade' : 'Downgrade'} to ${preview.plan}?` : `Change to ${name}?`}
      busy={busy}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Keep my plan
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={confirm}
            disabled={busy || !preview}
            aria-busy={busy}
          >
            {busy ? 'Changing plan...' : `Confirm ${up ? 'upgrade' : 'downgrade'}`}
          </button>
        </>
      }
    >
      <ErrorBanner message={error} onClose={() => setError(null)} />
      {state.status === 'loading' && (
        <span className="spinner" role="status" aria-label="Loading the price of this change" />
      )}
      {state.status === 'error' && <p className="banner banner-error">{state.message}</p>}
      {preview && <PreviewBody preview={preview} />}
    </Dialog>
  );
}

function PreviewBody({ preview }: { preview: PlanChangePreviewResponse }) {
  const from = findPlan(preview.fromPlanId);
  const to = preview.allowances;
  const up = preview.direction === 'upgrade';
  const consequences = up ? [] : downgradeConsequences(preview);
  return (
    <div className="plan-change-preview">
      <dl className="plan-change-facts">
        <dt>Plan</dt>
        <dd>
          {preview.fromPlan} → <strong>{preview.plan}</strong>
        </dd>
        <dt>Alerts</dt>
        <dd>
          {from &&
            `${allowanceText({ total: from.features.totalAlerts, sms: from.features.smsAlerts, email: from.features.emailAlerts })} → `}
          <strong>{allowanceText(to.notifications)}</strong>
        </dd>
        <dt>Alerts set up at once</dt>
        <dd>
          {from && `${count(from.setupCap)} → `}
          <strong>{count(to.setupCap)}</strong>
        </dd>
        <dt>Takes effect</dt>
        <dd>Now ({day(preview.effectiveAt)})</dd>
        <dt>Charged now</dt>
        <dd>
          <strong data-testid="amount-due-now">{dollars(preview.amountDueNow)}</strong>
        </dd>
      </dl>
      {up ? (
        <p>
          {dollars(preview.amountDueNow)} is the price of {preview.plan} for the rest of this billing period,
          less what is left of {preview.fromPlan}. From {day(preview.periodEnd)} you pay{' '}
          {dollars(preview.nextInvoiceAmount)} a month.
        </p>
      ) : (
        <p>
          Nothing is charged now. The unused time on {preview.fromPlan}, less {preview.plan} for the rest of
          this period, is a credit of {dollars(preview.creditToNextInvoice)} that comes off your next invoice
          on {day(preview.periodEnd)}, which will be {dollars(preview.nextInvoiceAmount)}.
          {leftOver(preview) > 0 &&
            ` The ${dollars(leftOver(preview))} left over stays as credit for the invoices after that.`}
        </p>
      )}
      {consequences.length > 0 && (
        <ul className="banner banner-warn plan-change-consequences">
          {consequences.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <details className="plan-change-lines">
        <summary>Invoice lines</summary>
        <table>
          <tbody>
            {preview.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.description}</td>
                <td className="num">{dollars(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/** Credit beyond the next invoice (a downgrade early in the period): the provider keeps it for later ones. */
function leftOver(preview: PlanChangePreviewResponse): number {
  const price = Math.round((findPlan(preview.planId)?.price ?? 0) * 100);
  return Math.max(0, preview.creditToNextInvoice - price);
}
