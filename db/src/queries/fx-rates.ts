/**
 * Display-currency rates: the poller saves what each poll read; screens convert dollar
 * figures with the latest rate, and history with the rate of its own day.
 */
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import {
  isDisplayCurrency,
  isUsableRate,
  utcDay,
  type DisplayCurrency,
  type FxRates,
} from '@coinpace/domain';
import type { AppDb } from '../connect.ts';
import { alerts, fxRates, holdingTransactions, users } from '../schema/index.ts';

/** Stores the rates read at `at` as the rates of its UTC day (the day's row takes the newest). */
export async function saveFxRates(db: AppDb, rates: FxRates, at: Date): Promise<void> {
  const rows = Object.entries(rates)
    .filter(([currency, rate]) => isDisplayCurrency(currency) && isUsableRate(rate))
    .map(([currency, rate]) => ({ currency, day: utcDay(at), rate: rate!, updatedAt: at }));
  if (rows.length === 0) return;
  await db
    .insert(fxRates)
    .values(rows)
    .onConflictDoUpdate({
      target: [fxRates.currency, fxRates.day],
      set: { rate: sql`excluded.rate`, updatedAt: sql`excluded.updated_at` },
      setWhere: sql`${fxRates.updatedAt} <= excluded.updated_at`,
    });
}

/**
 * Stores past daily rates of one currency read from a price history, each with `updatedAt` at
 * the start of its UTC day so that any later poll of that day still moves it. A day that already has a
 * rate keeps it: a poll's rate is read from many coins and is the better one.
 */
export async function saveDailyFxRates(
  db: AppDb,
  currency: DisplayCurrency,
  days: readonly { day: string; rate: number }[],
): Promise<void> {
  const rows = days
    .filter(({ day, rate }) => /^\d{4}-\d{2}-\d{2}$/.test(day) && isUsableRate(rate))
    .map(({ day, rate }) => ({ currency, day, rate, updatedAt: new Date(`${day}T00:00:00Z`) }));
  if (rows.length === 0 || !isDisplayCurrency(currency) || currency === 'usd') return;
  await db
    .insert(fxRates)
    .values(rows)
    .onConflictDoNothing({ target: [fxRates.currency, fxRates.day] });
}

/** The first day each currency has a stored rate for; a currency with none is absent. */
export async function firstFxRateDays(db: AppDb): Promise<Partial<Record<DisplayCurrency, string>>> {
  const rows = await db
    .select({ currency: fxRates.currency, day: sql<string>`min(${fxRates.day})::text` })
    .from(fxRates)
    .groupBy(fxRates.currency);
  const first: Partial<Record<DisplayCurrency, string>> = {};
  for (const row of rows) if (isDisplayCurrency(row.currency)) first[row.currency] = String(row.day);
  return first;
}

/** The newest rate of each currency, and when the oldest of them was read (null with none stored). */
export async function loadLatestFxRates(db: AppDb): Promise<{ rates: FxRates; at: Date | null }> {
  const rows = await db
    .selectDistinctOn([fxRates.currency], {
      currency: fxRates.currency,
      rate: fxRates.rate,
      updatedAt: fxRates.updatedAt,
    })
    .from(fxRates)
    .orderBy(fxRates.currency, sql`${fxRates.day} desc`);
  const rates: Partial<Record<DisplayCurrency, number>> = {};
  let at: Date | null = null;
  for (const row of rows) {
    if (!isDisplayCurrency(row.currency)) continue;
    rates[row.currency] = row.rate;
    if (!at || row.updatedAt < at) at = row.updatedAt;
  }
  return { rates, at };
}

/** Each day's rate of `currency` from `fromDay` on, oldest first: `[{day: '2026-11-01', rate}]`. */
export async function loadDailyFxRates(
  db: AppDb,
  currency: DisplayCurrency,
  fromDay: string,
): Promise<{ day: string; rate: number }[]> {
  return db
    .select({ day: fxRates.day, rate: fxRates.rate })
    .from(fxRates)
    .where(and(eq(fxRates.currency, currency), gte(fxRates.day, fromDay)))
    .orderBy(fxRates.day);
}

/**
 * The currencies besides the US dollar that users have chosen to see, or that their Active alerts were
 * set in: the set the poller backfills past daily rates for (every poll reads today's rate of every
 * display currency). Both reads use partial indexes of the non-dollar rows.
 */
export async function displayCurrenciesInUse(db: AppDb): Promise<DisplayCurrency[]> {
  const chosen = db
    .selectDistinct({ currency: users.displayCurrency })
    .from(users)
    .where(ne(users.displayCurrency, 'usd'));
  const alerted = db
    .selectDistinct({ currency: alerts.currency })
    .from(alerts)
    .where(and(ne(alerts.currency, 'usd'), eq(alerts.status, 'Active')));
  const rows = await union(chosen, alerted);
  return rows
    .map((r) => r.currency)
    .filter(isDisplayCurrency)
    .sort();
}

/**
 * The earliest UTC day ('YYYY-MM-DD') each display currency's rate is needed on: the first transaction
 * made in it, or the first transaction of any user who shows it, whichever is older. Currencies no one
 * needs are absent. Two grouped reads of the transactions, one per reason.
 */
export async function earliestFxNeeds(db: AppDb): Promise<Partial<Record<DisplayCurrency, string>>> {
  const firstDay = sql<string>`to_char(min(${holdingTransactions.at}) at time zone 'UTC', 'YYYY-MM-DD')`;
  const [made, shown] = await Promise.all([
    db
      .select({ currency: holdingTransactions.currency, day: firstDay })
      .from(holdingTransactions)
      .where(ne(holdingTransactions.currency, 'usd'))
      .groupBy(holdingTransactions.currency),
    db
      .select({ currency: users.displayCurrency, day: firstDay })
      .from(holdingTransactions)
      .innerJoin(users, eq(users.id, holdingTransactions.userId))
      .where(ne(users.displayCurrency, 'usd'))
      .groupBy(users.displayCurrency),
  ]);
  const needs: Partial<Record<DisplayCurrency, string>> = {};
  for (const { currency, day } of [...made, ...shown]) {
    if (!isDisplayCurrency(currency) || day === null) continue;
    const before = needs[currency];
    if (before === undefined || String(day) < before) needs[currency] = String(day);
  }
  return needs;
}
