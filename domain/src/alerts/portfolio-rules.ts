/**
 * The portfolio kinds (see PORTFOLIO_KINDS) as values: a user's holdings are summed once per tick into a
 * {@link PortfolioSnapshot}, and every portfolio alert of that user is judged against it, so a user with
 * ten such alerts costs one pass over their holdings, not ten.
 */
import type { PnlMeasure, PortfolioKind, ThresholdType } from './constants.ts';
import type { PricedHolding } from './evaluate.ts';

/** One holding in a snapshot, USD. */
export interface SnapshotHolding {
  id: string;
  coingeckoId: string | null;
  symbol: string;
  quantity: number;
  /** Per coin, 0 when unknown. */
  purchasePrice: number;
  /** Latest price, null when none. */
  price: number | null;
  /** quantity x price, 0 without a price. */
  value: number;
  fresh: boolean;
}

/** A user's portfolio as one tick sees it. */
export interface PortfolioSnapshot {
  /** Sum of the priced holdings' values, USD. */
  value: number;
  /** How many holdings have a quantity and a price. */
  priced: number;
  /** Some priced holding's price is stale: whole-portfolio figures are not judged on it. */
  stale: boolean;
  /** By portfolio item id. */
  holdings: ReadonlyMap<string, SnapshotHolding>;
}

/** A holding's worth in a snapshot: quantity x price, 0 without a quantity and a price. */
export function holdingValue(h: Pick<PricedHolding, 'quantity' | 'price'>): number {
  return h.quantity > 0 && h.price !== null && h.price > 0 ? h.quantity * h.price : 0;
}

/** Sums a user's priced holdings once: every portfolio alert of theirs is judged against the result. */
export function portfolioSnapshot(holdings: readonly (PricedHolding & { id: string })[]): PortfolioSnapshot {
  return snapshotOf(holdings.map((h) => ({ ...h, value: holdingValue(h) })));
}

/** The same from holdings already valued with {@link holdingValue} (kept as they are, not copied). */
export function snapshotOf(holdings: readonly SnapshotHolding[]): PortfolioSnapshot {
  let value = 0;
  let priced = 0;
  let stale = false;
  const byId = new Map<string, SnapshotHolding>();
  for (const h of holdings) {
    if (h.quantity > 0 && h.price !== null && h.price > 0) {
      value += h.value;
      priced += 1;
      if (!h.fresh) stale = true;
    }
    byId.set(h.id, h);
  }
  return { value, priced, stale, holdings: byId };
}

/** What a portfolio alert is judged by (the alert row's columns as numbers). */
export interface PortfolioRule {
  scope: PortfolioKind;
  /** portfolio_value and allocation: Above or Below; drawdown: Loss; holding_pnl: Gain or Loss. */
  thresholdType: ThresholdType;
  /** An amount in the alert's currency, or a percentage (see {@link ruleUsesAmount}). */
  thresholdValue: number;
  /** holding_pnl only. */
  measure: PnlMeasure | null;
  /** The holding of holding_pnl and allocation alerts, and of a drawdown on one holding. */
  portfolioItemId: string | null;
  /** Drawdown: the highest value seen since the alert was set or re-armed, USD; null: not yet seen. */
  highWater: number | null;
}

/** Whether a rule's threshold is an amount in the alert's currency (else a percentage). */
export function ruleUsesAmount(rule: Pick<PortfolioRule, 'scope' | 'measure'>): boolean {
  return rule.scope === 'portfolio_value' || (rule.scope === 'holding_pnl' && rule.measure === 'amount');
}

