import { channelName, type BillingInfo } from '@coinpace/domain';
import { usageLevel, usedUpChannels, type AllowanceLeft } from './alert-ui.ts';

/**
 * The usage banner (SPEC.md sections 2 and 9): remaining/total notifications of this billing period and
 * the days remaining; warning style at 5 or fewer remaining, critical at 0 or less. Each channel's own
 * count too (issue 15 item 1: a plan's 50 notifications are 25 e-mail and 25 SMS), so the banner never
 * says alerts remain while the channel they use sends nothing.
 */
export function UsageBanner({
  billing,
  left = null,
  onUpgrade,
}: {
  billing: BillingInfo | null;
  /** What each channel has left (from the alert stats); null shows the total only. */
  left?: AllowanceLeft | null;
  onUpgrade: () => void;
}) {
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
  const level = usageLevel(remaining, left);
  const usedUp = remaining > 0 ? usedUpChannels(left) : [];
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
        {left && (
          <div className="usage-channels" data-testid="usage-channels">
            <span>
              E-mail: <strong>{left.email}</strong>/{billing.planLimits.emailAlerts} left
            </span>
            <span>
              SMS: <strong>{left.sms}</strong>/{billing.planLimits.smsAlerts} left
            </span>
          </div>
        )}
        {level === 'critical' && (
          <div>
            <strong>Alert Limit Reached.</strong> You have used all of your alerts for this billing period.
            Upgrade your plan or wait for your next billing cycle.
          </div>
        )}
        {usedUp.length === 1 && (
          <div>
            <strong>No {channelName(usedUp[0]!)} alerts left.</strong> Alerts go out by{' '}
            {channelName(usedUp[0] === 'sms' ? 'email' : 'sms')} only until your next billing cycle; an alert
            set to {channelName(usedUp[0]!)} alone sends nothing.
          </div>
        )}
        {level === 'warning' && usedUp.length === 0 && <div>{lowText(remaining, left)}</div>}
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

/** 'Only 3 alerts left this period.', or for one channel running low 'Only 2 SMS alerts left this period.' */
function lowText(remaining: number, left: AllowanceLeft | null): string {
  if (remaining <= 5 || !left) return `Only ${remaining} alerts left this period.`;
  const channel = left.email <= left.sms ? 'email' : 'sms';
  return `Only ${left[channel]} ${channelName(channel)} alerts left this period.`;
}
