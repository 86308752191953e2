import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createCoinGeckoPriceSource,
  createSimulatedPriceSource,
  type Bus,
  type PriceSource,
} from '@coinpace/adapters';
import {
  busKinds,
  createFakeCoinGecko,
  SHAPE_FIAT_RATES,
  createRecordingLogger,
  createTestBus,
  waitFor,
  type FakeCoinGecko,
  type TestBus,
} from '@coinpace/adapters/testing';
import {
  loadDailyFxRates,
  loadLatestFxRates,
  loadLatestPrices,
  loadPriceHistory,
  saveLatestPrices,
  trackCoin,
  updateUserProfile,
} from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  testEngines,
  type TestDatabase,
} from '@coinpace/db/testing';
import {
  BUS_STREAMS,
  BUS_TOPICS,
  DISPLAY_CURRENCIES,
  TICKER_COIN_IDS,
  fallbackTicker,
  utcDay,
  type PriceTick,
} from '@coinpace/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAlertConsumer } from '../alerts/consumer.ts';
import { createCoinAlert, createPaidUser, readAlert } from '../testing/alert-fixtures.ts';
import { createPricePoller, type PricePoller } from './poller.ts';

const POLLER_PROCESS = fileURLToPath(new URL('./testing/poller-process.ts', import.meta.url));
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const combos = testEngines(databaseUrl).flatMap((engine) =>
  busKinds(redisUrl).map((kind) => [engine, kind] as const),
);

