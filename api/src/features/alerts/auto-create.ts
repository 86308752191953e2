/**
 * Auto-creating an alert for a new coin (SPEC.md section 4): each coin added to the portfolio gets an
 * alert like the user's first active individual-coin PortfolioGainLoss alert (its threshold type and
 * value, notification method and reset interval), measured from the new holding's purchase price.
 *
 * The server does it where holdings are added, so it happens once per new coin whichever screen, tab,
 * device or import added it, and an alert the user deletes later is not made again. It is skipped,
 * quietly, wherever creating the alert by hand would be refused: no plan or a Pending account, no
 * notifications left this period, the plan's set-up cap, or missing contact details.
 */
import {
  countAlerts,
  findAutoCreateTemplate,
  insertAlerts,
  lockUserAlerts,
  type AlertRecord,
  type AppDb,
  type NewAlert,
  type UserRecord,
} from '@coinpace/db';
import { AppError, type HoldingRow, type NotificationMethod, type ThresholdType } from '@coinpace/domain';
import { requireAlertPlan, requireContactFor } from './gate.ts';
import { gainLossAlertRow } from './holding-alert.ts';

/** Creates the alerts for newly added holdings; returns those created (none when there is no template). */
export async function autoCreateForNewHoldings(
  db: AppDb,
  user: UserRecord,
  added: readonly HoldingRow[],
  now: Date,
): Promise<AlertRecord[]> {
  const candidates = added.filter((h) => h.coingeckoId);
  if (candidates.length === 0) return [];
  const template = await findAutoCreateTemplate(db, user.id);
  if (!template) return [];
  let setupCap: number;
  try {
    setupCap = (await requireAlertPlan(db, user.id, now, template.notificationMethod as NotificationMethod))
      .setupCap;
    requireContactFor(user, template.notificationMethod as NotificationMethod);
  } catch (err) {
    if (err instanceof AppError) return [];
    throw err;
  }
  const settings = {
    thresholdType: template.thresholdType as ThresholdType,
    thresholdValue: template.thresholdValue,
    notificationMethod: template.notificationMethod,
    resetInterval: template.resetInterval,
    currency: template.currency,
  };
  const rows = candidates
    .map((holding) => gainLossAlertRow(user.id, holding, settings))
    .filter((row): row is NewAlert => row !== null)
    // Marked, so the alerts screen can say these were set for the user.
    .map((row) => ({ ...row, origin: 'auto' }));
  if (rows.length === 0) return [];
  return db.transaction(async (tx) => {
    await lockUserAlerts(tx, user.id);
    const room = setupCap - (await countAlerts(tx, user.id));
    return room > 0 ? insertAlerts(tx, rows.slice(0, room)) : [];
  });
}
