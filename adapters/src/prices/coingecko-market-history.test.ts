import { describe, expect, it } from 'vitest';
import { createMemoryUpstreamBudget } from './user-budget.ts';
import { fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('getMarketHistory (CoinGecko market_chart/range)', () => {
  it('asks one range call per answer and reduces it to one dollar price per period', async () => {
    const { fake, source, clock } = await start();
    const to = Math.floor(clock.now() / HOUR) * HOUR;
    const answer = await source.getMarketHistory('bitcoin', {
      from: to - 2 * DAY,
      to,
      granularity: 'hourly',
    });
    const calls = fake.requestsTo('coins/market_chart/range');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/coins/bitcoin/market_chart/range');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      vs_currency: 'usd',
      from: String((to - 2 * DAY) / 1000),
      to: String(to / 1000),
    });
    if (!answer.ok) throw new Error(answer.reason);
    expect(answer.source).toBe('coingecko');
    expect(answer.points).toHaveLength(48);
    expect(answer.points[0]!.at).toBe(to - 2 * DAY);
  });

  it('answers a long span in parts, and a coin upstream does not know with no points and no call', async () => {
    const { fake, source, clock } = await start();
    const to = Math.floor(clock.now() / DAY) * DAY;
    const hourly = await source.getMarketHistory('ethereum', {
      from: to - 90 * DAY,
      to,
      granularity: 'hourly',
    });
    if (!hourly.ok) throw new Error(hourly.reason);
    expect(hourly.answered).toEqual({ from: to - 90 * DAY, to: to - 30 * DAY });
    expect(hourly.points).toHaveLength(60 * 24);
    // CoinGecko's whole year of days in one call (older days are Binance's: binance-klines.test.ts).
    const daily = await source.getMarketHistory('ethereum', {
      from: to - 364 * DAY,
      to,
      granularity: 'daily',
    });
    if (!daily.ok) throw new Error(daily.reason);
    expect(daily.answered).toEqual({ from: to - 364 * DAY, to });
    expect(daily.points).toHaveLength(364);
    fake.clearRequests();
    const unknown = await source.getMarketHistory('made-up-coin', {
      from: to - DAY,
      to,
      granularity: 'hourly',
    });
    expect(unknown).toEqual({ ok: true, points: [], answered: { from: to - DAY, to }, source: 'coingecko' });
    expect(fake.requests).toHaveLength(0);
  });

  it("draws on the history share only: once it is spent no call is made, and the users' share stays whole", async () => {
    let userCalls = 0;
    const { fake, source, clock } = await start({
      historyBudget: createMemoryUpstreamBudget({ calls: 1, perMs: 60_000 }, () => clock.now()),
      userBudget: {
        take: async () => {
          userCalls += 1;
          return { ok: true };
        },
      },
    });
    const to = Math.floor(clock.now() / HOUR) * HOUR;
    const first = await source.getMarketHistory('bitcoin', { from: to - DAY, to, granularity: 'hourly' });
    const second = await source.getMarketHistory('bitcoin', {
      from: to - 2 * DAY,
      to: to - DAY,
      granularity: 'hourly',
    });
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, reason: 'over_budget' });
    if (!second.ok) expect(second.retryAt).toBeGreaterThan(clock.now());
    expect(fake.requestsTo('coins/market_chart/range')).toHaveLength(1);
    // The poll's calls (priority high) still go out while the history share is spent.
    await source.getPrices(['bitcoin'], { maxAgeMs: 0, priority: 'high' });
    expect(fake.requestsTo('simple/price')).toHaveLength(1);
    expect(userCalls).toBe(0);
  });

  it('answers a failed upstream as a failure to retry, a 429 as rate limited', async () => {
    const { fake, source, clock } = await start();
    const to = Math.floor(clock.now() / HOUR) * HOUR;
    fake.fail('coins/market_chart/range', 500, 1);
    expect(await source.getMarketHistory('bitcoin', { from: to - DAY, to, granularity: 'hourly' })).toEqual({
      ok: false,
      reason: 'failed',
    });
    fake.fail('coins/market_chart/range', 429, 1);
    clock.advance(1_000);
    const limited = await source.getMarketHistory('bitcoin', { from: to - DAY, to, granularity: 'hourly' });
    expect(limited).toMatchObject({ ok: false, reason: 'rate_limited' });
  });
});
