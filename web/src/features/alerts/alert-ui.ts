/**
 * The alerts screen's view of alerts (SPEC.md section 3, 'Alert (UI)'), the usage banner level, the
 * blocking rules of section 4 and the lifecycle texts, as pure functions of server data.
 */
import {
  PORTFOLIO_TOTAL,
  RESET_INTERVAL_LABELS,
  isPortfolioKind,
  portfolioRuleLabel,
  distanceToTrigger,
  formatPercent,
  formatPriceIn,
  formatUsd,
  type AlertStats,
  type AlertView,
  type BillingInfo,
  type Channel,
  type DisplayCurrency,
  type NotificationMethod,
  type ResetInterval,
} from '@coinpace/domain';

/** SPEC.md 'Alert (UI)', plus what the screen shows beyond it (trigger, lifecycle). */
export interface AlertUi {
  id: string;
  /** Coin name, 'Whole portfolio' or 'All coins'. */
  coin: string;
  /** Upper-case symbol; PORTFOLIO_TOTAL for the whole portfolio. */
  coinSymbol: string;
  coinImage: string | null;
  coingeckoId: string | null;
  type: 'price' | 'percentage';
  condition: 'above' | 'below';
  value: number;
  currentPrice: number | null;
  enabled: boolean;
  isPortfolioCoin: boolean;
  notificationPreferences: { email: boolean; sms: boolean };
  lastAlerted: string | null;
  resetInterval: ResetInterval;
  scope: AlertView['scope'];
  /** The currency the alert was set in: its price, trigger and current price are in it. */
  currency: DisplayCurrency;
  triggerPrice: number | null;
  /** The server's distance to the trigger (the only one a whole-portfolio alert has). */
  distancePercent: number | null;
  lifecycle: AlertView['lifecycle'];
  pausedBy: AlertView['pausedBy'];
  /** A portfolio kind in words ('Portfolio value above €50,000.00', 'Drawdown of 10% from peak'); else null. */
  kindLabel: string | null;
}

/** The UI shape of a server alert. */
export function toAlertUi(view: AlertView): AlertUi {
  const percentage = view.thresholdType === 'Gain' || view.thresholdType === 'Loss';
  return {
    id: view.id,
    coin:
      view.scope === 'portfolio' || (isPortfolioKind(view.scope) && view.coinSymbol === PORTFOLIO_TOTAL)
        ? 'Whole portfolio'
        : view.scope === 'all_coins'
          ? 'All coins'
          : (view.coinId?.name ?? view.coinSymbol),
    coinSymbol: view.coinSymbol,
    coinImage: view.coinId?.image ?? null,
    coingeckoId: view.coinId?.id ?? null,
    type: percentage ? 'percentage' : 'price',
    condition: view.thresholdType === 'Above' || view.thresholdType === 'Gain' ? 'above' : 'below',
    value: view.thresholdValue,
    currentPrice: view.currentPrice,
    enabled: view.status === 'Active',
    isPortfolioCoin: view.type === 'PortfolioGainLoss',
    notificationPreferences: {
      email: view.notificationMethod !== 'SMS',
      sms: view.notificationMethod !== 'Email',
    },
    lastAlerted: view.lastTriggered,
    resetInterval: view.resetInterval,
    scope: view.scope,
    currency: view.currency,
    triggerPrice: view.triggerPrice,
    distancePercent: view.distancePercent,
    lifecycle: view.lifecycle,
    pausedBy: view.pausedBy,
    kindLabel: isPortfolioKind(view.scope)
      ? portfolioRuleLabel({
          scope: view.scope,
          thresholdType: view.thresholdType,
          thresholdValue: view.thresholdValue,
          measure: view.measure,
          coinSymbol: view.coinSymbol === PORTFOLIO_TOTAL ? null : view.coinSymbol,
          currency: view.currency,
        })
      : null,
  };
}

/** The condition as a short phrase: 'Above $50,000.00', 'Below €2.50', 'Up 10%', 'Down 5%'. */
export function conditionText(
  alert: Pick<AlertUi, 'type' | 'condition' | 'value' | 'currency'> & { kindLabel?: string | null },
): string {
  if (alert.kindLabel) return alert.kindLabel;
  if (alert.type === 'price')
    return `${alert.condition === 'above' ? 'Above' : 'Below'} ${formatPriceIn(alert.currency, alert.value)}`;
  return `${alert.condition === 'above' ? 'Up' : 'Down'} ${Number(alert.value.toFixed(2))}%`;
}

/** The alert's name in labels: the coin's symbol, 'Whole portfolio' or 'All coins'. */
export function alertName(alert: Pick<AlertUi, 'scope' | 'coinSymbol' | 'coin'>): string {
  return alert.scope === 'coin' ? alert.coinSymbol : alert.coin;
}

/** The alert with its condition, for dialogs: 'BTC · Above $50,000.00', 'All coins · Up 5%'. */
export function alertLabel(view: AlertView): string {
  const alert = toAlertUi(view);
  return `${alertName(alert)} · ${conditionText(alert)}`;
}

