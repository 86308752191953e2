/** Test support for the alerts feature: server alerts with defaults. Not used by production code. */
import type { AlertStats, AlertView, BillingInfo } from '@coinpace/domain';

/** A watch-list Above alert on BTC, with `over` applied. */
export function alertView(over: Partial<AlertView> = {}): AlertView {
  return {
    _id: 'a1',
    id: 'a1',
    type: 'WatchlistPrice',
    scope: 'coin',
    coinId: { id: 'bitcoin', name: 'Bitcoin', shortname: 'BTC', image: null, currentPrice: 40000 },
    coinSymbol: 'BTC',
    portfolioItemId: null,
    thresholdType: 'Above',
    thresholdValue: 50000,
    notificationMethod: 'Both',
    channels: [],
    status: 'Active',
    pausedBy: null,
    lastTriggered: null,
    resetInterval: '1week',
    direction: 'above',
    currency: 'usd',
    triggerPrice: 50000,
    referenceValue: null,
    currentPrice: 40000,
    measure: null,
    highWater: null,
    distancePercent: 25,
    lifecycle: { state: 'ready', cooldownUntil: null },
    origin: 'user',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** Billing of an active Coinpace plan with `sent` of its 50 notifications used. */
export const activeBilling = (sent = 0): BillingInfo => ({
  plan: 'Coinpace',
  planStatus: 'active',
  accountStatus: 'Active',
  isInTrial: false,
  daysRemaining: 12,
  cancelAtPeriodEnd: false,
  billingCycleEnd: null,
  planLimits: { totalAlerts: 50, smsAlerts: 25, emailAlerts: 25 },
  alertUsage: { alertsSent: sent, remaining: 50 - sent },
});

/** Stats of that plan with `email` and `sms` notifications sent this period. */
export const statsWith = (email: number, sms: number): AlertStats => {
  const sent = Math.max(email, sms);
  const total = 50 - sent;
  return {
    total: 1,
    byStatus: { Active: 1, Paused: 0 },
    pausedBy: { user: 0, trigger: 0 },
    byType: { WatchlistPrice: 1, PortfolioGainLoss: 0 },
    byThresholdType: { Above: 1, Below: 0, Gain: 0, Loss: 0 },
    byScope: {
      coin: 1,
      all_coins: 0,
      portfolio: 0,
      portfolio_value: 0,
      drawdown: 0,
      holding_pnl: 0,
      allocation: 0,
      movement: 0,
      sync_problem: 0,
    },
    setup: { count: 1, cap: 200 },
    notifications: {
      sent,
      limit: 50,
      remaining: total,
      email: { sent: email, limit: 25, remaining: Math.min(total, 25 - email) },
      sms: { sent: sms, limit: 25, remaining: Math.min(total, 25 - sms) },
      skipped: 0,
      failed: 0,
    },
    period: { start: null, end: null },
    lastTriggered: null,
  };
};
