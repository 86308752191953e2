/**
 * Words for alert history entries (price at firing, channels, delivered,
 * skipped, failed). Each entry is named by its alert, its coin and its condition, so an
 * all-coins alert that fired on BTC reads 'All coins · Up 5%' over 'BTC at $97,736.25', not 'Deleted alert'.
 */
import { formatAmountIn, formatPriceIn, type AlertEventView } from '@coinpace/domain';
import { conditionText } from './alert-ui.ts';

const OUTCOMES: Record<string, string> = {
  queued: 'Sending',
  delivered: 'Delivered',
  partially_delivered: 'Partly delivered',
  failed: 'Failed',
  skipped_allowance: 'Skipped: allowance used up',
};

/** 'Delivered', 'Skipped: allowance used up', … */
export function outcomeText(outcome: string): string {
  return OUTCOMES[outcome] ?? outcome;
}

/**
 * The alert an entry belongs to: 'BTC · Above $100,000.00', 'All coins · Down 5%', 'Whole portfolio · Up
 * 10%', with '(deleted)' once the alert is gone; 'Deleted alert' only for old entries that kept nothing.
 */
export function eventTitle(event: AlertEventView): string {
  const deleted = event.alertId === null ? ' (deleted)' : '';
  if (!event.scope) return event.coinSymbol ? `${event.coinSymbol} alert${deleted}` : 'Deleted alert';
  const name =
    event.scope === 'portfolio'
      ? 'Whole portfolio'
      : event.scope === 'all_coins'
        ? 'All coins'
        : event.coinSymbol;
  if (!event.thresholdType || event.thresholdValue === null) return `${name ?? 'Alert'}${deleted}`;
  const condition = conditionText({
    type: event.thresholdType === 'Gain' || event.thresholdType === 'Loss' ? 'percentage' : 'price',
    condition: event.thresholdType === 'Above' || event.thresholdType === 'Gain' ? 'above' : 'below',
    value: event.thresholdValue,
    currency: event.currency,
  });
  return `${name ?? 'Alert'} · ${condition}${deleted}`;
}

/** What happened: which coin at which price (or the portfolio's worth), the outcome and each channel. */
export function eventSummary(event: AlertEventView): string {
  const channels = event.deliveries.length
    ? ` · ${event.deliveries.map((d) => `${d.channel === 'email' ? 'E-mail' : 'SMS'} ${d.status}`).join(', ')}`
    : '';
  return `${firedOn(event)}: ${outcomeText(event.outcome)}${channels}`;
}

function firedOn(event: AlertEventView): string {
  if (event.scope === 'portfolio') {
    return event.price === null
      ? 'Portfolio'
      : `Portfolio worth ${formatAmountIn(event.currency, event.price)}`;
  }
  const price = event.price === null ? '' : `at ${formatPriceIn(event.currency, event.price)}`;
  return [event.coinSymbol, price].filter(Boolean).join(' ') || 'Fired';
}
