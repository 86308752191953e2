/**
 * The texts of an alert notification (DESIGN.md section 5): an e-mail in plain text and HTML
 * with the coin, the condition, the price and a link to the alerts page, and a short SMS. Rendered
 * when the alert fires and stored in the outbox, so a retry sends exactly what was decided.
 */
import { escapeHtml } from '../format/html.ts';
import { formatAmountIn, formatPriceIn, type DisplayCurrency } from '../format/currency.ts';
import { formatPercent } from '../format/money.ts';
import {
  isEventKind,
  isPortfolioKind,
  type AlertScope,
  type PnlMeasure,
  type ThresholdType,
} from './constants.ts';
import type { CrossedHolding } from './evaluate.ts';
import {
  portfolioRuleCondition,
  portfolioRuleLabel,
  portfolioRuleNow,
  portfolioRuleSentences,
  type EventFigures,
  type PortfolioRuleFigures,
  type PortfolioRuleText,
} from './portfolio-rule-words.ts';

/** What fired, as the notification tells it. */
export interface AlertNotice {
  scope: AlertScope;
  /** Upper-case symbol; null for portfolio-wide alerts. */
  coinSymbol: string | null;
  coinName: string | null;
  thresholdType: ThresholdType;
  /** A price in `currency` for Above/Below, percent for Gain/Loss. */
  thresholdValue: number;
  /**
   * The currency every amount of the notice is in: the alert's, or usd when the tick had no
   * rate for it. Absent: usd.
   */
  currency?: DisplayCurrency;
  /** The price (or the portfolio's value) the alert fired on, in `currency`. */
  price: number;
  /** Gain/Loss: the price (or for the whole portfolio, the holdings' cost) the percentage is measured from. */
  referenceValue?: number | null;
  /** all_coins: the holdings past the percentage. */
  crossed?: readonly CrossedHolding[];
  /** holding_pnl: whether the threshold is a percentage or an amount in `currency`. */
  measure?: PnlMeasure | null;
  /**
   * Portfolio kinds: the figure compared with the threshold, an amount in `currency` or a percentage
   * (see evaluatePortfolioRule); `price` is then the portfolio's (or the holding's) value.
   */
  observed?: number;
  /** Drawdown: the peak the value fell from, in `currency`. */
  highWater?: number | null;
  /** movement and sync_problem: what happened where; `price` is a movement's worth (0: no price known). */
  event?: EventFigures | null;

