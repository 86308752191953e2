import type { BillingInfo } from '@coinpace/domain';
import { usageLevel } from './alert-ui.ts';

/**
 * The usage banner (SPEC.md sections 2 and 9): remaining/total notifications of this billing period and
 * the days remaining; warning style at 5 or fewer remaining, critical at 0 or less.
 */
export function UsageBanner({ billing, onUpgrade }: { billing: BillingInfo | null; onUpgrade: () => void }) {
  if (!billing) return null;
  if (billing.plan === 'None' || billing.accountStatus === 'Pending') {
    return (
      <div className="banner banner-info usage-banner" role="status">
        <div className="banner-body">Alerts need a paid plan. Choose one to get e-mail and SMS alerts.</div>
        <button type="button" className="btn btn-primary btn-sm" onClick={onUpgrade}>
          View Plans &amp; Upgrade
        </button>
      </div>
    );
  }
  const { remaining } = billing.alertUsage;
  const total = billing.planLimits.totalAlerts;
  const level = usageLevel(remaining);
  const used = total > 0 ? Math.min(100, ((total - remaining) / total) * 100) : 100;
  const className = `banner usage-banner ${level === 'ok' ? 'banner-info' : level === 'warning' ? 'banner-warn is-warning' : 'is-critical'}`;
  return (
    <div className={className} role="status" data-level={level}>
      <div className="banner-body">
        <div>
          <strong>
            {remaining}/{total}
          </strong>{' '}
          alerts remaining this billing period ({billing.plan}) · {billing.daysRemaining} days remaining
        </div>
        {level === 'critical' && (
          <div>
            You have used all of your alerts for this billing period. Upgrade your plan or wait for your next
            billing cycle.
          </div>
        )}
        {level === 'warning' && <div>Only {remaining} alerts left this period.</div>}
        <div className="usage-meter" aria-hidden="true">
          <span style={{ width: `${used}%` }} />
        </div>
      </div>
      {level !== 'ok' && (
        <button type="button" className="btn btn-sm" onClick={onUpgrade}>
          Upgrade
        </button>
      )}
    </div>
  );
}
