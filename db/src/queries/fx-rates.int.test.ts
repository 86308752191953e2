import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestUser, testEngines, type TestDatabase } from '../testing.ts';
import {
  displayCurrenciesInUse,
  firstFxRateDays,
  loadDailyFxRates,
  loadLatestFxRates,
  saveDailyFxRates,
  saveFxRates,
} from './fx-rates.ts';
import { updateUserProfile } from './users.ts';

const serverUrl = process.env.DATABASE_URL;
const t = (iso: string) => new Date(iso);

describe.each(testEngines(serverUrl))('display-currency rates on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, serverUrl);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps one rate per currency and UTC day, the newest read winning, and serves the latest', async () => {
    const { db } = database;
    expect(await loadLatestFxRates(db)).toEqual({ rates: {}, at: null });
    await saveFxRates(db, { eur: 0.9, jpy: 140 }, t('2026-11-27T23:59:00Z'));
    await saveFxRates(db, { eur: 0.91 }, t('2026-11-28T08:00:00Z'));
    await saveFxRates(db, { eur: 0.92 }, t('2026-11-28T12:00:00Z'));
    // A read older than the day's row (a slow poller) does not overwrite it.
    await saveFxRates(db, { eur: 0.5 }, t('2026-11-28T10:00:00Z'));
    // Nothing that is not a positive rate of a display currency is stored.
    await saveFxRates(db, { eur: Number.NaN, gbp: 0, xyz: 3 } as never, t('2026-11-28T13:00:00Z'));

    const latest = await loadLatestFxRates(db);
    expect(latest.rates).toEqual({ eur: 0.92, jpy: 140 });
    expect(latest.at).toEqual(t('2026-11-27T23:59:00Z'));
    expect(await loadDailyFxRates(db, 'eur', '2026-11-01')).toEqual([
      { day: '2026-11-27', rate: 0.9 },
      { day: '2026-11-28', rate: 0.92 },
    ]);
    expect(await loadDailyFxRates(db, 'eur', '2026-11-28')).toHaveLength(1);
  });

  it('stores past daily rates read from a history without overwriting a day a poll stored', async () => {
    const { db } = database;
    await saveFxRates(db, { gbp: 0.8 }, t('2026-10-30T09:00:00Z'));
    await saveDailyFxRates(db, 'gbp', [
      { day: '2026-10-29', rate: 0.78 },
      { day: '2026-10-30', rate: 0.7 },
      { day: '2026-10-31', rate: 0.79 },
      { day: 'not-a-day', rate: 0.79 },
      { day: '2026-11-01', rate: Number.NaN },
    ]);
    expect(await loadDailyFxRates(db, 'gbp', '2026-10-01')).toEqual([
      { day: '2026-10-29', rate: 0.78 },
      { day: '2026-10-30', rate: 0.8 },
      { day: '2026-10-31', rate: 0.79 },
    ]);
    expect((await firstFxRateDays(db)).gbp).toBe('2026-10-29');
    // A poll later on a backfilled day still moves it: the history's rate is the day's first.
    await saveFxRates(db, { gbp: 0.81 }, t('2026-10-31T06:00:00Z'));
    expect((await loadDailyFxRates(db, 'gbp', '2026-10-31'))[0]!.rate).toBe(0.81);
  });

  it('lists the display currencies users chose besides the dollar', async () => {
    const { db } = database;
    const before = await displayCurrenciesInUse(db);
    const a = await createTestUser(db);
    const b = await createTestUser(db);
    await createTestUser(db);
    await updateUserProfile(db, a.id, { displayCurrency: 'jpy' });
    await updateUserProfile(db, b.id, { displayCurrency: 'btc' });
    const after = await displayCurrenciesInUse(db);
    expect(after).toEqual([...new Set([...before, 'btc', 'jpy'])].sort());
    expect(after).not.toContain('usd');
  });
});
