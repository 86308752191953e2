/** The re-arm job's statement (DESIGN.md section 5): trigger-paused alerts become Active after their reset interval. */
import { RESET_INTERVAL_MS, RESET_INTERVALS } from '@coinpace/domain';
import { sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import { rowsOf } from './locks.ts';

const SHORTEST_MS = Math.min(...Object.values(RESET_INTERVAL_MS));

/** An alert's reset interval in ms, in SQL: CASE reset_interval WHEN '1hour' THEN 3600000 ... END, from domain's table. */
export const resetIntervalMsSql = sql.join(
  [
    sql.raw('case reset_interval'),
    ...RESET_INTERVALS.map((name) => sql.raw(`when '${name}' then ${RESET_INTERVAL_MS[name]}`)),
    sql.raw(`else ${RESET_INTERVAL_MS['1week']} end`),
  ],
  sql.raw(' '),
);

/**
 * Makes Active again every alert paused by its trigger whose `last_triggered + reset_interval` is at or
 * before `now`. Alerts the user paused are never touched. The partial index on last_triggered
 * (WHERE paused_by = 'trigger') bounds the rows looked at. A drawdown alert's high-water mark is cleared:
 * it measures from the highest value since it was re-armed, which the next tick takes.
 * @returns the alerts re-armed.
 */
export async function rearmDueAlerts(
  db: AppDb | AppTx,
  now: Date,
): Promise<{ id: string; userId: string }[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    update alerts set status = 'Active', paused_by = null, updated_at = ${at}::timestamptz,
      high_water = null, high_water_at = null
    where paused_by = 'trigger' and status = 'Paused'
      and last_triggered <= ${at}::timestamptz - ${SHORTEST_MS} * interval '1 millisecond'
      and last_triggered + (${resetIntervalMsSql}) * interval '1 millisecond' <= ${at}::timestamptz
    returning id, user_id as "userId"`);
  return rowsOf<{ id: string; userId: string }>(result);
}
