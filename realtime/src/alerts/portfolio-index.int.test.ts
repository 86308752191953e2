import { createRecordingLogger } from '@coinpace/adapters/testing';
import { loadWideAlertsOf, updateAlert, updateHolding } from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  setTestPrice,
  testEngines,
  type TestDatabase,
} from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKindAlert, createPaidUser, makeTick } from '../testing/alert-fixtures.ts';
import { PortfolioIndex } from './portfolio-index.ts';
import { processTick, type AlertEngineDeps } from './process-tick.ts';

// The real server when it is set (as .ci/run sets it), else the embedded default.
const engine = testEngines(process.env.DATABASE_URL).at(-1)!;

describe(`the alert consumer's portfolio index on ${engine}`, () => {
  let database: TestDatabase;
  let deps: AlertEngineDeps;

  beforeAll(async () => {
    database = await createTestDatabase(engine, process.env.DATABASE_URL);
    deps = {
      db: database.db,
      logger: createRecordingLogger(),
      pollMs: 60_000,
      publicUrl: 'http://coinpace.test',
      now: () => Date.now(),
      portfolioIndex: new PortfolioIndex(),
    };
  });
  afterAll(async () => {
    await database?.close();
  });

  const firedIds = async (prices: Record<string, number>) =>
    (await processTick(deps, makeTick(prices, Date.now()))).fired.map((f) => f.payload.alertId);

  it('sees a holding changed after it was built on the next tick', async () => {
    const coin = `index-holding-${engine}`;
    const user = await createPaidUser(database.db);
    const holding = await createTestHolding(database.db, user.id, {
      coingeckoId: coin,
      symbol: 'IXH',
      quantity: '1',
      purchasePrice: '100',
    });
    await setTestPrice(database.db, coin, 100);
    const value = await createKindAlert(database.db, user.id, {
      scope: 'portfolio_value',
      thresholdType: 'Above',
      thresholdValue: 1_000,
    });
    // 1 coin at 101: 101, short of 1,000; the index now holds this user.
    expect(await firedIds({ [coin]: 101 })).toEqual([]);

    // Ten coins now, written as the API writes them: 10 × 102 = 1,020 crosses 1,000.
    const changed = await updateHolding(database.db, user.id, holding.id, {
      purchasePrice: '100',
      quantity: '10',
    });
    expect(changed.status).toBe('ok');
    expect(await firedIds({ [coin]: 102 })).toEqual([value.id]);
  });

  it('sees a portfolio-kind alert created or edited after it was built on the next tick', async () => {
    const coin = `index-alert-${engine}`;
    const user = await createPaidUser(database.db);
    const holding = await createTestHolding(database.db, user.id, {
      coingeckoId: coin,
      symbol: 'IXA',
      quantity: '2',
      purchasePrice: '100',
    });
    await setTestPrice(database.db, coin, 100);
    const first = await createKindAlert(database.db, user.id, {
      scope: 'portfolio_value',
      thresholdType: 'Above',
      thresholdValue: 10_000,
    });
    expect(await firedIds({ [coin]: 101 })).toEqual([]);

    // A new alert, and the old one's threshold lowered, both after the index took this user in.
    const added = await createKindAlert(database.db, user.id, {
      scope: 'holding_pnl',
      thresholdType: 'Gain',
      thresholdValue: 50,
      measure: 'amount',
      portfolioItemId: holding.id,
      coinSymbol: 'IXA',
    });
    await updateAlert(database.db, user.id, first.id, { thresholdValue: '200' });
    // 2 × 130 = 260: above 200, and a gain of 60 on a cost of 200.
    expect((await firedIds({ [coin]: 130 })).sort()).toEqual([first.id, added.id].sort());
  });

  /** The user's wide alerts as this index holds them, against the database's rows, after a look at the log. */
  const inMemoryAndStored = async (index: PortfolioIndex, userId: string) => {
    await index.refresh(database.db);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    return {
      memory: [...index.alertsOf(userId)].sort(byId),
      stored: (await loadWideAlertsOf(database.db, [userId])).sort(byId),
    };
  };

  it('keeps the drawdown marks it raised itself as the database holds them, and judges the next tick on them', async () => {
    const coin = `index-raise-${engine}`;
    const user = await createPaidUser(database.db);
    await createTestHolding(database.db, user.id, {
      coingeckoId: coin,
      symbol: 'IXR',
      quantity: '1.5',
      purchasePrice: '900',
    });
    await setTestPrice(database.db, coin, 1_000);
    const drawdown = await createKindAlert(database.db, user.id, {
      scope: 'drawdown',
      thresholdType: 'Loss',
      thresholdValue: 10,
    });
    const index = deps.portfolioIndex!;
    const markOf = (userId: string) => index.alertsOf(userId).find((a) => a.id === drawdown.id)?.highWater;

    // The first mark taken (1.5 × 1,000.123), then raised (1.5 × 1,200.37): each as the database holds it.
    expect(await firedIds({ [coin]: 1_000.123 })).toEqual([]);
    expect(Number(markOf(user.id))).toBeCloseTo(1_500.1845, 8);
    let seen = await inMemoryAndStored(index, user.id);
    expect(seen.memory).toEqual(seen.stored);
    expect(await firedIds({ [coin]: 1_200.37 })).toEqual([]);
    expect(Number(markOf(user.id))).toBeCloseTo(1_800.555, 8);
    seen = await inMemoryAndStored(index, user.id);
    expect(seen.memory).toEqual(seen.stored);

    // 1.5 × 1,080 = 1,620 is 10.03 % under the raised mark: it fires (under the first mark it would rise).
    expect(await firedIds({ [coin]: 1_080 })).toEqual([drawdown.id]);
  });

  it("another consumer's index sees the marks this one raised, and this one sees others' edits after its raise", async () => {
    const coin = `index-raise-two-${engine}`;
    const user = await createPaidUser(database.db);
    await createTestHolding(database.db, user.id, {
      coingeckoId: coin,
      symbol: 'IXT',
      quantity: '2',
      purchasePrice: '50',
    });
    await setTestPrice(database.db, coin, 100);
    const drawdown = await createKindAlert(database.db, user.id, {
      scope: 'drawdown',
      thresholdType: 'Loss',
      thresholdValue: 25,
    });
    const index = deps.portfolioIndex!;
    const other = new PortfolioIndex();
    await other.refresh(database.db);

    expect(await firedIds({ [coin]: 100 })).toEqual([]);
    expect(await firedIds({ [coin]: 110.5 })).toEqual([]);
    const theirs = await inMemoryAndStored(other, user.id);
    expect(Number(theirs.stored.find((a) => a.id === drawdown.id)?.highWater)).toBe(221);
    expect(theirs.memory).toEqual(theirs.stored);

    // An edit by the API after this consumer's own raise is not taken for its own: it is reloaded.
    await updateAlert(database.db, user.id, drawdown.id, { thresholdValue: '5' });
    const ours = await inMemoryAndStored(index, user.id);
    expect(Number(ours.memory.find((a) => a.id === drawdown.id)?.thresholdValue)).toBe(5);
    expect(ours.memory).toEqual(ours.stored);
  });
});
