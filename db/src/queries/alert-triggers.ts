/**
 * Keeps Gain/Loss trigger prices current when a holding's purchase price changes (DESIGN.md section 5:
 * 'Stored on the row, kept current when the holding's purchase price changes').
 */
import { computeTrigger, isZeroDecimal, toDecimalString, type ThresholdType } from '@coinpace/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import { alerts } from '../schema/index.ts';

/**
 * Recomputes the trigger of every single-coin Gain/Loss alert on the holding from its new purchase
 * price. A purchase price of 0 ('not known') keeps the reference the alert was set with.
 * @returns how many alerts changed.
 */
export async function refreshHoldingTriggers(
  db: AppDb | AppTx,
  holding: { id: string; purchasePrice: string },
): Promise<number> {
  const purchasePrice = toDecimalString(holding.purchasePrice);
  if (purchasePrice === null || isZeroDecimal(purchasePrice)) return 0;
  const rows = await db
    .select({ id: alerts.id, thresholdType: alerts.thresholdType, thresholdValue: alerts.thresholdValue })
    .from(alerts)
    .where(
      and(
        eq(alerts.portfolioItemId, holding.id),
        eq(alerts.scope, 'coin'),
        inArray(alerts.thresholdType, ['Gain', 'Loss']),
      ),
    );
  for (const row of rows) {
    const trigger = computeTrigger({
      thresholdType: row.thresholdType as ThresholdType,
      thresholdValue: row.thresholdValue,
      referencePrice: purchasePrice,
    });
    await db
      .update(alerts)
      .set({
        referenceValue: purchasePrice,
        direction: trigger.direction,
        triggerPrice: trigger.ok ? trigger.triggerPrice : null,
      })
      .where(eq(alerts.id, row.id));
  }
  return rows.length;
}
