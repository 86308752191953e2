import { coinsAddedText, trackedTotalText, type PlanView } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { useBilling } from './billing-store.ts';
import { choosePlan, type ChoosePlanDeps } from './choose-plan.ts';
import { PlanCard } from './PlanCard.tsx';
import { loadPlans, usePlans } from './plans-store.ts';
import { closePricingModal, usePricingModal } from './pricing-modal-store.ts';
import './pricing.css';

/**
 * The pricing modal (SPEC.md sections 2 and 4), rendered once by the dashboard shell and opened from anywhere
 * with `openPricingModal(coinsAdded)`. While one card's checkout runs, it shows 'Processing...' and the
 * others are disabled.
 */
export function PricingModal({ checkout }: { checkout?: ChoosePlanDeps }) {
  const { open, coinsAdded, coinsTracked } = usePricingModal();
  const { status, plans, error: loadError } = usePlans();
  const currentPlan = useBilling((s) => s.info?.plan);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setError(null);
      void loadPlans();
    }
  }, [open]);

  const onChoose = async (plan: PlanView) => {
    setBusy(plan.id);
    setError(null);
    const result = await choosePlan(plan, checkout);
    // A redirect leaves the page: keep the card busy until it does.
    if (result.kind === 'redirected') return;
    setBusy(null);
    if (result.kind === 'error') setError(result.message);
    else closePricingModal();
  };

  const added = coinsAdded ?? 0;
  return (
    <Dialog
      open={open}
      wide
      busy={busy !== null}
      title={added > 0 ? 'Congratulations!' : 'Choose your plan'}
      onClose={closePricingModal}
      footer={
        <button type="button" className="btn btn-ghost" onClick={closePricingModal} disabled={busy !== null}>
          Skip for now
        </button>
      }
    >
      {added > 0 && <p className="pricing-lead">{coinsAddedText(added)}</p>}
      {added > 0 && coinsTracked !== null && coinsTracked > 0 && (
        <p className="muted">{trackedTotalText(coinsTracked)}</p>
      )}
      <p className="muted">To monitor your portfolio with alerts, choose a plan:</p>
      <ErrorBanner message={error ?? loadError} onClose={() => setError(null)} />
      {status === 'loading' && plans.length === 0 ? (
        <div className="pricing-loading" role="status">
          <span className="spinner spinner-lg" aria-label="Loading plans" />
        </div>
      ) : (
        <div className="plan-grid">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              busy={busy === plan.id}
              disabled={busy !== null && busy !== plan.id}
              current={currentPlan === plan.name}
              onChoose={onChoose}
            />
          ))}
        </div>
      )}
      <div className="pricing-notes muted">
        <p>All plans are billed monthly. You can upgrade, downgrade, or cancel anytime.</p>
        <p>Each alert counts toward your monthly allowance regardless of delivery method (SMS or Email).</p>
      </div>
    </Dialog>
  );
}
