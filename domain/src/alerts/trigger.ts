/**
 * Trigger prices (DESIGN.md section 5): every single-coin alert reduces to a direction and a trigger
 * price, stored on the row and indexed, so a tick asks a range query instead of testing every alert.
 */
import { directionOf, isPercentThreshold, type Direction, type ThresholdType } from './constants.ts';
import { applyPercent, fromScaled, toScaled } from './scaled.ts';

/** What the trigger of one alert is computed from. */
export interface TriggerInput {
  thresholdType: ThresholdType;
  /** USD for Above/Below, percent for Gain/Loss (decimal string or number, above 0). */
  thresholdValue: string | number;
  /**
   * For Gain/Loss: the price the percentage is measured from, USD per coin: the holding's purchase
   * price, or for a coin without one (a watch-list coin, a holding with purchase price 0) the price
   * when the alert was set. Ignored by Above/Below.
   */
  referencePrice?: string | number | null;
}

/** A computed trigger, or why there is none (the alert then never fires until one can be computed). */
export type TriggerResult =
  | { ok: true; direction: Direction; triggerPrice: string }
  | { ok: false; direction: Direction; reason: 'no_reference' | 'invalid_threshold' };

/**
 * The direction and trigger price of a single-coin alert: Above/Below use the threshold as the price;
 * Gain uses `reference * (1 + threshold/100)`, Loss `reference * (1 - threshold/100)`, exact to 18
 * decimals (truncated). A Loss of 100 % or more has no trigger (`invalid_threshold`); a Gain/Loss
 * without a reference above 0 has none either (`no_reference`).
 */
export function computeTrigger(input: TriggerInput): TriggerResult {
  const direction = directionOf(input.thresholdType);
  const threshold = toScaled(input.thresholdValue);
  if (threshold === null || threshold <= 0n) return { ok: false, direction, reason: 'invalid_threshold' };
  if (!isPercentThreshold(input.thresholdType)) {
    return { ok: true, direction, triggerPrice: fromScaled(threshold) };
  }
  const reference = input.referencePrice == null ? null : toScaled(input.referencePrice);
  if (reference === null || reference <= 0n) return { ok: false, direction, reason: 'no_reference' };
  const trigger = applyPercent(reference, threshold, input.thresholdType === 'Gain' ? 1 : -1);
  if (trigger === null || trigger <= 0n) return { ok: false, direction, reason: 'invalid_threshold' };
  return { ok: true, direction, triggerPrice: fromScaled(trigger) };
}

/**
 * The value a whole-portfolio Gain/Loss alert fires at: the reference value moved by the percentage,
 * as a number (portfolio values are sums of products and only compared, never stored).
 */
export function portfolioTarget(thresholdType: 'Gain' | 'Loss', percent: number, referenceValue: number) {
  return referenceValue * (thresholdType === 'Gain' ? 1 + percent / 100 : 1 - percent / 100);
}
