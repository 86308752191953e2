/**
 * Display-currency rates older than any stored, filled on first need: a trade made in euros in 2021 gets
 * the euro's rates back to its day from Binance's EURUSDT daily klines (a local peer), and a new leader
 * asks nothing again.
 */
import { createCoinGeckoPriceSource, noopLogger } from '@coinpace/adapters';
import {
  createFakeBinance,
  createFakeCoinGecko,
  type FakeBinance,
  type FakeCoinGecko,
} from '@coinpace/adapters/testing';
import { holdingTransactions, loadDailyFxRates, saveFxRates } from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  testEngines,
  type TestDatabase,
} from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FxBackfill } from './fx-backfill.ts';

const databaseUrl = process.env.DATABASE_URL;
const DAY = 86_400_000;

describe.each(testEngines(databaseUrl))('older display-currency rates on %s', (engine) => {
  let database: TestDatabase;
  let coingecko: FakeCoinGecko;
  let binance: FakeBinance;
  let urls: { coingecko: string; binance: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine, databaseUrl);
    coingecko = createFakeCoinGecko();
    binance = createFakeBinance();
    // A euro worth 1.25 dollars every day: 0.8 euros a dollar.
    binance.addPair({ symbol: 'EURUSDT', listedAt: Date.parse('2020-01-03T00:00:00Z'), open: () => 1.25 });
    urls = { coingecko: (await coingecko.start()).url, binance: (await binance.start()).url };
  });
  afterAll(async () => {
    await binance?.close();
    await coingecko?.close();
    await database?.close();
  });

  const backfill = () =>
    new FxBackfill({
      db: database.db,
      prices: createCoinGeckoPriceSource({
        baseUrl: urls.coingecko,
        minGapMs: 0,
        binanceBaseUrl: urls.binance,
      }),
      logger: noopLogger,
      now: Date.now,
    });

  it('reads the euro back to a 2021 trade made in euros, once', async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const held = await createTestHolding(db, user.id, {
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
    });
    await db.insert(holdingTransactions).values({
      holdingId: held.id,
      userId: user.id,
      kind: 'buy',
      at: new Date('2021-03-10T15:00:00Z'),
      quantity: '0.1',
      pricePerCoin: '40000',
      currency: 'eur',
    });
    // The polls stored the last 40 days (so the 31-day backfill has nothing to do).
    await saveFxRates(db, { eur: 0.9 }, new Date(Date.now() - 40 * DAY));
    await saveFxRates(db, { eur: 0.9 }, new Date());

    const first = backfill();
    first.start([], () => true);
    await first.idle();
    const rates = await loadDailyFxRates(db, 'eur', '2021-03-09');
    expect(rates[0]).toEqual({ day: '2021-03-10', rate: 0.8 });
    // Every day from the trade's to the first the polls stored, and nothing asked of CoinGecko.
    const stored = rates.findIndex((r) => r.rate === 0.9);
    // Counted in whole UTC days: the polls' first day is the day 40 days ago, whatever the hour now.
    const firstPolledDay = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10);
    expect(stored).toBe((Date.parse(firstPolledDay) - Date.parse('2021-03-10')) / DAY);
    const calls = binance.requests.length;
    expect(calls).toBeGreaterThan(0);
    expect(binance.requests.every((r) => r.query.get('symbol') === 'EURUSDT')).toBe(true);
    expect(coingecko.requests.filter((r) => r.path.includes('market_chart'))).toEqual([]);

    // A new leader: the rates now reach the trade's day, so nothing is asked again.
    const second = backfill();
    second.start([], () => true);
    await second.idle();
    expect(binance.requests.length).toBe(calls);
  });
});
