import { PLANS, formatUsd } from '@coinpace/domain';

/** The three plans and their alert allowances (SPEC.md section 9), from the shared plan table. */
export function PlansOverview() {
  return (
    <section id="plans" className="section" aria-labelledby="plans-title">
      <div className="section-head">
        <p className="eyebrow">Plans</p>
        <h2 id="plans-title">Pay for alerts, not for tracking features</h2>
        <p className="muted">
          All plans are billed monthly. You can upgrade, downgrade, or cancel anytime. Each alert counts
          toward your monthly allowance regardless of delivery method (SMS or Email).
        </p>
      </div>
      <div className="plan-grid">
        {PLANS.map((plan) => (
          <article key={plan.id} className={`card plan-card${plan.popular ? ' plan-card-popular' : ''}`}>
            <header>
              <h3>{plan.name}</h3>
              {plan.popular && <span className="badge badge-accent">Most popular</span>}
            </header>
            <p className="plan-price">
              <strong className="num">{formatUsd(plan.price)}</strong>
              <span className="muted"> / month</span>
            </p>
            <p className="plan-allowance">
              <strong className="num">{plan.features.totalAlerts.toLocaleString('en-US')}</strong> alerts a
              month, SMS &amp; Email
            </p>
            <ul className="plan-features">
              {plan.features.additionalFeatures.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </section>
  );
}
