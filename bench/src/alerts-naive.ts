/**
 * The naive alert evaluation the benchmark compares against: load every Active alert and test each in
 * JavaScript against the tick (plain number comparisons, the cheapest test there is).
 */
import type { PriceTick } from '@coinpace/domain';
import { alerts, eq, type AppDb } from './alerts-db.ts';

export async function naiveEvaluate(db: AppDb, tick: PriceTick): Promise<string[]> {
  const rows = await db
    .select({
      id: alerts.id,
      coin: alerts.coingeckoId,
      direction: alerts.direction,
      trigger: alerts.triggerPrice,
    })
    .from(alerts)
    .where(eq(alerts.status, 'Active'));
  const fired: string[] = [];
  for (const row of rows) {
    const quote = row.coin ? tick.prices[row.coin] : undefined;
    if (!quote || row.trigger === null) continue;
    const trigger = Number(row.trigger);
    if (row.direction === 'above' ? quote.usd >= trigger : quote.usd <= trigger) fired.push(row.id);
  }
  return fired;
}
