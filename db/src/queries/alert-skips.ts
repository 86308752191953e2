/**
 * Firings skipped because the allowance was used up (DESIGN.md section 5, Allowance). A skip does not
 * pause the alert, so it fires at the first tick past its trigger once the allowance allows (after an
 * upgrade or in the next billing period). So that a price that stays past the trigger does not record a
 * skip on every tick, the skip is recorded once per crossing: `skipped_at` marks it, and only a tick that
 * sees the price back on the other side of the trigger, once the alert's reset interval has passed since
 * the skip, ends the crossing. A price swinging back and forth across the trigger thus records a skip at
 * most once per reset interval, as often as the alert could fire.
 */
import { type FxRates } from '@coinpace/domain';
import { sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import type { AlertRecord } from './alerts.ts';
import { tickQuotesJson, tickRatesJson, type TickQuote } from './alert-evaluation.ts';
import { resetIntervalMsSql } from './alert-rearm.ts';
import { rowsOf } from './locks.ts';

const idList = (ids: string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/**
 * Records that the alerts' firing was skipped at `now`. They stay Active; `updated_at` is left alone, as
 * it says when the alert was last set up, which a skip does not change.
 */
export async function recordAllowanceSkips(tx: AppTx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update alerts set skipped_at = ${now.toISOString()}::timestamptz where id in ${idList(ids)}`,
  );
}

/**
 * Whether the skip of the alert's current crossing is on record: skipped since the alert was last set up
 * (created, edited, re-armed). An edit starts a new crossing, whose skip is recorded again.
 */
export function isSkipOnRecord(alert: Pick<AlertRecord, 'skippedAt' | 'updatedAt'>): boolean {
  return alert.skippedAt !== null && alert.skippedAt.getTime() >= alert.updatedAt.getTime();
}

/**
 * A skip recorded at `skipped_at` may end at a tick of `tickAt` its reset interval later (so also never
 * at a tick older than the skip, handled late).
 */
const skipMayEnd = (tickAt: Date) =>
  sql`skipped_at + (${resetIntervalMsSql}) * interval '1 millisecond' <= ${tickAt.toISOString()}::timestamptz`;

/**
 * Ends the crossing of single-coin alerts with a skip on record whose trigger the tick's price is back
 * short of (in a currency the tick has a rate for). Reads the partial index on skipped alerts only.
 * @returns the alerts whose crossing ended.
 */
export async function clearPassedSkips(
  db: AppDb | AppTx,
  quotes: TickQuote[],
  rates: FxRates,
  tickAt: Date,
): Promise<string[]> {
  if (quotes.length === 0) return [];
  const result = await db.execute(sql`
    update alerts set skipped_at = null
    from jsonb_to_recordset(${tickQuotesJson(quotes)}::jsonb) as t(coin text, price numeric),
      jsonb_to_recordset(${tickRatesJson(rates)}::jsonb) as r(currency text, rate numeric)
    where alerts.skipped_at is not null and alerts.coingecko_id = t.coin
      and alerts.trigger_currency = r.currency and ${skipMayEnd(tickAt)}
      and ((alerts.direction = 'above' and alerts.trigger_price > t.price * r.rate)
        or (alerts.direction = 'below' and alerts.trigger_price < t.price * r.rate))
    returning alerts.id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** Ends the crossing of the given alerts (whole-portfolio and all-coins alerts a tick found not past). */
export async function clearSkips(db: AppDb | AppTx, ids: string[], tickAt: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    update alerts set skipped_at = null
    where id in ${idList(ids)} and skipped_at is not null and ${skipMayEnd(tickAt)}
    returning id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
