import type { BillingInfo } from '@coinpace/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageBanner } from './UsageBanner.tsx';

const info = (remaining: number, plan: BillingInfo['plan'] = 'Token Run'): BillingInfo => ({
  plan,
  planStatus: 'active',
  accountStatus: plan === 'None' ? 'Pending' : 'Active',
  isInTrial: false,
  daysRemaining: 9,
  cancelAtPeriodEnd: false,
  billingCycleEnd: null,
  planLimits: { totalAlerts: 200, smsAlerts: 100, emailAlerts: 100 },
  alertUsage: { alertsSent: 200 - remaining, remaining },
});

describe('UsageBanner', () => {
  afterEach(cleanup);

  it.each([
    [6, 'ok'],
    [5, 'warning'],
    [0, 'critical'],
  ])('%i remaining is %s, with remaining/total and days remaining', (remaining, level) => {
    render(<UsageBanner billing={info(remaining)} onUpgrade={() => {}} />);
    const banner = screen.getByRole('status');
    expect(banner.getAttribute('data-level')).toBe(level);
    expect(banner.textContent).toContain(
      `${remaining}/200 alerts remaining this billing period (Token Run) · 9 days remaining`,
    );
    expect(banner.textContent?.includes('used all of your alerts for this billing period')).toBe(
      level === 'critical',
    );
  });

  it('counts each channel: one used up warns that alerts go out on the other only (issue 15)', () => {
    render(
      <UsageBanner billing={info(100)} left={{ total: 100, email: 0, sms: 100 }} onUpgrade={() => {}} />,
    );
    const banner = screen.getByRole('status');
    expect(banner.getAttribute('data-level')).toBe('warning');
    expect(banner.textContent).toContain('E-mail: 0/100 left');
    expect(banner.textContent).toContain('No e-mail alerts left. Alerts go out by SMS only');
  });

  it('says Alert Limit Reached when neither channel can send, though the total shows some left', () => {
    render(<UsageBanner billing={info(10)} left={{ total: 10, email: 0, sms: 0 }} onUpgrade={() => {}} />);
    const banner = screen.getByRole('status');
    expect(banner.getAttribute('data-level')).toBe('critical');
    expect(banner.textContent).toContain('Alert Limit Reached.');
  });

  it('without a plan offers the plans', () => {
    render(<UsageBanner billing={info(0, 'None')} onUpgrade={() => {}} />);
    expect(screen.getByRole('button', { name: 'View Plans & Upgrade' })).toBeTruthy();
  });
});