/** The notification method of two checkboxes; null when neither is ticked. */
export function methodOf(prefs: { email: boolean; sms: boolean }): NotificationMethod | null {
  if (prefs.email && prefs.sms) return 'Both';
  if (prefs.email) return 'Email';
  return prefs.sms ? 'SMS' : null;
}

/**
 * SPEC.md section 9: warning style at 5 or fewer remaining, critical at 0 or less. With the channels:
 * critical when neither channel can send, warning when either has 5 or fewer left.
 */
export function usageLevel(
  remaining: number,
  left: AllowanceLeft | null = null,
): 'ok' | 'warning' | 'critical' {
  if (remaining <= 0 || (left && left.email <= 0 && left.sms <= 0)) return 'critical';
  if (remaining <= 5 || (left && (left.email <= 5 || left.sms <= 5))) return 'warning';
  return 'ok';
}

/** Notifications left this billing period, in all and per channel. */
export interface AllowanceLeft {
  total: number;
  email: number;
  sms: number;
}

/**
 * What is left per channel: from the stats, which split the plan's notifications into e-mail and SMS
 * (SPEC.md section 9), else the billing info's total for both. Null without either.
 */
export function allowanceLeftOf(billing: BillingInfo | null, stats: AlertStats | null): AllowanceLeft | null {
  if (stats && stats.notifications.limit > 0) {
    const { remaining, email, sms } = stats.notifications;
    return { total: remaining, email: email.remaining, sms: sms.remaining };
  }
  if (!billing) return null;
  const total = billing.alertUsage.remaining;
  return { total, email: total, sms: total };
}

/** The channels with nothing left this period, e-mail first. */
export function usedUpChannels(left: AllowanceLeft | null): Channel[] {
  if (!left) return [];
  return (['email', 'sms'] as const).filter((channel) => left[channel] <= 0);
}

/** What blocks creating an alert (SPEC.md sections 4 and 5), in the order the screen checks it. */
export type CreationBlock =
  | { kind: 'upgrade' }
  /** `usedUp`: the channels with nothing left when it is they that block. */
  | { kind: 'limit'; usedUp?: Channel[] }
  | { kind: 'missing'; items: ('phone number' | 'email address')[] };

/**
 * Null when the user may create alerts. No billing info, plan 'None' or a Pending account: upgrade;
 * no notifications left, in all or on both channels: limit; a profile without both a phone number and
 * an e-mail address: missing. One channel used up does not block: alerts go out on the other.
 */
export function creationBlock(
  billing: BillingInfo | null,
  profile: { email: string | null; phone: string | null } | null,
  left: AllowanceLeft | null = null,
): CreationBlock | null {
  if (!billing || billing.plan === 'None' || billing.accountStatus === 'Pending') return { kind: 'upgrade' };
  if (billing.alertUsage.remaining <= 0 || (left !== null && left.total <= 0)) return { kind: 'limit' };
  if (usedUpChannels(left).length === 2) return { kind: 'limit', usedUp: ['email', 'sms'] };
  const items: ('phone number' | 'email address')[] = [];
  if (!profile?.phone) items.push('phone number');
  if (!profile?.email) items.push('email address');
  return items.length > 0 ? { kind: 'missing', items } : null;
}

/** Where the alert is in its life, in words: 'Ready', 'Cooling down until …', 'Re-armed', 'Paused'. */
export function lifecycleText(
  lifecycle: AlertView['lifecycle'],
  formatTime: (iso: string) => string,
): string {
  switch (lifecycle.state) {
    case 'ready':
      return 'Ready';
    case 'rearmed':
      return 'Re-armed';
    case 'paused':
      return 'Paused';
    case 'not_armed':
      return 'Waiting for a purchase price';
    case 'cooling_down':
      return lifecycle.cooldownUntil
        ? `Fired · cooling down until ${formatTime(lifecycle.cooldownUntil)}`
        : 'Fired';
  }
}

/**
 * The live distance to the trigger in percent of the live price, or null. An alert without a trigger
 * figure (nothing to measure a whole-portfolio alert from yet) shows the server's distance, from the last reload.
 */
export function liveDistance(
  alert: Pick<AlertUi, 'triggerPrice' | 'currentPrice' | 'distancePercent'>,
  livePrice: number | undefined,
): number | null {
  if (alert.triggerPrice === null) return alert.distancePercent;
  return distanceToTrigger(alert.triggerPrice, livePrice ?? alert.currentPrice);
}

/** '+4.20% to go' / '-3.10% to go' / 'reached'. */
export function distanceText(distance: number | null, condition: 'above' | 'below'): string {
  if (distance === null) return '—';
  const reached = condition === 'above' ? distance <= 0 : distance >= 0;
  return reached ? 'Reached' : `${formatPercent(distance)} to go`;
}

/** Labels of the reset-interval picker, in order. */
export const RESET_INTERVAL_OPTIONS = Object.entries(RESET_INTERVAL_LABELS) as [ResetInterval, string][];

/** A USD amount for the usage banner and history. */
export const usd = formatUsd;
