import { planByName, type BillingInfo } from '@coinpace/domain';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { useBilling } from '../billing/billing-store.ts';
import { openPricingModal } from '../billing/pricing-modal-store.ts';
import { cancelPlan, formatBillingDate, reactivatePlan } from '../billing/subscription-actions.ts';
import { PlanChangePicker } from './PlanChangePicker.tsx';

/**
 * The account screen's plan (SPEC.md section 4, Subscription): no plan, pending or trial shows the plan
 * picker; an active plan shows Cancel Plan; a cancelled one 'Access until' and Reactivate Plan. A plan in
 * force is changed in PlanChangePicker (every plan, Upgrade and Downgrade, each confirmed with its price,
 *); without one, plans are chosen in the pricing modal.
 */
export function PlanSection() {
  const { status, info, error } = useBilling();
  return (
    <section className="card account-section" aria-labelledby="plan-title">
      <h2 id="plan-title">Your plan</h2>
      <ErrorBanner message={error} onClose={() => useBilling.setState({ error: null })} />
      {!info ? (
        <span className="spinner" role="status" aria-label="Loading billing information" />
      ) : showsPicker(info) ? (
        <PlanPicker info={info} />
      ) : (
        <CurrentPlan info={info} busy={status === 'loading'} />
      )}
    </section>
  );
}

function showsPicker(info: BillingInfo): boolean {
  return info.plan === 'None' || info.accountStatus === 'Pending' || info.isInTrial;
}

function PlanPicker({ info }: { info: BillingInfo }) {
  return (
    <div className="plan-picker">
      {info.isInTrial ? (
        <p>
          You are on a trial of <strong>{info.plan}</strong>: {info.daysRemaining} day
          {info.daysRemaining === 1 ? '' : 's'} left. Choose a plan to keep your alerts running.
        </p>
      ) : (
        <p>
          {info.planStatus === 'pending'
            ? 'Your checkout was not completed, so you have no plan yet.'
            : 'You have no plan yet.'}{' '}
          Price and gain/loss alerts by e-mail and SMS need a paid plan.
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={() => openPricingModal()}>
        Choose a Plan
      </button>
    </div>
  );
}

function CurrentPlan({ info, busy }: { info: BillingInfo; busy: boolean }) {
  const plan = planByName(info.plan);
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const end = formatBillingDate(info.billingCycleEnd);

  const run = async (action: () => Promise<boolean>) => {
    setWorking(true);
    await action();
    setWorking(false);
    setConfirming(false);
  };

  return (
    <div className="current-plan">
      <div className="current-plan-head">
        <div>
          <p className="current-plan-name">
            <strong>{info.plan}</strong>
            {plan && <span className="muted"> ${plan.price.toFixed(2)}/month</span>}
          </p>
          <span className={`badge ${info.accountStatus === 'PastDue' ? 'badge-loss' : 'badge-gain'}`}>
            {info.accountStatus === 'PastDue' ? 'Payment due' : 'Active'}
          </span>
        </div>
      </div>
      {info.accountStatus === 'PastDue' && (
        <p className="banner banner-warn">
          Your last payment did not go through. Please update your card; your alerts keep running meanwhile.
        </p>
      )}
      <p className="muted">
        {info.alertUsage.alertsSent.toLocaleString('en-US')} of{' '}
        {info.planLimits.totalAlerts.toLocaleString('en-US')} alerts used this billing period (
        {info.alertUsage.remaining.toLocaleString('en-US')} left, {info.daysRemaining} day
        {info.daysRemaining === 1 ? '' : 's'} remaining).
      </p>
      {info.cancelAtPeriodEnd ? (
        <div className="plan-actions">
          <p>
            Access until <strong>{end}</strong>
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={working || busy}
            onClick={() => run(reactivatePlan)}
          >
            {working ? 'Reactivating...' : 'Reactivate Plan'}
          </button>
        </div>
      ) : (
        <div className="plan-actions">
          {end && <p>Renews on {end}</p>}
          <button
            type="button"
            className="btn btn-danger"
            disabled={working || busy}
            onClick={() => setConfirming(true)}
          >
            Cancel Plan
          </button>
        </div>
      )}
      {plan && <PlanChangePicker currentId={plan.id} locked={info.cancelAtPeriodEnd} />}
      <Dialog
        open={confirming}
        title="Cancel your plan?"
        busy={working}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <button type="button" className="btn" disabled={working} onClick={() => setConfirming(false)}>
              Keep my plan
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={working}
              onClick={() => run(cancelPlan)}
            >
              {working ? 'Cancelling...' : 'Cancel Plan'}
            </button>
          </>
        }
      >
        <p>
          You keep {info.plan} and its alerts until {end || 'the end of this billing period'}. After that your
          alerts stop; you can reactivate before then.
        </p>
      </Dialog>
    </div>
  );
}
