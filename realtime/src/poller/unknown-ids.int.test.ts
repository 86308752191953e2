/**
 * 1,500 made-up ids in the tracked set (tracked before the API refused them, or
 * held) must not stretch the poll: the poller asks CoinGecko only for ids on its coin list, in as many
 * calls as the real coins need.
 */
import { createCoinGeckoPriceSource, noopLogger } from '@coinpace/adapters';
import {
  createFakeCoinGecko,
  createTestBus,
  type FakeCoinGecko,
  type TestBus,
} from '@coinpace/adapters/testing';
import { trackedCoins } from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  type TestDatabase,
} from '@coinpace/db/testing';
import { TICKER_COIN_IDS } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricePoll } from './price-poll.ts';

describe('a poll with made-up ids in the tracked set', () => {
  let database: TestDatabase;
  let bus: TestBus;
  let fake: FakeCoinGecko;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    bus = await createTestBus('memory');
    fake = createFakeCoinGecko();
    ({ url } = await fake.start());
    const user = await createTestUser(database.db);
    await database.db.insert(trackedCoins).values(
      Array.from({ length: 1_500 }, (_, i) => ({
        coingeckoId: `made-up-${i}`,
        name: `Made Up ${i}`,
        symbol: `MU${i}`,
        reason: 'manual',
        lastRequestedAt: new Date(),
      })),
    );
    await createTestHolding(database.db, user.id, { coingeckoId: 'held-made-up', symbol: 'HMU' });
  });
  afterAll(async () => {
    await fake?.close();
    await bus?.close();
    await database?.close();
  });

  it('asks upstream only for the coins CoinGecko knows', async () => {
    const prices = createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0 });
    const poll = new PricePoll({
      db: database.db,
      bus,
      prices,
      logger: noopLogger,
      now: Date.now,
      manualTrackTtlMs: 7 * 86_400_000,
    });
    poll.startTerm();
    const tick = await poll.run(() => true);
    expect(Object.keys(tick!.prices).sort()).toEqual([...TICKER_COIN_IDS].sort());
    const calls = fake.requestsTo('simple/price');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.get('ids')!.split(',').sort()).toEqual([...TICKER_COIN_IDS].sort());
    await poll.idle();
  });
});