  /** `${PUBLIC_URL}/alerts`. */
  alertsUrl: string;
  /**
   * The price came from the simulated demo feed (PRICE_SOURCE=simulated), not the market: the message
   * says so, so a demo with real e-mail or SMS never passes a made-up price off as real.
   */
  simulated?: boolean;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The name messages go out under. */
export const MESSAGE_BRAND = 'Coinpace';

/** The line a message about simulated prices carries. */
export const SIMULATED_NOTICE = 'These are simulated demo prices, not market prices.';

/** The one-line condition, e.g. 'BTC is above $50,000.00' or 'Your portfolio is down 10% or more'. */
export function describeCondition(n: AlertNotice): string {
  const rule = ruleTextOf(n);
  if (rule) return portfolioRuleCondition(rule);
  const pct = percentText(n.thresholdValue);
  if (n.scope === 'portfolio') {
    return `Your portfolio is ${n.thresholdType === 'Loss' ? 'down' : 'up'} ${pct} or more`;
  }
  if (n.scope === 'all_coins') {
    const count = n.crossed?.length ?? 0;
    const what = count === 1 ? `${n.crossed![0]!.symbol} is` : `${count} of your coins are`;
    return `${what} ${n.thresholdType === 'Loss' ? 'down' : 'up'} ${pct} or more`;
  }
  const symbol = n.coinSymbol ?? 'Your coin';
  switch (n.thresholdType) {
    case 'Above':
      return `${symbol} is above ${formatPriceIn(n.currency ?? 'usd', n.thresholdValue)}`;
    case 'Below':
      return `${symbol} is below ${formatPriceIn(n.currency ?? 'usd', n.thresholdValue)}`;
    case 'Gain':
      return `${symbol} is up ${pct} or more`;
    case 'Loss':
      return `${symbol} is down ${pct} or more`;
  }
}

/** The sentences of the message body, shared by the text, HTML and SMS forms. */
export function describeAlert(n: AlertNotice): string[] {
  const price = (value: number) => formatPriceIn(n.currency ?? 'usd', value);
  const amount = (value: number) => formatAmountIn(n.currency ?? 'usd', value);
  const coin = n.coinName && n.coinSymbol ? `${n.coinName} (${n.coinSymbol})` : (n.coinSymbol ?? 'Your coin');
  const move = (from: number | null | undefined, to: number) =>
    from && from > 0 ? `, ${formatPercent(((to - from) / from) * 100)} from ${price(from)}` : '';
  const rule = ruleTextOf(n);
  if (rule) return portfolioRuleSentences(rule, ruleFiguresOf(n));
  if (n.scope === 'portfolio') {
    return [
      n.referenceValue && n.referenceValue > 0
        ? `Your portfolio is now worth ${amount(n.price)}, ${formatPercent(((n.price - n.referenceValue) / n.referenceValue) * 100)} against the ${amount(n.referenceValue)} you paid for it.`
        : `Your portfolio is now worth ${amount(n.price)}.`,
      `It passed your ${percentText(n.thresholdValue)} ${n.thresholdType.toLowerCase()} alert.`,
    ];
  }
  if (n.scope === 'all_coins') {
    return [
      `These holdings passed your ${percentText(n.thresholdValue)} ${n.thresholdType.toLowerCase()} alert:`,
      ...(n.crossed ?? []).map(
        (c) =>
          `${c.symbol}: ${price(c.price)}, ${formatPercent(c.changePercent)} from your purchase price of ${price(c.purchasePrice)}`,
      ),
    ];
  }
  if (n.thresholdType === 'Above' || n.thresholdType === 'Below') {
    const side = n.thresholdType === 'Above' ? 'at or above' : 'at or below';
    return [`${coin} is now ${price(n.price)}, ${side} your alert price of ${price(n.thresholdValue)}.`];
  }
  return [
    `${coin} is now ${price(n.price)}${move(n.referenceValue, n.price)}.`,
    `It passed your ${percentText(n.thresholdValue)} ${n.thresholdType.toLowerCase()} alert.`,
  ];
}

/** The alert e-mail: subject, plain text and HTML with the same content and the alerts-page link. */
export function renderAlertEmail(n: AlertNotice): RenderedEmail {
  const condition = describeCondition(n);
  const lines = describeAlert(n);
  const demo = n.simulated ? [SIMULATED_NOTICE] : [];
  // An event kind is not paused by its firing: each movement and each sync problem is told once.
  const footer = isEventKind(n.scope)
    ? `You get this because you set this alert on ${MESSAGE_BRAND}.`
    : `You get this because you set this alert on ${MESSAGE_BRAND}. It is paused until its reset interval has passed.`;
  const text = [
    `${condition}.`,
    '',
    ...lines,
    ...demo,
    '',
    `Manage your alerts: ${n.alertsUrl}`,
    '',
    footer,
    '',
  ].join('\n');
  const list = describeAlertHtml(n);
  const href = escapeHtml(n.alertsUrl);
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    `<h1 style="font-size:20px">${escapeHtml(condition)}</h1>`,
    list,
    ...demo.map((l) => `<p><strong>${escapeHtml(l)}</strong></p>`),
    `<p><a href="${href}">Manage your alerts</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  const subject = n.simulated
    ? `${MESSAGE_BRAND} alert (simulated prices): ${condition}`
    : `${MESSAGE_BRAND} alert: ${condition}`;
  return { subject, text, html };
}

/** describeAlert as HTML paragraphs; an all-coins alert's holdings as a list. */
export function describeAlertHtml(n: AlertNotice): string {
  const lines = describeAlert(n);
  const [first, ...rest] = lines;
  return n.scope === 'all_coins' && rest.length > 0
    ? `<p>${escapeHtml(first!)}</p><ul>${rest.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
    : lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
}

/** The alert SMS: the condition, the price and the link, kept short. */
export function renderAlertSms(n: AlertNotice): string {
  const price = (value: number) => formatPriceIn(n.currency ?? 'usd', value);
  const rule = ruleTextOf(n);
  const now = rule
    ? `now ${portfolioRuleNow(rule, ruleFiguresOf(n))}`
    : n.scope === 'all_coins'
      ? (n.crossed ?? [])
          .slice(0, 3)
          .map((c) => `${c.symbol} ${price(c.price)} (${formatPercent(c.changePercent)})`)
          .join(', ')
      : `now ${n.scope === 'portfolio' ? formatAmountIn(n.currency ?? 'usd', n.price) : price(n.price)}`;
  const demo = n.simulated ? ' (simulated demo prices)' : '';
  const text = `${MESSAGE_BRAND}: ${describeCondition(n)}, ${now}${demo}. ${n.alertsUrl}`;
  // A portfolio kind's headline is long: past one SMS it gives way to the list's short label.
  return rule && text.length > 160
    ? `${MESSAGE_BRAND}: ${portfolioRuleLabel(rule)}, ${now}${demo}. ${n.alertsUrl}`
    : text;
}

/** A threshold percentage as messages say it: '10%', '2.5%'. */
export function percentText(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

/** The words model of a portfolio-kind notice; undefined for the other scopes. */
export function ruleTextOf(n: AlertNotice): PortfolioRuleText | undefined {
  if (!isPortfolioKind(n.scope)) return undefined;
  return {
    scope: n.scope,
    thresholdType: n.thresholdType,
    thresholdValue: n.thresholdValue,
    measure: n.measure ?? null,
    coinSymbol: n.coinSymbol,
    currency: n.currency ?? 'usd',
    event: n.event ?? null,
  };
}

/** The figures of a portfolio-kind notice. */
export function ruleFiguresOf(n: AlertNotice): PortfolioRuleFigures {
  return { value: n.price, observed: n.observed ?? 0, highWater: n.highWater ?? null };
}
