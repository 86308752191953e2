import type { PlanView } from '@coinpace/domain';

export interface PlanCardProps {
  plan: PlanView;
  /** This card's checkout is running: 'Processing...' with a spinner. */
  busy: boolean;
  /** Another card's checkout is running. */
  disabled: boolean;
  /** The user's plan in force. */
  current: boolean;
  onChoose: (plan: PlanView) => void;
}

const price = (amount: number) => `$${amount.toFixed(2)}`;

/** One plan on the pricing modal (SPEC.md section 2): name, monthly price, allowance, features, popular flag. */
export function PlanCard({ plan, busy, disabled, current, onChoose }: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <article
      className={`plan-card${plan.popular ? ' plan-card-popular' : ''}`}
      aria-labelledby={titleId}
      data-plan={plan.id}
    >
      <div className="plan-card-flags">
        {plan.popular && <span className="badge badge-accent">Most Popular</span>}
        {current && <span className="badge badge-gain">Current plan</span>}
      </div>
      <h3 id={titleId}>{plan.name}</h3>
      <p className="plan-price">
        <strong>{price(plan.price)}</strong>
        <span className="muted">/month</span>
      </p>
      <p className="plan-allowance">
        <strong>{plan.features.totalAlerts.toLocaleString('en-US')} total alerts</strong>
        <span className="muted">SMS &amp; Email</span>
      </p>
      <ul className="plan-features">
        {plan.features.additionalFeatures.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <button
        type="button"
        className={`btn ${plan.popular ? 'btn-primary' : ''} plan-choose`}
        disabled={busy || disabled}
        aria-busy={busy}
        onClick={() => onChoose(plan)}
      >
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" /> Processing...
          </>
        ) : (
          `Choose ${plan.name}`
        )}
      </button>
    </article>
  );
}
