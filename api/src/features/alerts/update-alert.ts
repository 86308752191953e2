/** PUT, PATCH status and PATCH reset-interval of /api/alerts/{id}: change one of the user's alerts. */
import {
  findHolding,
  findLatestPrice,
  updateAlert,
  type AlertRecord,
  type AppDb,
  type NewAlert,
  type UserRecord,
} from '@coinpace/db';
import {
  ALERT_MESSAGES,
  AppError,
  computeTrigger,
  directionOf,
  displayCurrencyOf,
  isPercentThreshold,
  isPortfolioKind,
  portfolioRuleProblems,
  priceCapMessage,
  type PnlMeasure,
  type PortfolioKind,
  type AlertStatus,
  type AlertView,
  type ResetInterval,
  type ThresholdType,
  type UpdateAlert,
} from '@coinpace/domain';
import { requireContactFor } from './gate.ts';
import { alertNotFound, requireAlert, viewAlert } from './find-alert.ts';

/** The columns that set an alert's status: Paused by the user stays paused; Active clears who paused it. */
export function statusColumns(status: AlertStatus): Pick<NewAlert, 'status' | 'pausedBy'> {
  return status === 'Paused' ? { status, pausedBy: 'user' } : { status, pausedBy: null };
}

/** Applies a PUT; the trigger is computed again when the threshold changes. */
export async function changeAlert(
  db: AppDb,
  user: UserRecord,
  id: string,
  changes: UpdateAlert,
): Promise<AlertView> {
  const { alert } = await requireAlert(db, user.id, id);
  const set: Partial<NewAlert> = {};
  if (changes.notificationMethod) {
    requireContactFor(user, changes.notificationMethod);
    set.notificationMethod = changes.notificationMethod;
  }
  if (changes.channels) set.channels = changes.channels;
  if (changes.resetInterval) set.resetInterval = changes.resetInterval;
  if (changes.status) Object.assign(set, statusColumns(changes.status));
  if (isPortfolioKind(alert.scope)) {
    if (changes.thresholdType || changes.thresholdValue || changes.measure) {
      Object.assign(set, kindThresholdColumns(alert, changes));
    }
  } else if (changes.measure) {
    throw invalid('measure is only for holding gain/loss alerts.');
  } else if (changes.thresholdType || changes.thresholdValue) {
    Object.assign(set, await thresholdColumns(db, user.id, alert, changes));
  }
  await save(db, user.id, id, set);
  return viewAlert(db, user.id, id);
}

/** PATCH /api/alerts/{id}/status. */
export async function setAlertStatus(
  db: AppDb,
  userId: string,
  id: string,
  status: AlertStatus,
): Promise<AlertView> {
  await save(db, userId, id, statusColumns(status));
  return viewAlert(db, userId, id);
}

/** PATCH /api/alerts/{id}/reset-interval. */
export async function setResetInterval(
  db: AppDb,
  userId: string,
  id: string,
  resetInterval: ResetInterval,
): Promise<AlertView> {
  await save(db, userId, id, { resetInterval });
  return viewAlert(db, userId, id);
}

async function save(db: AppDb, userId: string, id: string, set: Partial<NewAlert>): Promise<AlertRecord> {
  const row = await updateAlert(db, userId, id, set);
  if (!row) throw alertNotFound();
  return row;
}

async function thresholdColumns(
  db: AppDb,
  userId: string,
  alert: AlertRecord,
  changes: UpdateAlert,
): Promise<Partial<NewAlert>> {
  const thresholdType = (changes.thresholdType ?? alert.thresholdType) as ThresholdType;
  const thresholdValue = changes.thresholdValue ?? alert.thresholdValue;
  if (alert.scope !== 'coin') {
    if (!isPercentThreshold(thresholdType)) throw invalid(ALERT_MESSAGES.percentOnly);
    if (thresholdType === 'Loss' && Number(thresholdValue) >= 100)
      throw invalid(ALERT_MESSAGES.lossBelowHundred);
    return { thresholdType, thresholdValue };
  }
  const currency = displayCurrencyOf(alert.currency);
  const cap = priceCapMessage(thresholdType, thresholdValue, currency);
  if (cap) throw invalid(cap);
  let reference: string | null = null;
  if (isPercentThreshold(thresholdType)) {
    const holding = alert.portfolioItemId ? await findHolding(db, userId, alert.portfolioItemId) : undefined;
    reference =
      (holding && Number(holding.purchasePrice) > 0 ? holding.purchasePrice : null) ??
      alert.referenceValue ??
      (alert.coingeckoId ? ((await findLatestPrice(db, alert.coingeckoId)) ?? null) : null);
  }
  const trigger = computeTrigger({ thresholdType, thresholdValue, referencePrice: reference });
  if (!trigger.ok) {
    throw invalid(
      trigger.reason === 'no_reference'
        ? `No purchase price or current price is known for ${alert.coinSymbol ?? 'this coin'} yet.`
        : thresholdType === 'Loss'
          ? ALERT_MESSAGES.lossBelowHundred
          : 'The alert value is not valid.',
    );
  }
  return {
    thresholdType,
    thresholdValue,
    direction: directionOf(thresholdType),
    // The alert keeps its currency: a price is in it, a percentage is measured from dollar prices.
    triggerCurrency: isPercentThreshold(thresholdType) ? 'usd' : currency,
    triggerPrice: trigger.triggerPrice,
    referenceValue: isPercentThreshold(thresholdType) ? reference : null,
  };
}

/**
 * A portfolio kind's new threshold, checked by the same rules as on create. A drawdown changed is measured
 * afresh: its high-water mark is taken again by the next tick.
 */
function kindThresholdColumns(alert: AlertRecord, changes: UpdateAlert): Partial<NewAlert> {
  const thresholdType = (changes.thresholdType ?? alert.thresholdType) as ThresholdType;
  const thresholdValue = changes.thresholdValue ?? alert.thresholdValue;
  const measure = changes.measure ?? (alert.measure as PnlMeasure | null);
  const [problem] = portfolioRuleProblems({
    kind: alert.scope as PortfolioKind,
    thresholdType,
    thresholdValue,
    measure,
    holdingId: alert.portfolioItemId,
  });
  if (problem) throw invalid(problem.message);
  return {
    thresholdType,
    thresholdValue,
    measure,
    direction: directionOf(thresholdType),
    ...(alert.scope === 'drawdown' && { highWater: null, highWaterAt: null }),
  };
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message });
}
