/**
 * Alert evaluation as values (STYLE.md, Errors: 'an alert evaluation returns whether to fire and why').
 * Single-coin alerts compare a price with their stored trigger; whole-portfolio and all-coins alerts
 * look at a user's holdings.
 */
import { compareDecimal, toDecimalString } from '../decimal.ts';
import type { Direction, ThresholdType } from './constants.ts';
import { portfolioTarget } from './trigger.ts';

export interface CoinEvaluation {
  fire: boolean;
  /** crossed: the price reached the trigger; not_reached: it did not; not_armed: the alert has no trigger. */
  reason: 'crossed' | 'not_reached' | 'not_armed' | 'bad_price';
}

/**
 * A single-coin alert against a price: `above` fires when the price is at or above the trigger,
 * `below` when at or below it. Exact decimal comparison, as the database's index query does.
 */
export function evaluateCoinAlert(
  alert: { direction: Direction | null; triggerPrice: string | null },
  price: string | number,
): CoinEvaluation {
  if (!alert.direction || alert.triggerPrice === null) return { fire: false, reason: 'not_armed' };
  const priceText = toDecimalString(price);
  const trigger = toDecimalString(alert.triggerPrice);
  if (priceText === null || trigger === null) return { fire: false, reason: 'bad_price' };
  const cmp = compareDecimal(priceText, trigger);
  const fire = alert.direction === 'above' ? cmp >= 0 : cmp <= 0;
  return { fire, reason: fire ? 'crossed' : 'not_reached' };
}

/** One holding of a user with the latest price of its coin, for portfolio-wide alerts. */
export interface PricedHolding {
  /** The portfolio item's id, when known (portfolio kinds name holdings by it). */
  id?: string;
  coingeckoId: string | null;
  symbol: string;
  quantity: number;
  /** Per coin, USD; 0 when unknown. */
  purchasePrice: number;
  /** Latest accepted price, USD; null when the coin has none. */
  price: number | null;
  /** False when the price is stale or a fallback (see price-check.ts). */
  fresh: boolean;
}

export interface PortfolioEvaluation {
  fire: boolean;
  reason: 'crossed' | 'not_reached' | 'stale' | 'no_value' | 'no_reference';
  /** What the counted holdings are worth now, USD (0 when unknown). */
  value: number;
  /** What the counted holdings cost (quantity x purchase price), USD: the percentage is measured from it. */
  cost: number;
  /** The value the alert fires at. */
  target: number;
}

/**
 * The holdings a whole-portfolio alert counts: those with a quantity, a price and a purchase price. A
 * holding without a purchase price (or without a price yet) is left out of both the value and the cost,
 * so it can neither fake a gain nor hide a loss.
 */
export function portfolioBasis(holdings: readonly Omit<PricedHolding, 'fresh'>[]): {
  value: number;
  cost: number;
  counted: number;
} {
  let value = 0;
  let cost = 0;
  let counted = 0;
  for (const h of holdings) {
    if (!(h.quantity > 0) || h.price === null || !(h.price > 0) || !(h.purchasePrice > 0)) continue;
    value += h.quantity * h.price;
    cost += h.quantity * h.purchasePrice;
    counted += 1;
  }
  return { value, cost, counted };
}

/**
 * A whole-portfolio Gain/Loss alert: the portfolio's gain or loss against what its holdings cost, as the
 * Portfolio screen's Gain/Loss shows it, like a Gain/Loss alert on one holding measures from its purchase
 * price. Measuring against cost (not against the value when the alert was set) means adding or removing
 * holdings moves value and cost alike and never fires the alert by itself. Not evaluated (reason
 * `stale`) while any counted holding's price is stale, so a frozen price can never fake a move.
 */
export function evaluatePortfolioAlert(
  alert: { thresholdType: ThresholdType; thresholdValue: number },
  holdings: readonly PricedHolding[],
): PortfolioEvaluation {
  const kind = alert.thresholdType === 'Loss' || alert.thresholdType === 'Below' ? 'Loss' : 'Gain';
  const { value, cost, counted } = portfolioBasis(holdings);
  const target = cost > 0 ? portfolioTarget(kind, alert.thresholdValue, cost) : 0;
  const result = { value, cost, target };
  if (counted === 0) {
    const priced = holdings.some((h) => h.price !== null && h.price > 0);
    return { fire: false, reason: priced ? 'no_reference' : 'no_value', ...result };
  }
  const countedStale = holdings.some(
    (h) => h.quantity > 0 && h.price !== null && h.price > 0 && h.purchasePrice > 0 && !h.fresh,
  );
  if (countedStale) return { fire: false, reason: 'stale', ...result };
  const fire = kind === 'Gain' ? value >= target : value <= target;
  return { fire, reason: fire ? 'crossed' : 'not_reached', ...result };
}

/** A holding an all-coins alert fired for. */
export interface CrossedHolding {
  coingeckoId: string | null;
  symbol: string;
  price: number;
  purchasePrice: number;
  /** Gain or loss against the purchase price, percent (negative for a loss). */
  changePercent: number;
}

export interface AllCoinsEvaluation {
  fire: boolean;
  /** The holdings past the percentage, largest move first. */
  crossed: CrossedHolding[];
}

/**
 * An all-coins Gain/Loss alert: each holding with a purchase price and a fresh price on its own; it
 * fires when any holding is up (Gain) or down (Loss) by the percentage or more.
 */
export function evaluateAllCoinsAlert(
  alert: { thresholdType: ThresholdType; thresholdValue: number },
  holdings: readonly PricedHolding[],
): AllCoinsEvaluation {
  const loss = alert.thresholdType === 'Loss' || alert.thresholdType === 'Below';
  const crossed: CrossedHolding[] = [];
  for (const h of holdings) {
    if (!h.fresh || h.price === null || !(h.price > 0) || !(h.purchasePrice > 0)) continue;
    const changePercent = ((h.price - h.purchasePrice) / h.purchasePrice) * 100;
    const past = loss ? changePercent <= -alert.thresholdValue : changePercent >= alert.thresholdValue;
    if (past) {
      crossed.push({
        coingeckoId: h.coingeckoId,
        symbol: h.symbol,
        price: h.price,
        purchasePrice: h.purchasePrice,
        changePercent,
      });
    }
  }
  crossed.sort((a, b) => Math.abs(b.changePercent) - Math.abs(a.changePercent));
  return { fire: crossed.length > 0, crossed };
}
