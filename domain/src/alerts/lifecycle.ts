/**
 * Where an alert is in its life: ready, cooling down until a time after
 * it fired, re-armed, paused by the user, or not armed (no trigger can be computed yet), and how far
 * the price is from its trigger.
 */
import { RESET_INTERVAL_MS, type Direction, type ResetInterval } from './constants.ts';

export type LifecycleState = 'ready' | 'cooling_down' | 'rearmed' | 'paused' | 'not_armed';

export interface Lifecycle {
  state: LifecycleState;
  /** cooling_down: when the re-arm job makes the alert Active again. */
  cooldownUntil: Date | null;
}

export interface LifecycleInput {
  status: 'Active' | 'Paused';
  pausedBy: 'user' | 'trigger' | null;
  lastTriggered: Date | null;
  resetInterval: ResetInterval;
  /** False for a single-coin alert with no trigger price (e.g. Gain/Loss with no reference). */
  armed: boolean;
}

/** The lifecycle of an alert at `now`. */
export function alertLifecycle(alert: LifecycleInput): Lifecycle {
  if (alert.status === 'Paused') {
    if (alert.pausedBy === 'trigger' && alert.lastTriggered) {
      return { state: 'cooling_down', cooldownUntil: rearmAt(alert.lastTriggered, alert.resetInterval) };
    }
    return { state: 'paused', cooldownUntil: null };
  }
  if (!alert.armed) return { state: 'not_armed', cooldownUntil: null };
  return { state: alert.lastTriggered ? 'rearmed' : 'ready', cooldownUntil: null };
}

/** When an alert that fired at `lastTriggered` is re-armed. */
export function rearmAt(lastTriggered: Date, resetInterval: ResetInterval): Date {
  return new Date(lastTriggered.getTime() + RESET_INTERVAL_MS[resetInterval]);
}

/** Whether the re-arm job should make this alert Active at `now`: paused by its trigger, interval passed. */
export function isRearmDue(
  alert: Pick<LifecycleInput, 'status' | 'pausedBy' | 'lastTriggered' | 'resetInterval'>,
  now: Date,
): boolean {
  return (
    alert.status === 'Paused' &&
    alert.pausedBy === 'trigger' &&
    alert.lastTriggered !== null &&
    rearmAt(alert.lastTriggered, alert.resetInterval).getTime() <= now.getTime()
  );
}

/**
 * How far the price must move to reach the trigger, in percent of the current price: positive means
 * up, negative down; 0 or past it (sign against the direction) means the trigger is reached. Null
 * without a current price or a trigger.
 */
export function distanceToTrigger(
  triggerPrice: number | null,
  currentPrice: number | null | undefined,
): number | null {
  if (triggerPrice === null || !Number.isFinite(triggerPrice)) return null;
  if (currentPrice === null || currentPrice === undefined || !(currentPrice > 0)) return null;
  return ((triggerPrice - currentPrice) / currentPrice) * 100;
}

/** Whether a price already sits at or past the trigger in the alert's direction. */
export function isPastTrigger(direction: Direction, triggerPrice: number, price: number): boolean {
  return direction === 'above' ? price >= triggerPrice : price <= triggerPrice;
}

/** Where a new alert stands against the price now. */
export interface TriggerStanding {
  /**
   * The condition already holds: the price is at or past the trigger in the alert's direction, so the
   * alert fires at the next price update (evaluateCoinAlert compares the same way).
   */
  holds: boolean;
  /**
   * Percent the price must still move to reach the trigger: positive for an 'above' alert, negative for
   * a 'below' one, never the wrong sign; null when the condition holds or the price is unknown.
   */
  movePercent: number | null;
}

/** Where an alert with this direction and trigger stands at `currentPrice` (null or 0: unknown). */
export function triggerStanding(
  direction: Direction,
  triggerPrice: number,
  currentPrice: number | null | undefined,
): TriggerStanding {
  if (currentPrice === null || currentPrice === undefined || !(currentPrice > 0)) {
    return { holds: false, movePercent: null };
  }
  if (isPastTrigger(direction, triggerPrice, currentPrice)) return { holds: true, movePercent: null };
  return { holds: false, movePercent: distanceToTrigger(triggerPrice, currentPrice) };
}