export interface RuleEvaluation {
  fire: boolean;
  /**
   * crossed / not_reached; stale: a price it needs is stale; no_value: nothing priced to judge;
   * no_holding: the holding is gone or has no price; no_reference: no purchase price to measure a gain
   * from; no_rate: the tick has no rate for the alert's currency.
   */
  reason: 'crossed' | 'not_reached' | 'stale' | 'no_value' | 'no_holding' | 'no_reference' | 'no_rate';
  /**
   * The figure compared with the threshold: an amount in the alert's currency (portfolio value, gain or
   * loss amount, negative for a loss) or a percentage (drawdown from the peak, gain or loss, share).
   */
  observed: number;
  /** The portfolio's (or the holding's) value, USD: what the message says it is worth now. */
  valueUsd: number;
  /** Drawdown: the high-water mark after this tick, USD. */
  highWater?: number;
  /** Drawdown: the high-water mark rose (or was first taken) on this tick and is to be stored. */
  raised?: boolean;
}

const none = (reason: RuleEvaluation['reason'], valueUsd = 0): RuleEvaluation => ({
  fire: false,
  reason,
  observed: 0,
  valueUsd,
});

const judged = (fire: boolean, observed: number, valueUsd: number): RuleEvaluation => ({
  fire,
  reason: fire ? 'crossed' : 'not_reached',
  observed,
  valueUsd,
});

/**
 * Judges one portfolio alert against its user's snapshot. `rate` is the alert currency's units per dollar
 * (1 for dollars), undefined when the tick has none: an amount threshold is then not judged. Fires when
 * the figure is at or past the threshold (Above/Gain upwards, Below/Loss downwards); the firing pauses
 * the alert, so it fires once per crossing until its reset interval re-arms it. A figure built on a stale
 * price is never judged, so a frozen price can neither fake nor hide a move.
 */
export function evaluatePortfolioRule(
  rule: PortfolioRule,
  snapshot: PortfolioSnapshot,
  rate: number | undefined,
): RuleEvaluation {
  const holding = rule.portfolioItemId === null ? undefined : snapshot.holdings.get(rule.portfolioItemId);
  const needsHolding = rule.scope === 'holding_pnl' || rule.scope === 'allocation' || rule.portfolioItemId;
  if (needsHolding && (!holding || holding.price === null || !(holding.price > 0))) return none('no_holding');
  if (ruleUsesAmount(rule) && rate === undefined) return none('no_rate');
  const up = rule.thresholdType === 'Above' || rule.thresholdType === 'Gain';
  const past = (observed: number, threshold: number) => (up ? observed >= threshold : observed <= threshold);
  switch (rule.scope) {
    case 'portfolio_value': {
      if (snapshot.priced === 0) return none('no_value');
      if (snapshot.stale) return none('stale', snapshot.value);
      const observed = snapshot.value * rate!;
      return judged(past(observed, rule.thresholdValue), observed, snapshot.value);
    }
    case 'allocation': {
      if (snapshot.stale) return none('stale', snapshot.value);
      if (!(snapshot.value > 0)) return none('no_value');
      const share = (holding!.value / snapshot.value) * 100;
      return judged(past(share, rule.thresholdValue), share, holding!.value);
    }
    case 'holding_pnl': {
      if (!holding!.fresh) return none('stale', holding!.value);
      if (!(holding!.purchasePrice > 0)) return none('no_reference', holding!.value);
      const cost = holding!.quantity * holding!.purchasePrice;
      const gain = holding!.value - cost;
      const observed = rule.measure === 'amount' ? gain * rate! : (gain / cost) * 100;
      const threshold = up ? rule.thresholdValue : -rule.thresholdValue;
      return judged(past(observed, threshold), observed, holding!.value);
    }
    case 'drawdown': {
      const value = holding ? holding.value : snapshot.value;
      if (!holding && snapshot.priced === 0) return none('no_value');
      if (holding ? !holding.fresh : snapshot.stale) return none('stale', value);
      if (!(value > 0)) return none('no_value');
      const raised = rule.highWater === null || value > rule.highWater;
      const highWater = raised ? value : rule.highWater!;
      const drop = ((highWater - value) / highWater) * 100;
      const fire = drop >= rule.thresholdValue;
      return { ...judged(fire, drop, value), highWater, raised };
    }
    // Told by syncs (the event-alert job), never by a tick.
    case 'movement':
    case 'sync_problem':
      return none('no_value');
  }
}