describe.each(combos)('price poller on %s with the %s bus', (engine, kind) => {
  let database: TestDatabase;
  let bus: TestBus;
  const pollers: PricePoller[] = [];
  const fakes: FakeCoinGecko[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine, databaseUrl);
    bus = await createTestBus(kind, { redisUrl });
  });
  afterEach(async () => {
    await Promise.all(pollers.splice(0).map((p) => p.stop()));
    await Promise.all(fakes.splice(0).map((f) => f.close()));
  });
  afterAll(async () => {
    await bus?.close();
    await database?.close();
  });

  function startPoller(
    prices: PriceSource,
    onBus: Bus = bus,
    extra: { pollMs?: number; lockTtlMs?: number } = {},
  ) {
    const poller = createPricePoller({
      db: database.db,
      bus: onBus,
      prices,
      pollMs: extra.pollMs ?? 100,
      lockTtlMs: extra.lockTtlMs ?? 3_000,
    });
    pollers.push(poller);
    poller.start();
    return poller;
  }

  async function collectTicks(): Promise<{ ticks: PriceTick[]; stop: () => Promise<void> }> {
    const ticks: PriceTick[] = [];
    const stop = await bus.subscribe(BUS_TOPICS.priceTick, (payload) => ticks.push(payload as PriceTick));
    return { ticks, stop };
  }

  it('polls the tracked set, stores fresh prices and history, and publishes only what changed', async () => {
    const fake = createFakeCoinGecko();
    fakes.push(fake);
    const { url } = await fake.start();
    fake.addCoin({ id: 'poll-held', symbol: 'PH', name: 'Poll Held', usd: 10, change: 1 });
    fake.addCoin({ id: 'poll-manual', symbol: 'PM', name: 'Poll Manual', usd: 3, change: 0 });
    const user = await createTestUser(database.db);
    await createTestHolding(database.db, user.id, {
      coingeckoId: 'poll-held',
      symbol: 'PH',
      name: 'Poll Held',
    });
    await trackCoin(database.db, { coingeckoId: 'poll-manual', name: 'Poll Manual', symbol: 'PM' });

    const group = `test-${Math.random().toString(36).slice(2)}`;
    const streamed: string[] = [];
    const consumer = bus.consume(
      BUS_STREAMS.ticks,
      group,
      'c1',
      async (entry) => {
        streamed.push((entry.payload as PriceTick).id);
      },
      { startAt: 'latest', blockMs: 200 },
    );
    await consumer.ready();
    const { ticks, stop } = await collectTicks();

    startPoller(createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0 }));
    await waitFor(() => ticks.length >= 1, { what: 'first tick' });
    const first = ticks[0]!;
    expect(Object.keys(first.prices)).toEqual(
      expect.arrayContaining([...TICKER_COIN_IDS, 'poll-held', 'poll-manual']),
    );
    expect(first.prices['poll-held']).toMatchObject({ usd: 10, usd_24h_change: 1 });
    expect(first.ticker?.map((c) => c.symbol)).toEqual(fallbackTicker().map((c) => c.symbol));
    expect(first.source.status).toBe('live');

    fake.setPrice('poll-held', 12.5, 3);
    await waitFor(() => ticks.some((t) => t.prices['poll-held']?.usd === 12.5), {
      what: 'tick with the new price',
    });
    const changedTick = ticks.find((t) => t.prices['poll-held']?.usd === 12.5)!;
    expect(Object.keys(changedTick.prices)).toEqual(['poll-held']);
    expect(changedTick.ticker).toBeUndefined();
    // Nothing else changed, so the polls between sent no tick at all.
    expect(ticks.indexOf(changedTick)).toBe(1);

    const stored = await loadLatestPrices(database.db, ['poll-held', 'bitcoin']);
    expect(stored['poll-held']?.quote).toMatchObject({ usd: 12.5, usd_24h_change: 3 });
    expect(stored['poll-held']?.source).toBe('coingecko');
    expect(Date.now() - stored['bitcoin']!.receivedAt.getTime()).toBeLessThan(60_000);
    const history = await loadPriceHistory(database.db, 'poll-held', new Date(0), new Date(Date.now() + 1e6));
    expect(history.at(-1)?.usd).toBe(12.5);

    await waitFor(() => streamed.includes(changedTick.id), { what: 'tick on the stream' });
    expect(streamed.slice(0, 2)).toEqual([first.id, changedTick.id]);
    await consumer.stop();
    await stop();
  });

  it('asks every display currency in the same calls as the prices, in use or not, and stores their rates', async () => {
    const fake = createFakeCoinGecko();
    fakes.push(fake);
    const { url } = await fake.start();
    fake.setPrice('bitcoin', 80_000, 0);
    const pound = await createTestUser(database.db);
    await updateUserProfile(database.db, pound.id, { displayCurrency: 'gbp' });
    const { ticks, stop } = await collectTicks();

    startPoller(createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0 }));
    await waitFor(() => ticks.length >= 1, { what: 'first tick' });
    await stop();
    const calls = fake.requestsTo('simple/price');
    expect(calls.length).toBeGreaterThan(0);
    // Nobody shows yen or Australian dollars: their rates are read all the same, so a switch to them
    // finds a rate at once.
    for (const call of calls) {
      const asked = call.query.get('vs_currencies')!.split(',');
      expect(asked[0]).toBe('usd');
      expect([...asked].sort()).toEqual([...DISPLAY_CURRENCIES].sort());
    }
    // The tick carries the poll's rates, for the alerts set in those currencies.
    expect(ticks[0]!.rates?.chf).toBeCloseTo(SHAPE_FIAT_RATES.chf!, 12);
    expect(ticks[0]!.rates?.btc).toBeCloseTo(1 / 80_000, 15);
    await waitFor(async () => (await loadLatestFxRates(database.db)).rates.btc !== undefined, {
      what: 'rates stored',
    });
    const { rates } = await loadLatestFxRates(database.db);
    expect(rates.gbp).toBeCloseTo(SHAPE_FIAT_RATES.gbp!, 12);
    expect(rates.jpy).toBeCloseTo(SHAPE_FIAT_RATES.jpy!, 9);
    expect(rates.aud).toBeCloseTo(SHAPE_FIAT_RATES.aud!, 12);
    expect(rates.btc).toBeCloseTo(1 / 80_000, 15);
  });

  it('backfills 31 days of rates for a currency chosen today, asking once per term', async () => {
    const fake = createFakeCoinGecko();
    fakes.push(fake);
    const { url } = await fake.start();
    const euro = await createTestUser(database.db);
    await updateUserProfile(database.db, euro.id, { displayCurrency: 'eur' });
    const { ticks, stop } = await collectTicks();

    startPoller(createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0 }));
    const since = utcDay(Date.now() - 31 * 86_400_000);
    await waitFor(async () => (await loadDailyFxRates(database.db, 'eur', since)).length >= 32, {
      what: '31 days of euro rates and today',
    });
    // More polls, still one history call for the euro in this term.
    await waitFor(() => fake.requestsTo('simple/price').length >= 3, { what: 'three polls' });
    await stop();
    expect(ticks.length).toBeGreaterThan(0);
    const eurCharts = fake
      .requestsTo('coins/market_chart')
      .filter((r) => r.query.get('vs_currency') === 'eur');
    expect(eurCharts).toHaveLength(1);
    expect(eurCharts[0]!.path).toBe('/coins/bitcoin/market_chart');
    const days = await loadDailyFxRates(database.db, 'eur', since);
    expect(days[0]!.day).toBe(since);
    expect(days.at(-1)!.day).toBe(utcDay(Date.now()));
    for (const { rate } of days) expect(rate).toBeCloseTo(SHAPE_FIAT_RATES.eur!, 9);
  });

  it('keeps polling while the rates history fails, and tries it again later', async () => {
    const fake = createFakeCoinGecko();
    fakes.push(fake);
    const { url } = await fake.start();
    fake.fail('coins/market_chart', 500);
    const dollars = await createTestUser(database.db);
    await updateUserProfile(database.db, dollars.id, { displayCurrency: 'cad' });
    let later = 0;
    const poller = createPricePoller({
      db: database.db,
      bus,
      prices: createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0 }),
      pollMs: 100,
      lockTtlMs: 3_000,
      now: () => Date.now() + later,
    });
    pollers.push(poller);
    poller.start();
    await waitFor(() => fake.requestsTo('coins/market_chart').length >= 1, { what: 'a failed history call' });
    await waitFor(() => fake.requestsTo('simple/price').length >= 4, { what: 'polls go on' });
    // Not asked again at every poll: once per term, then after the retry delay.
    expect(fake.requestsTo('coins/market_chart')).toHaveLength(1);
    fake.clearFailures();
    later = 6 * 60_000;
    const since = utcDay(Date.now() + later - 31 * 86_400_000);
    await waitFor(async () => (await loadDailyFxRates(database.db, 'cad', since)).length >= 32, {
      what: 'the rates, on the retry',
    });
  });

  it('a price glitch of one poll (500x, under the coin cap) is never stored, ticked or alerted on', async () => {
    const fake = createFakeCoinGecko();
    fakes.push(fake);
    const { url } = await fake.start();
    const coin = `glitch-${engine}-${kind}`;
    fake.addCoin({ id: coin, symbol: 'GL', name: 'Glitch', usd: 1 });
    const user = await createPaidUser(database.db);
    const alert = await createCoinAlert(database.db, user.id, { coin, thresholdValue: 50 });
    const handled: string[] = [];
    const alertConsumer = startAlertConsumer({
      db: database.db,
      bus,
      logger: createRecordingLogger(),
      pollMs: 60_000,
      publicUrl: 'http://coinpace.test',
      now: () => Date.now(),
      consumerName: 'glitch',
      blockMs: 100,
      onTick: (tick) => handled.push(tick.id),
    });
    await alertConsumer.ready();
    const { ticks, stop } = await collectTicks();

    // Exactly one simple/price answer carries the glitch: the fake is set back as soon as it has sent it.
    let glitchArmed = false;
    let glitchServedAt = -1;
    const watchGlitch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (glitchArmed && String(input).includes('/simple/price')) {
        const body = (await response.clone().json()) as Record<string, { usd?: number }>;
        if (body[coin]?.usd === 500) {
          fake.setPrice(coin, 1);
          glitchArmed = false;
          glitchServedAt = fake.requestsTo('simple/price').length;
        }
      }
      return response;
    };
    startPoller(createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0, fetch: watchGlitch }));
    await waitFor(() => ticks.some((t) => t.prices[coin]?.usd === 1), { what: 'first tick with the coin' });

    glitchArmed = true;
    fake.setPrice(coin, 500);
    await waitFor(() => glitchServedAt > 0, { what: 'the glitch served once' });
    await waitFor(() => fake.requestsTo('simple/price').length >= glitchServedAt + 3, {
      what: 'three more polls',
    });
    await waitFor(() => ticks.every((t) => handled.includes(t.id)), { what: 'the consumer caught up' });
    expect(ticks.some((t) => (t.prices[coin]?.usd ?? 0) > 1)).toBe(false);
    expect((await loadLatestPrices(database.db, [coin]))[coin]?.quote.usd).toBe(1);
    expect(await readAlert(database.db, alert.id)).toMatchObject({ status: 'Active', lastTriggered: null });

    // A real move, seen on two polls in a row, is taken and fires the alert: the path above was live.
    fake.setPrice(coin, 500);
    await waitFor(() => ticks.some((t) => t.prices[coin]?.usd === 500), { what: 'confirmed tick' });
    await waitFor(async () => (await readAlert(database.db, alert.id)).status === 'Paused', {
      what: 'the alert fired on the confirmed price',
    });
    await alertConsumer.stop();
    await stop();
  });

  it('stores nothing when the source is down and publishes the fallback ticker with its state', async () => {
    const fake = createFakeCoinGecko();
    fakes.push(fake);
    const { url } = await fake.start();
    fake.fail('simple/price', 500);
    // Stored prices that differ from the built-in ones, so the fallback ticker is a change.
    const quote = { usd: 123, usd_24h_change: 5, last_updated: 1_700_000_000 };
    const storedAt = new Date(Date.now() - 60_000);
    await saveLatestPrices(
      database.db,
      Object.fromEntries(TICKER_COIN_IDS.map((id) => [id, quote])),
      'coingecko',
      storedAt,
    );
    const before = await loadLatestPrices(database.db, ['bitcoin']);
    const { ticks, stop } = await collectTicks();
    // A fresh adapter has nothing cached, so it serves the built-in prices.
    startPoller(createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0 }));
    await waitFor(() => ticks.some((t) => t.source.status === 'unavailable'), { what: 'unavailable tick' });
    const tick = ticks.find((t) => t.source.status === 'unavailable')!;
    expect(tick.prices).toEqual({});
    const after = await loadLatestPrices(database.db, ['bitcoin']);
    expect(after['bitcoin']?.receivedAt).toEqual(before['bitcoin']?.receivedAt);
    expect(after['bitcoin']?.receivedAt).toEqual(storedAt);
    expect(tick.ticker).toEqual(fallbackTicker());
    await stop();
  });

  it("a new leader's first tick carries every fresh price, so a change its predecessor stored but never published goes out", async () => {
    const fake = createFakeCoinGecko();
    fakes.push(fake);
    const { url } = await fake.start();
    const coin = `unpublished-${engine}-${kind}`;
    fake.addCoin({ id: coin, symbol: 'UP', name: 'Unpublished', usd: 2 });
    await trackCoin(database.db, { coingeckoId: coin, name: 'Unpublished', symbol: 'UP' });
    // What a leader that died between storing and publishing leaves behind: the price stored, no tick.
    await saveLatestPrices(
      database.db,
      { [coin]: { usd: 2, usd_24h_change: 0, last_updated: 1_700_000_000 } },
      'coingecko',
      new Date(),
    );
    const { ticks, stop } = await collectTicks();
    startPoller(createCoinGeckoPriceSource({ baseUrl: url, minGapMs: 0 }));
    await waitFor(() => ticks.some((t) => t.prices[coin]?.usd === 2), { what: 'the unpublished change' });
    await stop();
  });

  it('runs one leader; when the leader dies another takes over within the lock TTL', async () => {
    const ttl = 900;
    const { ticks, stop } = await collectTicks();
    const otherBus = await bus.peer();
    const a = startPoller(createSimulatedPriceSource({ seed: 2 }), bus, { pollMs: 50, lockTtlMs: ttl });
    const b = startPoller(createSimulatedPriceSource({ seed: 3 }), otherBus, { pollMs: 50, lockTtlMs: ttl });
    await waitFor(() => a.isLeader() || b.isLeader(), { what: 'a leader' });
    await waitFor(() => ticks.length >= 3, { what: 'ticks from the leader' });
    expect(a.isLeader() && b.isLeader()).toBe(false);
    const [leader, follower] = a.isLeader() ? [a, b] : [b, a];
    // Over several renewals the follower never takes the lock while the leader lives.
    await new Promise((resolve) => setTimeout(resolve, ttl * 1.5));
    expect(follower.isLeader()).toBe(false);
    expect(leader.isLeader()).toBe(true);

    const diedAt = Date.now();
    await leader.stop({ releaseLock: false });
    const ticksAtDeath = ticks.length;
    await waitFor(() => follower.isLeader(), { what: 'takeover', timeoutMs: 10_000 });
    const tookOverAfter = Date.now() - diedAt;
    // The lock expires ttl after the last renewal; the follower retries every ttl/3.
    expect(tookOverAfter).toBeLessThanOrEqual(ttl + ttl / 3 + 500);
    await waitFor(() => ticks.length > ticksAtDeath + 2, { what: 'ticks from the new leader' });
    await stop();
  });

  // A real crash: the leader is a process of its own, killed with SIGKILL (needs Postgres and Redis).
  if (engine === 'postgres' && kind === 'redis')
    it('takes over from a leader process killed with SIGKILL', async () => {
      const ttl = 1_000;
      const child = spawn(process.execPath, ['--import', 'tsx', POLLER_PROCESS], {
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          BUS_PREFIX: bus.prefix,
          LOCK_TTL_MS: String(ttl),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let childLeads = false;
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) childLeads = JSON.parse(line).leader;
      });
      try {
        await waitFor(() => childLeads, { what: 'child process leading', timeoutMs: 30_000 });
        const { ticks, stop } = await collectTicks();
        const follower = startPoller(createSimulatedPriceSource({ seed: 4 }), await bus.peer(), {
          pollMs: 50,
          lockTtlMs: ttl,
        });
        await new Promise((resolve) => setTimeout(resolve, ttl * 1.5));
        expect(follower.isLeader()).toBe(false);
        const killedAt = Date.now();
        child.kill('SIGKILL');
        await waitFor(() => follower.isLeader(), { what: 'takeover', timeoutMs: 10_000 });
        expect(Date.now() - killedAt).toBeLessThanOrEqual(ttl + ttl / 3 + 500);
        const count = ticks.length;
        await waitFor(() => ticks.length > count, { what: 'ticks from the new leader' });
        await stop();
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    });
});
