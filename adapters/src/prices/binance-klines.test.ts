import { afterEach, describe, expect, it } from 'vitest';
import { createBinanceKlines } from './binance-klines.ts';
import { coinGeckoDailyReachStart } from './coingecko-market-history.ts';
import { createMemoryUpstreamBudget, UNLIMITED_BUDGET } from './user-budget.ts';
import { createFakeBinance, fakeBinanceOpen, type FakeBinance } from './testing/fake-binance.ts';
import { fakeAdapterFixture } from './testing/setup.ts';
import { createTestClock } from './testing/test-clock.ts';

const DAY = 86_400_000;
const LISTED = Date.parse('2020-01-01T00:00:00Z');

const peers: FakeBinance[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

async function startPeer() {
  const peer = createFakeBinance();
  peer.addPair({ symbol: 'BTCUSDT', listedAt: LISTED });
  peers.push(peer);
  const { url } = await peer.start();
  return { peer, url };
}

describe('Binance daily klines', () => {
  it("asks the pair's daily klines for the span and keeps each day's open at its UTC midnight", async () => {
    const { peer, url } = await startPeer();
    const klines = createBinanceKlines({ baseUrl: url, budget: UNLIMITED_BUDGET });
    const from = Date.parse('2021-03-01T00:00:00Z');
    const answer = await klines.readDaily('btc', { from, to: from + 10 * DAY });
    expect(peer.requests).toHaveLength(1);
    expect(peer.requests[0]!.path).toBe('/api/v3/klines');
    expect(Object.fromEntries(peer.requests[0]!.query)).toEqual({
      symbol: 'BTCUSDT',
      interval: '1d',
      startTime: String(from),
      endTime: String(from + 10 * DAY - 1),
      limit: '1000',
    });
    if (!answer.ok) throw new Error(answer.reason);
    expect(answer.source).toBe('binance');
    expect(answer.answered).toEqual({ from, to: from + 10 * DAY });
    expect(answer.points).toHaveLength(10);
    expect(answer.points[0]).toEqual({ at: from, price: fakeBinanceOpen(from) });
    expect(answer.points[9]!.at).toBe(from + 9 * DAY);
  });

  it('answers at most 1000 days per call, and the days before the listing with no points', async () => {
    const { url } = await startPeer();
    const klines = createBinanceKlines({ baseUrl: url, budget: UNLIMITED_BUDGET });
    const from = Date.parse('2018-01-01T00:00:00Z');
    const long = await klines.readDaily('BTC', { from, to: from + 2_000 * DAY });
    if (!long.ok) throw new Error(long.reason);
    expect(long.answered).toEqual({ from, to: from + 1_000 * DAY });
    // The pair opened on LISTED: the days before it are answered, with no points.
    expect(long.points[0]!.at).toBe(LISTED);
    expect(long.points).toHaveLength((from + 1_000 * DAY - LISTED) / DAY);
    const before = await klines.readDaily('BTC', { from, to: from + 100 * DAY });
    expect(before).toEqual({
      ok: true,
      points: [],
      answered: { from, to: from + 100 * DAY },
      source: 'binance',
    });
  });

  it('answers a coin without a USDT pair with no points, and asks nothing before Binance opened', async () => {
    const { peer, url } = await startPeer();
    const klines = createBinanceKlines({ baseUrl: url, budget: UNLIMITED_BUDGET });
    const from = Date.parse('2021-03-01T00:00:00Z');
    const unlisted = await klines.readDaily('NOPE', { from, to: from + 5 * DAY });
    expect(unlisted).toEqual({
      ok: true,
      points: [],
      answered: { from, to: from + 5 * DAY },
      source: 'binance',
    });
    expect(peer.requests.map((r) => r.status)).toEqual([400]);
    peer.clearRequests();
    const ancient = Date.parse('2013-01-01T00:00:00Z');
    const early = await klines.readDaily('BTC', { from: ancient, to: from });
    expect(early).toMatchObject({
      ok: true,
      points: [],
      answered: { from: ancient, to: Date.parse('2017-07-14T00:00:00Z') },
    });
    expect(peer.requests).toHaveLength(0);
  });

  it('after a 429 waits out its Retry-After without asking, then asks again', async () => {
    const { peer, url } = await startPeer();
    const clock = createTestClock();
    const klines = createBinanceKlines({ baseUrl: url, budget: UNLIMITED_BUDGET, now: clock.now });
    const span = { from: Date.parse('2021-03-01T00:00:00Z'), to: Date.parse('2021-03-05T00:00:00Z') };
    peer.limit(30);
    const limited = await klines.readDaily('BTC', span);
    expect(limited).toEqual({ ok: false, reason: 'rate_limited', retryAt: clock.now() + 30_000 });
    clock.advance(29_000);
    expect(await klines.readDaily('BTC', span)).toMatchObject({ ok: false, reason: 'rate_limited' });
    expect(peer.requests).toHaveLength(1);
    clock.advance(1_000);
    expect(await klines.readDaily('BTC', span)).toMatchObject({ ok: true });
    expect(peer.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it('draws on its own budget: once spent, no call is made until the next token', async () => {
    const { peer, url } = await startPeer();
    const clock = createTestClock();
    const budget = createMemoryUpstreamBudget({ calls: 1, perMs: 60_000 }, clock.now);
    const klines = createBinanceKlines({ baseUrl: url, budget, now: clock.now });
    const span = { from: Date.parse('2021-03-01T00:00:00Z'), to: Date.parse('2021-03-05T00:00:00Z') };
    expect((await klines.readDaily('BTC', span)).ok).toBe(true);
    const refused = await klines.readDaily('BTC', span);
    expect(refused).toMatchObject({ ok: false, reason: 'over_budget' });
    if (!refused.ok) expect(refused.retryAt).toBeGreaterThan(clock.now());
    expect(peer.requests).toHaveLength(1);
  });
});

const startAdapter = fakeAdapterFixture();

describe('getMarketHistory older than CoinGecko serves', () => {
  it("reads the older days from the coin's USDT pair on Binance and the rest from CoinGecko, never CoinGecko's quota for Binance", async () => {
    const { peer, url: binanceUrl } = await startPeer();
    const { fake, source, clock } = await startAdapter({
      binanceBaseUrl: binanceUrl,
      binanceBudget: UNLIMITED_BUDGET,
      historyBudget: createMemoryUpstreamBudget({ calls: 1, perMs: 60_000 }, () => clock.now()),
    });
    const reach = coinGeckoDailyReachStart(clock.now());
    const from = reach - 30 * DAY;
    const older = await source.getMarketHistory('bitcoin', {
      from,
      to: reach + 10 * DAY,
      granularity: 'daily',
    });
    if (!older.ok) throw new Error(older.reason);
    expect(older.source).toBe('binance');
    expect(older.answered).toEqual({ from, to: reach });
    expect(older.points).toHaveLength(30);
    expect(peer.requests[0]!.query.get('symbol')).toBe('BTCUSDT');
    expect(fake.requestsTo('coins/market_chart/range')).toHaveLength(0);
    // The rest is CoinGecko's, from its own history share, untouched by the Binance call.
    const rest = await source.getMarketHistory('bitcoin', {
      from: reach,
      to: reach + 10 * DAY,
      granularity: 'daily',
    });
    expect(rest).toMatchObject({ ok: true, source: 'coingecko' });
    expect(fake.requestsTo('coins/market_chart/range')).toHaveLength(1);
  });

  it('gives a coin whose symbol a higher-ranked coin holds no older history, without asking Binance', async () => {
    const { peer, url: binanceUrl } = await startPeer();
    const { fake, source, clock } = await startAdapter({ binanceBaseUrl: binanceUrl }, {}, false);
    fake.addCoin({ id: 'bitcoin-copycat', symbol: 'BTC', name: 'Bitcoin Copycat', usd: 1 });
    await source.knownIds([]);
    const reach = coinGeckoDailyReachStart(clock.now());
    const answer = await source.getMarketHistory('bitcoin-copycat', {
      from: reach - 30 * DAY,
      to: reach,
      granularity: 'daily',
    });
    expect(answer).toEqual({
      ok: true,
      points: [],
      answered: { from: reach - 30 * DAY, to: reach },
      source: 'binance',
    });
    expect(peer.requests).toHaveLength(0);
  });
});
