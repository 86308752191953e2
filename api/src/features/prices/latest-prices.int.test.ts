import { get } from 'node:http';
import { createMemoryBus, createSimulatedPriceSource, type Bus } from '@coinpace/adapters';
import { waitFor } from '@coinpace/adapters/testing';
import { loadLatestPrices, saveLatestPrices } from '@coinpace/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@coinpace/db/testing';
import { BUS_TOPICS, type PriceQuote, type PriceTick } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { LatestPrices } from './latest-prices.ts';
import { TickRelay } from './tick-relay.ts';

const q = (usd: number): PriceQuote => ({ usd, usd_24h_change: 0.5, last_updated: 1_700_000_000 });
let seq = 0;
const tick = (prices: PriceTick['prices']): PriceTick => ({
  id: `${Date.now()}-${++seq}`,
  at: Date.now(),
  prices,
  source: { status: 'live' },
});

/** The status of a GET with If-None-Match (fetch would add Cache-Control: no-cache, which skips the check). */
const statusWithTag = (url: string, etag: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { headers: { 'if-none-match': etag } }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    }).on('error', reject);
  });

describe.each(testEngines(process.env.DATABASE_URL))('GET /api/prices from the ticks on %s', (engine) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers a tick’s price without the database having it', async () => {
    await saveLatestPrices(api.database.db, { 'lp-a': q(1), 'lp-b': q(2) }, 'coingecko', new Date());
    expect((await api.call('GET', '/api/prices?ids=lp-a,lp-b')).body).toEqual({ 'lp-a': q(1), 'lp-b': q(2) });

    await api.bus.publish(BUS_TOPICS.priceTick, tick({ 'lp-a': q(1.5) }));
    await waitFor(async () => (await api.call('GET', '/api/prices?ids=lp-a,lp-b')).body['lp-a'].usd === 1.5);
    expect((await api.call('GET', '/api/prices?ids=lp-a,lp-b')).body).toEqual({
      'lp-a': q(1.5),
      'lp-b': q(2),
    });
    // The database still holds the old price: the answer came from the tick.
    expect((await loadLatestPrices(api.database.db, ['lp-a']))['lp-a']!.quote).toEqual(q(1));
  });

  it('sends the same JSON with an entity tag, 304 for it, and a new tag after a tick', async () => {
    await saveLatestPrices(api.database.db, { 'lp-c': q(3) }, 'coingecko', new Date());
    const first = await api.call('GET', '/api/prices?ids=lp-c');
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(await statusWithTag(`${api.url}/api/prices?ids=lp-c`, etag)).toBe(304);

    await api.bus.publish(BUS_TOPICS.priceTick, tick({ 'lp-c': q(3.5) }));
    await waitFor(async () => (await api.call('GET', '/api/prices?ids=lp-c')).body['lp-c'].usd === 3.5);
    expect(await statusWithTag(`${api.url}/api/prices?ids=lp-c`, etag)).toBe(200);
    const changed = await api.call('GET', '/api/prices?ids=lp-c');
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body).toEqual({ 'lp-c': q(3.5) });
  });

  it('keeps the order of the asked ids', async () => {
    await saveLatestPrices(api.database.db, { 'lp-d': q(4), 'lp-e': q(5) }, 'coingecko', new Date());
    const response = await fetch(`${api.url}/api/prices?ids=lp-e,lp-d`);
    expect(await response.text()).toBe(JSON.stringify({ 'lp-e': q(5), 'lp-d': q(4) }));
  });
});

describe.each(testEngines(process.env.DATABASE_URL))('LatestPrices on %s', (engine) => {
  let database: TestDatabase;
  let bus: Bus;
  const reads: string[][] = [];
  const latestPrices = (options: { now?: () => number } = {}) =>
    new LatestPrices(
      (ids) => {
        reads.push([...ids]);
        return loadLatestPrices(database.db, ids);
      },
      createSimulatedPriceSource({ seed: 1 }),
      new TickRelay(bus),
      { staleAfterMs: 60_000, recheckMs: 1_000, ...options },
    );

  beforeAll(async () => {
    database = await createTestDatabase(engine, process.env.DATABASE_URL);
    bus = createMemoryBus();
    await saveLatestPrices(database.db, { 'cold-a': q(10), 'cold-b': q(20) }, 'coingecko', new Date());
  });
  afterAll(async () => {
    await bus?.close();
    await database?.close();
  });

  it('reads the database once on a cold start, shared by concurrent requests, then answers from memory', async () => {
    reads.length = 0;
    const latest = latestPrices();
    const answers = await Promise.all(Array.from({ length: 5 }, () => latest.read(['cold-a', 'cold-b'])));
    for (const answer of answers) expect(answer.prices).toEqual({ 'cold-a': q(10), 'cold-b': q(20) });
    expect(reads).toEqual([['cold-a', 'cold-b']]);
    // Later requests, for these coins or some of them, do not read it again.
    await latest.read(['cold-b', 'cold-a']);
    await latest.read(['cold-a']);
    expect(reads).toHaveLength(1);
    const body = (await latest.read(['cold-a', 'cold-b'])).encoded!.body;
    expect(body.toString('utf8')).toBe(JSON.stringify({ 'cold-a': q(10), 'cold-b': q(20) }));
  });

  it('is fresh after a tick, and keeps a tick newer than a database read that finishes after it', async () => {
    reads.length = 0;
    const latest = latestPrices();
    // The first read takes the tick subscription.
    await latest.read(['cold-b']);
    const reading = latest.read(['cold-a']);
    await bus.publish(BUS_TOPICS.priceTick, tick({ 'cold-a': q(11) }));
    await reading;
    expect((await latest.read(['cold-a'])).prices).toEqual({ 'cold-a': q(11) });
    expect(reads).toHaveLength(2);
  });

  it('asks the database again for a price gone stale, and for an unknown coin at most once per recheck', async () => {
    reads.length = 0;
    let now = Date.now();
    const latest = latestPrices({ now: () => now });
    await latest.read(['cold-b', 'no-such-coin']);
    await latest.read(['no-such-coin']);
    expect(reads).toEqual([['cold-b', 'no-such-coin']]);
    now += 1_500;
    await latest.read(['no-such-coin']);
    expect(reads).toHaveLength(2);
    now += 60_000;
    await saveLatestPrices(database.db, { 'cold-b': q(21) }, 'coingecko', new Date(now));
    expect((await latest.read(['cold-b'])).prices).toEqual({ 'cold-b': q(21) });
    expect(reads.at(-1)).toEqual(['cold-b']);
  });
});
