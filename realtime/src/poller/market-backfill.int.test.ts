/**
 * The poller's market history backfill against a CoinGecko peer that enforces its quota: history for
 * the coins held (back to the first trade, as far as the source reaches) and watched is filled from the
 * history share while every poll goes on and is answered, and a new leader asks nothing already stored.
 */
import {
  createCoinGeckoPriceSource,
  createMemoryUpstreamBudget,
  createSimulatedPriceSource,
  type PriceSource,
  type UpstreamBudget,
} from '@coinpace/adapters';
import {
  createFakeBinance,
  createFakeCoinGecko,
  createTestBus,
  waitFor,
  type FakeBinance,
  type FakeCoinGecko,
  type TestBus,
} from '@coinpace/adapters/testing';
import {
  alerts,
  findMarketHistoryGaps,
  holdingTransactions,
  marketHistoryCoverage,
  readMarketHistory,
} from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  createTestUser,
  testEngines,
  type TestDatabase,
} from '@coinpace/db/testing';
import { HOURLY_HISTORY_DAYS, periodStart } from '@coinpace/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_HISTORY_REACH_DAYS, wantedSpans } from './market-backfill.ts';
import { createPricePoller, type PricePoller, type PricePollerOptions } from './poller.ts';

const databaseUrl = process.env.DATABASE_URL;
const DAY = 86_400_000;
/** History calls allowed in any second: a burst of 1, then 2 a second. */
const HISTORY_SHARE = { calls: 3, perMs: 1_000 };

describe('wantedSpans', () => {
  it('wants 90 days of hours and days back to the first trade (a year without one), up to today', () => {
    const now = Date.parse('2026-12-06T21:00:00Z');
    const today = Date.parse('2026-12-06T00:00:00Z');
    expect(wantedSpans(Date.parse('2026-11-20T13:00:00Z'), now)).toEqual([
      { granularity: 'hourly', span: { from: today - HOURLY_HISTORY_DAYS * DAY, to: today } },
      { granularity: 'daily', span: { from: Date.parse('2026-11-20T00:00:00Z'), to: today } },
    ]);
    // Older than CoinGecko's year: back to the first trade all the same (Binance answers those days).
    expect(wantedSpans(Date.parse('2021-01-01T10:00:00Z'), now)[1]!.span.from).toBe(
      Date.parse('2021-01-01T00:00:00Z'),
    );
    expect(wantedSpans(null, now)[1]!.span.from).toBe(today - DAILY_HISTORY_REACH_DAYS * DAY);
  });
});

