/**
 * The portfolio kinds in words, one model for every place that tells them: the alert list ('Portfolio
 * value above €50,000', 'Drawdown of 10% from peak'), and the e-mail and SMS of a firing.
 */
import { formatAmountIn, type DisplayCurrency } from '../format/currency.ts';
import { formatPercent } from '../format/money.ts';
import type { PnlMeasure, PortfolioKind, ThresholdType } from './constants.ts';

/** What a portfolio alert is, as its words need it. */
export interface PortfolioRuleText {
  scope: PortfolioKind;
  thresholdType: ThresholdType;
  thresholdValue: number;
  measure?: PnlMeasure | null;
  /** The holding's symbol, for holding_pnl, allocation and a drawdown on one holding. */
  coinSymbol?: string | null;
  currency: DisplayCurrency;
  /** movement and sync_problem firings: what happened where. */
  event?: EventFigures | null;
}

/** What an event kind's firing saw (see EVENT_KINDS). */
export interface EventFigures {
  /** The exchange account's or wallet's name as the user gave it. */
  place: string;
  /** movement: the coin and the amount moved (a decimal string, without sign). */
  symbol?: string | null;
  quantity?: string | null;
  /** sync_problem: why the last sync failed, in words for the user. */
  error?: string | null;
}

const pct = (value: number) => `${Number(value.toFixed(2))}%`;

/** The threshold as set: an amount in the alert's currency, or a percentage. */
function thresholdText(r: PortfolioRuleText): string {
  if (r.scope === 'sync_problem') return hoursText(r.thresholdValue);
  const amount =
    r.scope === 'movement' ||
    r.scope === 'portfolio_value' ||
    (r.scope === 'holding_pnl' && r.measure === 'amount');
  return amount ? formatAmountIn(r.currency, r.thresholdValue) : pct(r.thresholdValue);
}

/**
 * The alert as the list names it: 'Portfolio value above €50,000.00', 'Drawdown of 10% from peak',
 * 'BTC drawdown of 10% from peak', 'BTC gain of 25% or more', 'ETH loss of €1,000.00 or more',
 * 'SOL above 40% of portfolio'.
 */
export function portfolioRuleLabel(r: PortfolioRuleText): string {
  const symbol = r.coinSymbol ?? 'Holding';
  const side = r.thresholdType === 'Above' ? 'above' : 'below';
  switch (r.scope) {
    case 'portfolio_value':
      return `Portfolio value ${side} ${thresholdText(r)}`;
    case 'drawdown':
      return `${r.coinSymbol ? `${r.coinSymbol} drawdown` : 'Drawdown'} of ${thresholdText(r)} from peak`;
    case 'holding_pnl':
      return `${symbol} ${r.thresholdType === 'Gain' ? 'gain' : 'loss'} of ${thresholdText(r)} or more`;
    case 'allocation':
      return `${symbol} ${side} ${thresholdText(r)} of portfolio`;
    case 'movement':
      return `${r.coinSymbol ?? 'Coins'} ${r.thresholdType === 'Gain' ? 'arriving at' : 'leaving'} an exchange or wallet, worth ${thresholdText(r)} or more`;
    case 'sync_problem':
      return `Exchange or wallet not syncing for ${thresholdText(r)}`;
  }
}

const hoursText = (hours: number) => `${Number(hours.toFixed(2))} hour${hours === 1 ? '' : 's'}`;

/** '0.5 BTC', or the coin alone when the amount is not known. */
function movedText(r: PortfolioRuleText): string {
  const symbol = r.event?.symbol ?? r.coinSymbol ?? 'coins';
  return r.event?.quantity ? `${r.event.quantity} ${symbol}` : symbol;
}

/** What a firing saw, in the alert's currency, for the messages. */
export interface PortfolioRuleFigures {
  /** The portfolio's value, or for a holding's alert the holding's value. */
  value: number;
  /** The compared figure: an amount (gain/loss, negative for a loss) or a percentage. */
  observed: number;
  /** Drawdown: the peak it fell from. */
  highWater?: number | null;
}

/** The headline of a firing: 'Your portfolio value is above €50,000.00', 'Your portfolio is down 10% from its peak'. */
export function portfolioRuleCondition(r: PortfolioRuleText): string {
  const symbol = r.coinSymbol ?? 'Your holding';
  const side = r.thresholdType === 'Above' ? 'above' : 'below';
  switch (r.scope) {
    case 'portfolio_value':
      return `Your portfolio value is ${side} ${thresholdText(r)}`;
    case 'drawdown':
      return `${r.coinSymbol ? r.coinSymbol : 'Your portfolio'} is down ${thresholdText(r)} or more from its peak`;
    case 'holding_pnl':
      return `${symbol} is ${r.thresholdType === 'Gain' ? 'up' : 'down'} ${thresholdText(r)} or more against its cost`;
    case 'allocation':
      return `${symbol} is ${side} ${thresholdText(r)} of your portfolio`;
    case 'movement': {
      const place = r.event?.place ?? 'your exchange account or wallet';
      return r.thresholdType === 'Gain'
        ? `${movedText(r)} arrived at ${place}`
        : `${movedText(r)} left ${place}`;
    }
    case 'sync_problem':
      return `${r.event?.place ?? 'An exchange account or wallet'} is not syncing`;
  }
}

/** The body sentences of a firing, figures in the alert's currency. */
export function portfolioRuleSentences(r: PortfolioRuleText, f: PortfolioRuleFigures): string[] {
  const amount = (v: number) => formatAmountIn(r.currency, v);
  const symbol = r.coinSymbol ?? 'Your holding';
  switch (r.scope) {
    case 'portfolio_value':
      return [`Your portfolio is now worth ${amount(f.value)}.`];
    case 'drawdown': {
      const what = r.coinSymbol ? `Your ${r.coinSymbol} holding` : 'Your portfolio';
      const peak = f.highWater ? ` from its peak of ${amount(f.highWater)}` : '';
      return [
        `${what} is now worth ${amount(f.value)}, down ${pct(f.observed)}${peak} since the alert was set or re-armed.`,
      ];
    }
    case 'holding_pnl': {
      const word = f.observed >= 0 ? 'a gain' : 'a loss';
      const figure = r.measure === 'amount' ? amount(Math.abs(f.observed)) : formatPercent(f.observed);
      return [
        `Your ${symbol} holding is now worth ${amount(f.value)}, ${word} of ${figure} against its cost.`,
      ];
    }
    case 'allocation':
      return [`${symbol} is now ${pct(f.observed)} of your portfolio, worth ${amount(f.value)}.`];
    case 'movement': {
      const worth = f.value > 0 ? `worth ${amount(f.value)} at the latest price` : 'with no price known';
      return [`${portfolioRuleCondition(r)}, ${worth}.`];
    }
    case 'sync_problem':
      return [
        `${r.event?.place ?? 'An exchange account or wallet'} has not synced for ${thresholdText(r)} or more${r.event?.error ? `: ${r.event.error}` : '.'}`,
        'You are told again only after a sync works and then fails anew.',
      ];
  }
}

/** The figure an SMS gives after 'now': the value, or for allocation the share. */
export function portfolioRuleNow(r: PortfolioRuleText, f: PortfolioRuleFigures): string {
  if (r.scope === 'allocation') return pct(f.observed);
  if (r.scope === 'movement') return movedText(r);
  if (r.scope === 'sync_problem') return 'failing';
  if (r.scope === 'holding_pnl') {
    return r.measure === 'amount' ? formatAmountIn(r.currency, f.observed) : formatPercent(f.observed);
  }
  return formatAmountIn(r.currency, f.value);
}
