/** Words for alert history entries (issue 6, 'Beyond the spec': price at firing, channels, delivered, skipped, failed). */
import { formatPortfolioPrice, type AlertEventView } from '@coinpace/domain';

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

/** One line of an entry: what fired, at which price, over which channels. */
export function eventSummary(event: AlertEventView): string {
  const coin = event.coinSymbol ?? 'Deleted alert';
  const price = event.price === null ? '' : ` at ${formatPortfolioPrice(event.price)}`;
  const channels = event.deliveries.length
    ? ` · ${event.deliveries.map((d) => `${d.channel === 'email' ? 'E-mail' : 'SMS'} ${d.status}`).join(', ')}`
    : '';
  return `${coin}${price}: ${outcomeText(event.outcome)}${channels}`;
}
