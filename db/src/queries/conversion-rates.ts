/**
 * The stored daily rates that bring transactions made in several currencies into one (domain
 * convertHistory): display-currency rates per dollar and coins' dollar closes, from a first day on.
 */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  convertHistory,
  isDisplayCurrency,
  ratesInto,
  ratesWanted,
  type DailyRateTables,
  type DayValue,
  type DisplayCurrency,
  type HoldingTransaction,
  type MissingRate,
} from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import { fxRates, marketHistory } from '../schema/index.ts';

/** Days before the first transaction also read, so its day finds the last rate stored before it. */
const LOOK_BACK_DAYS = 31;

/**
 * The tables for `currencies` (display currency codes; 'usd' needs none) and `coins` (CoinGecko ids)
 * from `fromDay` (YYYY-MM-DD) on. A coin's close of a day is its last stored dollar price of that UTC day.
 */
export async function loadDailyRateTables(
  db: AppDb | AppTx,
  wanted: { currencies: readonly string[]; coins: readonly string[]; fromDay: string },
): Promise<DailyRateTables> {
  const start = new Date(Date.parse(`${wanted.fromDay}T00:00:00Z`) - LOOK_BACK_DAYS * 86_400_000);
  const startDay = start.toISOString().slice(0, 10);
  const currencies = [...new Set(wanted.currencies)].filter((c) => isDisplayCurrency(c) && c !== 'usd');
  const coins = [...new Set(wanted.coins)];
  const day = sql<string>`to_char(${marketHistory.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [fxRows, coinRows] = await Promise.all([
    currencies.length === 0
      ? []
      : db
          .select({ currency: fxRates.currency, day: fxRates.day, rate: fxRates.rate })
          .from(fxRates)
          .where(and(inArray(fxRates.currency, currencies), gte(fxRates.day, startDay)))
          .orderBy(asc(fxRates.currency), asc(fxRates.day)),
    coins.length === 0
      ? []
      : db
          .selectDistinctOn([marketHistory.coingeckoId, day], {
            coingeckoId: marketHistory.coingeckoId,
            day,
            price: marketHistory.price,
          })
          .from(marketHistory)
          .where(
            and(
              inArray(marketHistory.coingeckoId, coins),
              eq(marketHistory.currency, 'usd'),
              gte(marketHistory.at, start),
            ),
          )
          .orderBy(marketHistory.coingeckoId, day, desc(marketHistory.at)),
  ]);
  const fx: Record<string, DayValue[]> = {};
  for (const row of fxRows) (fx[row.currency] ??= []).push({ day: String(row.day), value: row.rate });
  const coinTables: Record<string, DayValue[]> = {};
  for (const row of coinRows) {
    (coinTables[row.coingeckoId] ??= []).push({ day: row.day, value: Number(row.price) });
  }
  return { fx, coins: coinTables };
}

/**
 * Histories (holding id -> transactions) with every price and fee in `target`, each transaction
 * converted with the stored rate of its own day, and the days whose own rate was missing. Histories
 * already in `target` read no rates.
 */
export async function historiesIn(
  db: AppDb | AppTx,
  histories: ReadonlyMap<string, HoldingTransaction[]>,
  target: DisplayCurrency,
): Promise<{ histories: Map<string, HoldingTransaction[]>; missing: MissingRate[] }> {
  const wanted = ratesWanted(histories.values(), target);
  if (!wanted) return { histories: new Map(histories), missing: [] };
  const rates = ratesInto(target, await loadDailyRateTables(db, wanted));
  const out = new Map<string, HoldingTransaction[]>();
  const missing = new Map<string, MissingRate>();
  for (const [holdingId, list] of histories) {
    const converted = convertHistory(list, target, rates);
    out.set(holdingId, converted.transactions);
    for (const m of converted.missing) missing.set(`${m.currency} ${m.day}`, m);
  }
  const sorted = [...missing.values()].sort((a, b) =>
    a.day === b.day ? a.currency.localeCompare(b.currency) : a.day < b.day ? -1 : 1,
  );
  return { histories: out, missing: sorted };
}
