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

  /** The banner's line of each channel. */
  const lines = () => screen.getAllByRole('listitem').map((li) => li.textContent);

  it('counts each channel: one used up warns that alerts go out on the other only', () => {
    render(
      <UsageBanner billing={info(100)} left={{ total: 100, email: 0, sms: 100 }} onUpgrade={() => {}} />,
    );
    const banner = screen.getByRole('status');
    expect(banner.getAttribute('data-level')).toBe('warning');
    expect(banner.textContent).toContain('E-mail: 0/100 left');
    expect(banner.textContent).toContain('No e-mail alerts left. Alerts go out by SMS only');
  });

  it('one line per channel with its remaining/total, and the days remaining', () => {
    render(
      <UsageBanner billing={info(150)} left={{ total: 150, email: 70, sms: 80 }} onUpgrade={() => {}} />,
    );
    const banner = screen.getByRole('status');
    expect(banner.getAttribute('data-level')).toBe('ok');
    expect(lines()).toEqual(['E-mail: 70/100 left', 'SMS: 80/100 left']);
    expect(banner.textContent).toContain('Alerts this billing period (Token Run) · 9 days remaining');
    expect(banner.textContent).not.toContain('150/200');
  });

  it('only the channel that reached its limit says so', () => {
    render(<UsageBanner billing={info(75)} left={{ total: 75, email: 0, sms: 75 }} onUpgrade={() => {}} />);
    expect(lines()).toEqual(['E-mail: 0/100 left · Limit reached', 'SMS: 75/100 left']);
    expect(screen.getByRole('status').textContent).not.toContain('Alert Limit Reached');
  });

  it("never says '24/50 remaining' beside 'Alert Limit Reached': both channels used up, each line says so", () => {
    const basic: BillingInfo = {
      ...info(24, 'Coinpace'),
      planLimits: { totalAlerts: 50, smsAlerts: 25, emailAlerts: 25 },
      alertUsage: { alertsSent: 26, remaining: 24 },
    };
    render(<UsageBanner billing={basic} left={{ total: 24, email: 0, sms: 0 }} onUpgrade={() => {}} />);
    const banner = screen.getByRole('status');
    expect(banner.getAttribute('data-level')).toBe('critical');
    expect(banner.textContent).toContain('Alert Limit Reached.');
    expect(banner.textContent).not.toMatch(/24\/50|remaining this billing period/);
    expect(lines()).toEqual(['E-mail: 0/25 left · Limit reached', 'SMS: 0/25 left · Limit reached']);
  });

  it('a channel running low is named with what it has left', () => {
    render(<UsageBanner billing={info(40)} left={{ total: 40, email: 3, sms: 37 }} onUpgrade={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain('Only 3 e-mail alerts left this period.');
  });

  it('without a plan offers the plans', () => {
    render(<UsageBanner billing={info(0, 'None')} onUpgrade={() => {}} />);
    expect(screen.getByRole('button', { name: 'View Plans & Upgrade' })).toBeTruthy();
  });
});
