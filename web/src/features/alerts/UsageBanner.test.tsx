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

  it('without a plan offers the plans', () => {
    render(<UsageBanner billing={info(0, 'None')} onUpgrade={() => {}} />);
    expect(screen.getByRole('button', { name: 'View Plans & Upgrade' })).toBeTruthy();
  });
});