describe.each(testEngines(databaseUrl))('market history backfill on %s', (engine) => {
  let database: TestDatabase;
  let bus: TestBus;
  let fake: FakeCoinGecko;
  let url: string;
  let binance: FakeBinance;
  let binanceUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine, databaseUrl);
    bus = await createTestBus('memory');
    // The peer's whole quota: room for a poll every 100 ms, the coin list and the history share.
    fake = createFakeCoinGecko({ quota: { calls: 40, perMs: 1_000 } });
    ({ url } = await fake.start());
    binance = createFakeBinance();
    binance.addPair({ symbol: 'BTCUSDT', listedAt: Date.parse('2017-08-17T00:00:00Z') });
    ({ url: binanceUrl } = await binance.start());
  });
  afterAll(async () => {
    await binance?.close();
    await fake?.close();
    await bus?.close();
    await database?.close();
  });

  /** Tokens of the history share given and refused, counted around the share's own bucket. */
  const tokens = { given: 0, refused: 0 };
  function countedShare(): UpstreamBudget {
    const share = createMemoryUpstreamBudget(HISTORY_SHARE);
    return {
      take: async () => {
        const answer = await share.take();
        if (answer.ok) tokens.given += 1;
        else tokens.refused += 1;
        return answer;
      },
    };
  }

  /** The CoinGecko source of these tests, its history share drawn from `historyBudget`. */
  function coinGecko(historyBudget: UpstreamBudget = countedShare()): PriceSource {
    return createCoinGeckoPriceSource({
      baseUrl: url,
      minGapMs: 0,
      historyBudget,
      binanceBaseUrl: binanceUrl,
    });
  }

  function startPoller(
    prices: PriceSource = coinGecko(),
    pollMs = 100,
    options: Pick<PricePollerOptions, 'coinListRefreshMs' | 'quotaWindowMs'> = {},
  ): PricePoller {
    const poller = createPricePoller({
      db: database.db,
      bus,
      prices,
      pollMs,
      lockTtlMs: 3_000,
      marketBackfillRescanMs: 100,
      ...options,
    });
    poller.start();
    return poller;
  }

  it('fills what is held and watched from its own share while every poll is answered; a new leader asks nothing again', async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const held = await createTestHolding(db, user.id, {
      coingeckoId: 'solana',
      symbol: 'SOL',
      name: 'Solana',
    });
    const firstTrade = Date.now() - 40 * DAY;
    await db.insert(holdingTransactions).values({
      holdingId: held.id,
      userId: user.id,
      kind: 'buy',
      at: new Date(firstTrade),
      quantity: '1',
    });
    await db.insert(alerts).values({
      userId: user.id,
      type: 'WatchlistPrice',
      coingeckoId: 'cardano',
      thresholdType: 'Above',
      thresholdValue: '10',
      notificationMethod: 'Email',
    });

    const first = startPoller();
    const today = periodStart(Date.now(), 'daily');
    const complete = async () => {
      for (const coingeckoId of ['solana', 'cardano']) {
        for (const { granularity, span } of wantedSpans(
          coingeckoId === 'solana' ? firstTrade : null,
          Date.now(),
        )) {
          const gaps = await findMarketHistoryGaps(db, { coingeckoId, currency: 'usd', granularity }, span);
          if (gaps.length > 0) return false;
        }
      }
      return true;
    };
    await waitFor(complete, { what: 'the history of both coins', timeoutMs: 30_000 });
    await first.stop();

    // Solana: daily from its first trade's day, hourly for 90 days (60 + 30 days: two calls). Cardano,
    // watched with no trade: daily as far back as the source reaches.
    const solanaDays = await readMarketHistory(
      db,
      { coingeckoId: 'solana', currency: 'usd', granularity: 'daily' },
      {
        from: 0,
        to: today,
      },
    );
    expect(solanaDays).toHaveLength(40);
    expect(solanaDays[0]!.at).toBe(periodStart(firstTrade, 'daily'));
    expect(new Set(solanaDays.map((p) => p.source))).toEqual(new Set(['coingecko']));
    const hours = await readMarketHistory(
      db,
      { coingeckoId: 'solana', currency: 'usd', granularity: 'hourly' },
      {
        from: 0,
        to: today,
      },
    );
    expect(hours).toHaveLength(HOURLY_HISTORY_DAYS * 24);
    const cardanoDays = await readMarketHistory(
      db,
      { coingeckoId: 'cardano', currency: 'usd', granularity: 'daily' },
      {
        from: 0,
        to: today,
      },
    );
    expect(cardanoDays).toHaveLength(DAILY_HISTORY_REACH_DAYS);

    const history = fake.requestsTo('coins/market_chart/range');
    expect(history).toHaveLength(6);
    // Every history call took a token of the history share (whose bucket holds it to its calls per window).
    expect(tokens.given).toBe(history.length);
    // The poll was never refused: every poll went out and was answered while history was read.
    const polls = fake.requestsTo('simple/price');
    expect(polls.length).toBeGreaterThan(history.length);
    expect(polls.every((call) => call.status === 200)).toBe(true);
    expect(history.every((call) => call.status === 200)).toBe(true);

    // A new leader (a new term) polls on and asks no history already stored.
    fake.clearRequests();
    const second = startPoller();
    await waitFor(() => fake.requestsTo('simple/price').length >= 5, {
      what: 'five polls of the new leader',
    });
    await second.stop();
    expect(fake.requestsTo('coins/market_chart/range')).toHaveLength(0);
  });

  it("reads days older than CoinGecko's year from Binance back to the first trade, covers a coin without a USDT pair, and asks nothing twice", async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const trades = [
      { coingeckoId: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', firstTrade: Date.now() - 500 * DAY },
      // Tether has no USDT pair on Binance (USDTUSDT): its older days are covered with no points.
      { coingeckoId: 'tether', symbol: 'USDT', name: 'Tether', firstTrade: Date.now() - 400 * DAY },
    ];
    const holdingIds: string[] = [];
    for (const { firstTrade, ...coin } of trades) {
      const held = await createTestHolding(db, user.id, coin);
      holdingIds.push(held.id);
      await db.insert(holdingTransactions).values({
        holdingId: held.id,
        userId: user.id,
        kind: 'buy',
        at: new Date(firstTrade),
        quantity: '1',
      });
    }
    binance.clearRequests();
    fake.clearRequests();
    const first = startPoller();
    const complete = async () => {
      for (const { coingeckoId, firstTrade } of trades)
        for (const { granularity, span } of wantedSpans(firstTrade, Date.now()))
          if ((await findMarketHistoryGaps(db, { coingeckoId, currency: 'usd', granularity }, span)).length)
            return false;
      return true;
    };
    await waitFor(complete, { what: 'the older history of both coins', timeoutMs: 30_000 });
    await first.stop();

    const today = periodStart(Date.now(), 'daily');
    const reach = today - DAILY_HISTORY_REACH_DAYS * DAY;
    const days = await readMarketHistory(
      db,
      { coingeckoId: 'bitcoin', currency: 'usd', granularity: 'daily' },
      { from: 0, to: today },
    );
    expect(days).toHaveLength(500);
    expect(days[0]!.at).toBe(periodStart(trades[0]!.firstTrade, 'daily'));
    expect(days.filter((p) => p.source === 'binance')).toHaveLength(500 - DAILY_HISTORY_REACH_DAYS);
    expect(days.filter((p) => p.at >= reach).every((p) => p.source === 'coingecko')).toBe(true);
    const klines = binance.requests.map((r) => r.query.get('symbol'));
    expect(klines.sort()).toEqual(['BTCUSDT', 'USDTUSDT']);
    const tetherOlder = await db
      .select()
      .from(marketHistoryCoverage)
      .where(
        and(eq(marketHistoryCoverage.coingeckoId, 'tether'), eq(marketHistoryCoverage.source, 'binance')),
      );
    expect(tetherOlder.map((c) => [c.fromAt.getTime(), c.toAt.getTime()])).toEqual([
      [periodStart(trades[1]!.firstTrade, 'daily'), reach],
    ]);

    // The second run asks neither source for anything.
    binance.clearRequests();
    fake.clearRequests();
    const second = startPoller();
    await waitFor(() => fake.requestsTo('simple/price').length >= 5, {
      what: 'five polls of the new leader',
    });
    expect(binance.requests).toHaveLength(0);
    expect(fake.requestsTo('coins/market_chart/range')).toHaveLength(0);

    // An earlier trade makes the coin due again in the same term: only the days before it are asked.
    const earlier = Date.now() - 600 * DAY;
    await db.insert(holdingTransactions).values({
      holdingId: holdingIds[0]!,
      userId: user.id,
      kind: 'buy',
      at: new Date(earlier),
      quantity: '1',
    });
    const dailyKey = { coingeckoId: 'bitcoin', currency: 'usd', granularity: 'daily' as const };
    const sinceEarlier = { from: periodStart(earlier, 'daily'), to: today };
    await waitFor(async () => (await findMarketHistoryGaps(db, dailyKey, sinceEarlier)).length === 0, {
      what: 'the days before the earlier trade',
    });
    await second.stop();
    expect(binance.requests.map((r) => Number(r.query.get('startTime')))).toEqual([sinceEarlier.from]);
    expect(fake.requestsTo('coins/market_chart/range')).toHaveLength(0);
  });

  it('goes on as soon as the share has a token again, not at the next poll', async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const held = await createTestHolding(db, user.id, { coingeckoId: 'stellar', symbol: 'XLM' });
    const firstTrade = Date.now() - 10 * DAY;
    await db
      .insert(holdingTransactions)
      .values({ holdingId: held.id, userId: user.id, kind: 'buy', at: new Date(firstTrade), quantity: '1' });
    fake.clearRequests();
    // A poll a minute: the three history calls (60 and 30 days of hours, 10 days) need the share's refill,
    // one token at a time, long before the second poll.
    const poller = startPoller(coinGecko(createMemoryUpstreamBudget(HISTORY_SHARE)), 60_000);
    const wanted = wantedSpans(firstTrade, Date.now()).map(({ granularity, span }) => ({
      key: { coingeckoId: 'stellar', currency: 'usd', granularity },
      span,
    }));
    const complete = async () => {
      for (const { key, span } of wanted)
        if ((await findMarketHistoryGaps(db, key, span)).length) return false;
      return true;
    };
    await waitFor(complete, { what: "stellar's history between two polls", timeoutMs: 30_000 });
    await poller.stop();
    const calls = fake.requestsTo('coins/market_chart/range').filter((r) => r.path.includes('/stellar/'));
    expect(calls).toHaveLength(3);
    // One poll only: the history was filled between polls.
    expect(fake.requestsTo('simple/price')).toHaveLength(1);
  });

  it("waits out a new term's first minute before its first pass, then goes on without waiting for a poll", async () => {
    const { db } = database;
    const user = await createTestUser(db);
    fake.addCoin({ id: 'term-delay-coin', symbol: 'tdc', name: 'Term Delay Coin', usd: 3 });
    const held = await createTestHolding(db, user.id, { coingeckoId: 'term-delay-coin', symbol: 'TDC' });
    const firstTrade = Date.now() - 10 * DAY;
    await db
      .insert(holdingTransactions)
      .values({ holdingId: held.id, userId: user.id, kind: 'buy', at: new Date(firstTrade), quantity: '1' });
    fake.clearRequests();
    const delayMs = 1_500;
    const startedAt = Date.now();
    // A poll a minute, so only the pass's own timer can start it before the test ends.
    const poller = createPricePoller({
      db,
      bus,
      prices: coinGecko(createMemoryUpstreamBudget(HISTORY_SHARE)),
      pollMs: 60_000,
      lockTtlMs: 3_000,
      quotaWindowMs: delayMs,
    });
    poller.start();
    const ours = () =>
      fake.requestsTo('coins/market_chart/range').filter((r) => r.path.includes('/term-delay-coin/'));
    await waitFor(() => ours().length === 3, { what: 'the delayed pass', timeoutMs: 30_000 });
    await poller.stop();
    const pollAt = fake.requestsTo('simple/price')[0]!.at;
    const firstHistoryAt = Math.min(...ours().map((r) => r.at));
    // After the first poll, and not before the delay (give or take the millisecond a timer may fire early).
    expect(firstHistoryAt).toBeGreaterThan(pollAt);
    expect(firstHistoryAt - startedAt).toBeGreaterThanOrEqual(delayMs - 2);
    expect(fake.requestsTo('simple/price')).toHaveLength(1);
  });

  it('stands aside a quota window before, during and after every read of the coin list, and still completes', async () => {
    const { db } = database;
    const user = await createTestUser(db);
    const ids = ['aside-a', 'aside-b', 'aside-c'];
    const firstTrade = Date.now() - 200 * DAY;
    for (const id of ids) {
      fake.addCoin({ id, symbol: id.slice(-1), name: `Aside ${id.slice(-1)}`, usd: 2 });
      const held = await createTestHolding(db, user.id, { coingeckoId: id, symbol: id.toUpperCase() });
      await db.insert(holdingTransactions).values({
        holdingId: held.id,
        userId: user.id,
        kind: 'buy',
        at: new Date(firstTrade),
        quantity: '1',
      });
    }
    fake.clearRequests();
    // The list is due every 1.2 s and the quota's window is 0.3 s, so a fill of a few seconds meets
    // several reads of the list (each a coins/list and its ranked coins/markets pages).
    const windowMs = 300;
    const poller = startPoller(coinGecko(createMemoryUpstreamBudget(HISTORY_SHARE)), 100, {
      coinListRefreshMs: 1_200,
      quotaWindowMs: windowMs,
    });
    const complete = async () => {
      for (const coingeckoId of ids) {
        for (const { granularity, span } of wantedSpans(firstTrade, Date.now())) {
          const gaps = await findMarketHistoryGaps(db, { coingeckoId, currency: 'usd', granularity }, span);
          if (gaps.length > 0) return false;
        }
      }
      return true;
    };
    await waitFor(complete, { what: 'the three coins of history', timeoutMs: 30_000 });
    // One more read of the list after the fill, so the window after a read is seen with calls on both sides.
    const reads = fake.requestsTo('coins/list').length;
    await waitFor(() => fake.requestsTo('coins/list').length > reads, { what: 'another read of the list' });
    await poller.stop();

    const history = fake.requestsTo('coins/market_chart/range').map((r) => r.at);
    const list = [...fake.requestsTo('coins/list'), ...fake.requestsTo('coins/markets')].map((r) => r.at);
    expect(fake.requestsTo('coins/list').length).toBeGreaterThanOrEqual(3);
    expect(history.length).toBeGreaterThanOrEqual(ids.length * 3);
    // A call is decided a few milliseconds before the peer sees it, and a timer may fire a little early.
    const slackMs = 30;
    const close = history.filter((at) => list.some((l) => Math.abs(at - l) < windowMs - slackMs));
    expect(close).toEqual([]);
  });

  it("fills the embedded demo feed's history from its generated past, marked simulated", async () => {
    const { db } = database;
    const user = await createTestUser(db);
    await createTestHolding(db, user.id, { coingeckoId: 'litecoin', symbol: 'LTC', name: 'Litecoin' });
    const poller = startPoller(createSimulatedPriceSource({ seed: 5 }));
    const key = { coingeckoId: 'litecoin', currency: 'usd', granularity: 'hourly' as const };
    const [hourly] = wantedSpans(null, Date.now());
    await waitFor(async () => (await findMarketHistoryGaps(db, key, hourly!.span)).length === 0, {
      what: 'litecoin hourly history',
      timeoutMs: 30_000,
    });
    await poller.stop();
    const points = await readMarketHistory(db, key, hourly!.span);
    expect(points).toHaveLength(HOURLY_HISTORY_DAYS * 24);
    expect(new Set(points.map((p) => p.source))).toEqual(new Set(['simulated']));
  });
});
