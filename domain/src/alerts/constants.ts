/**
 * The vocabulary of alerts (SPEC.md section 3 'Alert (server)', DESIGN.md section 5): types, threshold
 * kinds, channels, statuses, reset intervals and scopes, each as a const list with its type.
 */

/** WatchlistPrice: a coin the user follows; PortfolioGainLoss: a coin they hold, or the whole portfolio. */
export const ALERT_TYPES = ['WatchlistPrice', 'PortfolioGainLoss'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Above/Below compare the price with a USD value; Gain/Loss with a percentage of a reference. */
export const THRESHOLD_TYPES = ['Above', 'Below', 'Gain', 'Loss'] as const;
export type ThresholdType = (typeof THRESHOLD_TYPES)[number];

export const NOTIFICATION_METHODS = ['Email', 'SMS', 'Both'] as const;
export type NotificationMethod = (typeof NOTIFICATION_METHODS)[number];

export const ALERT_STATUSES = ['Active', 'Paused'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Who paused an alert: only trigger-paused alerts are re-armed by the job (DESIGN.md section 5). */
export type PausedBy = 'user' | 'trigger';

/**
 * coin: one coin; all_coins: every holding on its own; portfolio: the whole portfolio's gain or loss
 * against its cost; then the portfolio kinds (see {@link PORTFOLIO_KINDS}).
 */
export const ALERT_SCOPES = [
  'coin',
  'all_coins',
  'portfolio',
  'portfolio_value',
  'drawdown',
  'holding_pnl',
  'allocation',
  'movement',
  'sync_problem',
] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];

/**
 * The portfolio kinds, judged per user on a snapshot of their holdings (portfolio-rules.ts):
 * - portfolio_value: the portfolio's value is above or below an amount in the alert's currency;
 * - drawdown: the portfolio (or one holding) is down a percentage from its highest value since the alert
 *   was set or re-armed (the high-water mark, stored and advanced by ticks);
 * - holding_pnl: a holding's unrealised gain or loss against its cost is past a percentage or an amount;
 * - allocation: a coin's share of the portfolio's value is above or below a percentage;
 * - movement and sync_problem, the event kinds (see {@link EVENT_KINDS}), judged on syncs, not ticks.
 */
export const PORTFOLIO_KINDS = [
  'portfolio_value',
  'drawdown',
  'holding_pnl',
  'allocation',
  'movement',
  'sync_problem',
] as const;
export type PortfolioKind = (typeof PORTFOLIO_KINDS)[number];

/** Whether a scope is one of the portfolio kinds. */
export function isPortfolioKind(scope: unknown): scope is PortfolioKind {
  return typeof scope === 'string' && (PORTFOLIO_KINDS as readonly string[]).includes(scope);
}

/**
 * The portfolio kinds told by what a sync or refresh records rather than by prices, judged by the worker's
 * event-alert job instead of ticks, never paused by their firing:
 * - movement: a synced exchange account or wallet gains (Gain) or loses (Loss) a coin worth at least the
 *   threshold in the alert's currency; each movement once;
 * - sync_problem: an exchange key refused for good, or an exchange account's syncs or a wallet's chain
 *   failing for at least the threshold's hours; once per episode, told again only after a sync works.
 */
export const EVENT_KINDS = ['movement', 'sync_problem'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Whether a scope is one of the event kinds. */
export function isEventKind(scope: unknown): scope is EventKind {
  return typeof scope === 'string' && (EVENT_KINDS as readonly string[]).includes(scope);
}

/** The portfolio kinds judged on each tick: every portfolio kind but the event kinds. */
export const TICK_KINDS = PORTFOLIO_KINDS.filter(
  (k): k is Exclude<PortfolioKind, EventKind> => !isEventKind(k),
);
export type TickKind = Exclude<PortfolioKind, EventKind>;

/** How a holding_pnl alert measures: a percentage of the cost, or an amount in the alert's currency. */
export const PNL_MEASURES = ['percent', 'amount'] as const;
export type PnlMeasure = (typeof PNL_MEASURES)[number];

/** above: fires when the price reaches the trigger from below; below: from above. */
export type Direction = 'above' | 'below';

/** A notification channel of the outbox. */
export type Channel = 'email' | 'sms';

/** How long a fired alert stays paused before the re-arm job makes it Active again (SPEC.md section 4). */
export const RESET_INTERVALS = ['1hour', '5hours', '1day', '3days', '1week'] as const;
export type ResetInterval = (typeof RESET_INTERVALS)[number];

const HOUR_MS = 60 * 60 * 1000;

/** Each reset interval in milliseconds. */
export const RESET_INTERVAL_MS: Readonly<Record<ResetInterval, number>> = Object.freeze({
  '1hour': HOUR_MS,
  '5hours': 5 * HOUR_MS,
  '1day': 24 * HOUR_MS,
  '3days': 72 * HOUR_MS,
  '1week': 168 * HOUR_MS,
});

/** SPEC.md section 9: 'Default reset interval 1week'. */
export const DEFAULT_RESET_INTERVAL: ResetInterval = '1week';

/** The coin symbol a whole-portfolio alert shows (SPEC.md 'Alert (UI)'). */
export const PORTFOLIO_TOTAL = 'PORTFOLIO_TOTAL';

/** Labels of the reset intervals for pickers. */
export const RESET_INTERVAL_LABELS: Readonly<Record<ResetInterval, string>> = Object.freeze({
  '1hour': '1 hour',
  '5hours': '5 hours',
  '1day': '1 day',
  '3days': '3 days',
  '1week': '1 week',
});

/** The channels a notification method asks for, e-mail first. */
export function channelsOf(method: NotificationMethod): Channel[] {
  if (method === 'Both') return ['email', 'sms'];
  return method === 'Email' ? ['email'] : ['sms'];
}

/** The direction a threshold type fires in: Above and Gain upwards, Below and Loss downwards. */
export function directionOf(thresholdType: ThresholdType): Direction {
  return thresholdType === 'Above' || thresholdType === 'Gain' ? 'above' : 'below';
}

/** Whether the threshold is a percentage (Gain/Loss) rather than a USD price (Above/Below). */
export function isPercentThreshold(thresholdType: ThresholdType): boolean {
  return thresholdType === 'Gain' || thresholdType === 'Loss';
}

/** Whether `value` is one of the reset intervals. */
export function isResetInterval(value: unknown): value is ResetInterval {
  return typeof value === 'string' && (RESET_INTERVALS as readonly string[]).includes(value);
}
