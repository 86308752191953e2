import { channelName, type BillingInfo, type Channel } from '@coinpace/domain';
import { usageLevel, usedUpChannels, type AllowanceLeft } from './alert-ui.ts';

const CHANNELS: readonly Channel[] = ['email', 'sms'];
const LABELS: Record<Channel, string> = { email: 'E-mail', sms: 'SMS' };

/**
 * The usage banner (SPEC.md sections 2 and 9): what is left of this billing period's notifications and
 * the days remaining; warning style at 5 or fewer remaining, critical at 0 or less. With each channel's
 * figures (a plan's 50 notifications are 25 e-mail and 25 SMS), one line per channel, each saying
 * remaining/total and whether that channel reached its limit: a channel's own cap is what stops its
 * messages, so a total beside them ('24/50 remaining' while both channels are used up) would contradict
 * them. 'Alert Limit Reached' only when no channel can send.
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
  const level = usageLevel(remaining, left);
  const usedUp = left ? usedUpChannels(left) : [];
  const className = `banner usage-banner ${level === 'ok' ? 'banner-info' : level === 'warning' ? 'banner-warn is-warning' : 'is-critical'}`;
  return (
    <div className={className} role="status" data-level={level}>
      <div className="banner-body">
        {left ? <ChannelLines billing={billing} left={left} /> : <TotalLine billing={billing} />}
        {level === 'critical' && (!left || usedUp.length === CHANNELS.length) && (
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
      </div>
      {level !== 'ok' && (
        <button type="button" className="btn btn-sm" onClick={onUpgrade}>
          Upgrade
        </button>
      )}
    </div>
  );
}

/** The plan's days left, then one line per channel: 'E-mail: 0/25 left · Limit reached'. */
function ChannelLines({ billing, left }: { billing: BillingInfo; left: AllowanceLeft }) {
  const limits = { email: billing.planLimits.emailAlerts, sms: billing.planLimits.smsAlerts };
  return (
    <>
      <div>
        Alerts this billing period ({billing.plan}) · {billing.daysRemaining} days remaining
      </div>
      <ul className="usage-channels" data-testid="usage-channels">
        {CHANNELS.map((channel) => (
          <li key={channel} data-channel={channel} className={left[channel] <= 0 ? 'is-used-up' : undefined}>
            <span>
              {LABELS[channel]}: <strong>{left[channel]}</strong>/{limits[channel]} left
            </span>
            {left[channel] <= 0 && <strong className="usage-limit"> · Limit reached</strong>}
            <Meter used={limits[channel] - left[channel]} of={limits[channel]} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Without the channels' figures: remaining/total notifications (SPEC.md section 9). */
function TotalLine({ billing }: { billing: BillingInfo }) {
  const { remaining } = billing.alertUsage;
  const total = billing.planLimits.totalAlerts;
  return (
    <>
      <div>
        <strong>
          {remaining}/{total}
        </strong>{' '}
        alerts remaining this billing period ({billing.plan}) · {billing.daysRemaining} days remaining
      </div>
      <Meter used={total - remaining} of={total} />
    </>
  );
}

function Meter({ used, of }: { used: number; of: number }) {
  const width = of > 0 ? Math.max(0, Math.min(100, (used / of) * 100)) : 100;
  return (
    <span className="usage-meter" aria-hidden="true">
      <span style={{ width: `${width}%` }} />
    </span>
  );
}

/** 'Only 3 alerts left this period.', or by channel 'Only 2 SMS alerts left this period.' */
function lowText(remaining: number, left: AllowanceLeft | null): string {
  if (!left) return `Only ${remaining} alerts left this period.`;
  const low = CHANNELS.filter((channel) => left[channel] <= 5);
  return `Only ${low.map((channel) => `${left[channel]} ${channelName(channel)}`).join(' and ')} alerts left this period.`;
}
