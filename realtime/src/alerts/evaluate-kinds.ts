/**
 * The portfolio kinds of one tick (portfolio value, drawdown, holding gain/loss, allocation): each alert
 * is judged by domain's evaluatePortfolioRule against its user's snapshot, summed once per user per tick.
 */
import type { HighWaterMark, WideAlert } from '@coinpace/db';
import {
  displayCurrencyOf,
  evaluatePortfolioRule,
  portfolioSnapshot,
  rateOf,
  toDecimalString,
  type FxRates,
  type PnlMeasure,
  type PortfolioKind,
  type PortfolioRule,
  type PortfolioSnapshot,
  type PricedHolding,
  type ThresholdType,
} from '@coinpace/domain';

/** A firing of a portfolio kind (a Firing of evaluate-tick.ts). */
export interface KindFiring {
  alertId: string;
  userId: string;
  /** The portfolio's (or holding's) value, USD. */
  price: string;
  target?: number;
  rule: { observed: number; highWater: number | null };
}

export interface KindJudgement {
  firing?: KindFiring;
  /** The drawdown's high-water mark rose (or was first taken): store it. */
  highWater?: HighWaterMark;
  /** Judged on usable prices and short of its threshold: a skip on record may end. */
  notPast: boolean;
}

/**
 * Judges one portfolio-kind alert. `snapshots` caches each user's snapshot for the tick; `rates` are the
 * tick's display-currency rates (an amount set in euros is compared in euros).
 */
export function evaluateKindAlert(
  alert: WideAlert,
  holdings: readonly PricedHolding[],
  snapshots: Map<string, PortfolioSnapshot>,
  rates: FxRates,
): KindJudgement {
  let snapshot = snapshots.get(alert.userId);
  if (!snapshot) {
    snapshot = portfolioSnapshot(holdings.filter((h): h is PricedHolding & { id: string } => !!h.id));
    snapshots.set(alert.userId, snapshot);
  }
  const rule = ruleOf(alert);
  const rate = rateOf(displayCurrencyOf(alert.currency), rates);
  const result = evaluatePortfolioRule(rule, snapshot, rate);
  const judgement: KindJudgement = { notPast: result.reason === 'not_reached' };
  if (result.raised && result.highWater !== undefined) {
    judgement.highWater = { alertId: alert.id, highWater: toDecimalString(result.highWater) ?? '0' };
  }
  if (result.fire) {
    judgement.firing = {
      alertId: alert.id,
      userId: alert.userId,
      price: toDecimalString(result.valueUsd) ?? '0',
      target: targetUsd(rule, result.highWater, rate),
      rule: { observed: result.observed, highWater: result.highWater ?? null },
    };
  }
  return judgement;
}

/**
 * An alert row's rule as numbers, parsed once per row object: the consumer's index keeps its rows from
 * tick to tick (a changed row is a new object), rows read per tick are parsed per tick.
 */
const rules = new WeakMap<WideAlert, PortfolioRule>();
function ruleOf(alert: WideAlert): PortfolioRule {
  let rule = rules.get(alert);
  if (!rule) {
    rule = {
      scope: alert.scope as PortfolioKind,
      thresholdType: alert.thresholdType as ThresholdType,
      thresholdValue: Number(alert.thresholdValue),
      measure: (alert.measure as PnlMeasure | null) ?? null,
      portfolioItemId: alert.portfolioItemId,
      highWater: alert.highWater === null ? null : Number(alert.highWater),
    };
    rules.set(alert, rule);
  }
  return rule;
}

/** The value (USD) an alert fires at, where it is one figure: the value amount, or the drawdown's floor. */
function targetUsd(
  rule: { scope: PortfolioKind; thresholdValue: number },
  highWater: number | undefined,
  rate: number | undefined,
): number | undefined {
  if (rule.scope === 'portfolio_value' && rate) return rule.thresholdValue / rate;
  if (rule.scope === 'drawdown' && highWater !== undefined)
    return highWater * (1 - rule.thresholdValue / 100);
  return undefined;
}
