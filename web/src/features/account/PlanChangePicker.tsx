import { PLANS, isHigherTier, type Plan, type PlanId } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { PlanChangeDialog } from './PlanChangeDialog.tsx';
import { allowanceText, count } from './plan-change-text.ts';

/**
 * Every plan side by side for a user with a plan in force: the current one marked, the
 * others with Upgrade or Downgrade, each asking first in PlanChangeDialog. While the plan is set to end there
 * is nothing to change: the plans are shown without buttons and a note says to reactivate first.
 */
export function PlanChangePicker({ currentId, locked }: { currentId: PlanId; locked: boolean }) {
  const [changing, setChanging] = useState<PlanId | null>(null);
  const [focusAfter, setFocusAfter] = useState<PlanId | null>(null);

  // The button that opened the dialog is gone once its plan is current: focus goes to that plan instead.
  useEffect(() => {
    if (focusAfter && focusAfter === currentId) {
      document.getElementById(`plan-choice-${focusAfter}`)?.focus();
      setFocusAfter(null);
    }
  }, [focusAfter, currentId]);

  return (
    <div className="plan-change">
      <h3 className="plan-change-title">Change plan</h3>
      {locked && <p className="muted">Your plan is set to end. Reactivate it to change plan.</p>}
      <ul className="plan-change-grid">
        {PLANS.map((plan) => (
          <PlanChoice
            key={plan.id}
            plan={plan}
            currentId={currentId}
            locked={locked}
            onChoose={() => setChanging(plan.id)}
          />
        ))}
      </ul>
      <PlanChangeDialog
        planId={changing}
        onClose={() => setChanging(null)}
        onChanged={(planId) => {
          setChanging(null);
          setFocusAfter(planId);
        }}
      />
    </div>
  );
}

function PlanChoice({
  plan,
  currentId,
  locked,
  onChoose,
}: {
  plan: Plan;
  currentId: PlanId;
  locked: boolean;
  onChoose: () => void;
}) {
  const current = plan.id === currentId;
  const up = isHigherTier(plan.id, currentId);
  const titleId = `plan-choice-${plan.id}`;
  return (
    <li className={`plan-choice${current ? ' plan-choice-current' : ''}`}>
      <h4 id={titleId} tabIndex={-1}>
        {plan.name}
      </h4>
      <p className="plan-choice-price">
        <strong>${plan.price.toFixed(2)}</strong>
        <span className="muted">/month</span>
      </p>
      <p className="muted">
        {allowanceText({
          total: plan.features.totalAlerts,
          sms: plan.features.smsAlerts,
          email: plan.features.emailAlerts,
        })}
        ; up to {count(plan.setupCap)} alerts set up
      </p>
      {current ? (
        <span className="badge badge-gain">Current plan</span>
      ) : (
        !locked && (
          <button
            type="button"
            className={`btn ${up ? 'btn-primary' : ''}`}
            aria-describedby={titleId}
            onClick={onChoose}
          >
            {up ? 'Upgrade' : 'Downgrade'}
          </button>
        )
      )}
    </li>
  );
}
