import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestUser, testEngines, type TestDatabase } from '../testing.ts';
import { displayCurrenciesInUse, loadDailyFxRates, loadLatestFxRates, saveFxRates } from './fx-rates.ts';
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
