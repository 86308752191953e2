/**
 * One message per channel for every alert of a user that fires on one tick: a market-wide move that fires
 * sixteen loss alerts sends one e-mail and one SMS, not sixteen of each. The e-mail tells each alert as
 * its own e-mail would (in the alert's currency); the SMS names each alert's condition briefly and
 * summarises what does not fit in one 160-character message. One alert alone is told exactly as
 * renderAlertEmail and renderAlertSms tell it.
 */
import { escapeHtml } from '../format/html.ts';
import { formatPriceIn } from '../format/currency.ts';
import { portfolioRuleLabel } from './portfolio-rule-words.ts';
import {
  MESSAGE_BRAND,
  SIMULATED_NOTICE,
  describeAlert,
  describeAlertHtml,
  describeCondition,
  percentText,
  renderAlertEmail,
  ruleTextOf,
  renderAlertSms,
  type AlertNotice,
  type RenderedEmail,
} from './notification.ts';

/** Characters of one SMS (GSM-7): the combined SMS is kept within it while its link leaves room. */
export const SMS_MAX_CHARS = 160;

/**
 * The e-mail for the alerts one tick fired for one user, all on this channel. `notices` share the link
 * and the simulated flag (one tick, one user); at least one.
 */
export function renderNoticeEmail(notices: readonly AlertNotice[]): RenderedEmail {
  const first = notices[0]!;
  if (notices.length === 1) return renderAlertEmail(first);
  const heading = `${notices.length} alerts fired`;
  const demo = first.simulated ? [SIMULATED_NOTICE] : [];
  const footer = `You get this because you set these alerts on ${MESSAGE_BRAND}. Each is paused until its reset interval has passed.`;
  const text = [
    `${heading}:`,
    '',
    ...notices.flatMap((n) => [`- ${describeCondition(n)}`, ...describeAlert(n).map((l) => `  ${l}`), '']),
    ...(demo.length ? [...demo, ''] : []),
    `Manage your alerts: ${first.alertsUrl}`,
    '',
    footer,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>`,
    ...notices.map(
      (n) =>
        `<h2 style="font-size:16px;margin-bottom:0">${escapeHtml(describeCondition(n))}</h2>${describeAlertHtml(n)}`,
    ),
    ...demo.map((l) => `<p><strong>${escapeHtml(l)}</strong></p>`),
    `<p><a href="${escapeHtml(first.alertsUrl)}">Manage your alerts</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  const subject = first.simulated
    ? `${MESSAGE_BRAND} (simulated prices): ${heading}`
    : `${MESSAGE_BRAND}: ${heading}`;
  return { subject, text, html };
}

/**
 * The SMS for the alerts one tick fired for one user, all on this channel: 'Coinpace: 5 alerts fired: BTC
 * below $90,000, ETH down 10%, SOL down 10% and 2 more. Details: {link}'. As many conditions as keep it
 * within {@link SMS_MAX_CHARS}; none when even one would not fit (a very long link).
 */
export function renderNoticeSms(notices: readonly AlertNotice[]): string {
  const first = notices[0]!;
  if (notices.length === 1) return renderAlertSms(first);
  const demo = first.simulated ? ' (simulated demo prices)' : '';
  const head = `${MESSAGE_BRAND}: ${notices.length} alerts fired${demo}`;
  const tail = `. Details: ${first.alertsUrl}`;
  const items = notices.map(shortCondition);
  for (let shown = items.length; shown > 0; shown -= 1) {
    const text = `${head}: ${listed(items.slice(0, shown), items.length - shown)}${tail}`;
    if (text.length <= SMS_MAX_CHARS) return text;
  }
  return `${head}${tail}`;
}

/**
 * An alert's condition in a few words, for the combined SMS: 'BTC below $90,000', 'ETH down 10%',
 * 'Portfolio up 5%', '3 coins down 10%'. Prices in the alert's currency, whole amounts without cents.
 */
export function shortCondition(n: AlertNotice): string {
  const rule = ruleTextOf(n);
  if (rule) return portfolioRuleLabel(rule).replace(/\.00\b/g, '');
  const pct = percentText(n.thresholdValue);
  const way = n.thresholdType === 'Loss' || n.thresholdType === 'Below' ? 'down' : 'up';
  if (n.scope === 'portfolio') return `Portfolio ${way} ${pct}`;
  if (n.scope === 'all_coins') {
    const crossed = n.crossed ?? [];
    return `${crossed.length === 1 ? crossed[0]!.symbol : `${crossed.length} coins`} ${way} ${pct}`;
  }
  const symbol = n.coinSymbol ?? 'Coin';
  if (n.thresholdType === 'Above' || n.thresholdType === 'Below') {
    const price = formatPriceIn(n.currency ?? 'usd', n.thresholdValue).replace(/\.0+$/, '');
    return `${symbol} ${n.thresholdType === 'Above' ? 'above' : 'below'} ${price}`;
  }
  return `${symbol} ${way} ${pct}`;
}

/** 'A, B and C', or with some left out 'A, B and 3 more'. */
function listed(items: string[], more: number): string {
  if (more > 0) return `${items.join(', ')} and ${more} more`;
  if (items.length === 1) return items[0]!;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
