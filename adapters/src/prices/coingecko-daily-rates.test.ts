import { utcDay } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { SHAPE_FIAT_RATES } from './coingecko-shapes.ts';
import { fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();
const DAY = 86_400_000;

describe('getDailyRates (history at each day rate)', () => {
  it('asks the reference coin history once in dollars and once per currency, never per day', async () => {
    const { fake, source, clock } = await start();
    fake.setPrice('bitcoin', 100_000, 0);
    const { rates, state } = await source.getDailyRates(['eur', 'btc'], { days: 31 });

    const calls = fake.requestsTo('coins/market_chart');
    expect(calls.map((c) => [c.path, c.query.get('vs_currency')])).toEqual([
      ['/coins/bitcoin/market_chart', 'usd'],
      ['/coins/bitcoin/market_chart', 'eur'],
      ['/coins/bitcoin/market_chart', 'btc'],
    ]);
    for (const call of calls) {
      expect(call.query.get('days')).toBe('31');
      expect(call.query.get('interval')).toBe('daily');
    }
    expect(state.status).toBe('live');
    const eur = rates.eur!;
    // Today and each of the 31 days before, oldest first, each day's price over the same day's.
    expect(eur).toHaveLength(32);
    expect(eur[0]!.day).toBe(utcDay(clock.now() - 31 * DAY));
    expect(eur.at(-1)!.day).toBe(utcDay(clock.now()));
    for (const { rate } of eur) expect(rate).toBeCloseTo(SHAPE_FIAT_RATES.eur!, 12);
    // A bitcoin rate is one over that day's bitcoin price, which moved over the month.
    const btc = rates.btc!;
    expect(btc.at(-1)!.rate).toBeCloseTo(1 / 100_000, 15);
    expect(new Set(btc.map((d) => d.rate.toPrecision(6))).size).toBeGreaterThan(10);
  });

  it('gives no rates when the dollar history fails, and leaves out only a currency whose own call fails', async () => {
    const { fake, source, logger } = await start();
    fake.fail('coins/market_chart', 500, 1);
    expect((await source.getDailyRates(['eur'], { days: 31 })).rates).toEqual({});
    expect(fake.requestsTo('coins/market_chart')).toHaveLength(1);
    expect(logger.lines.some((l) => l.level === 'warn')).toBe(true);

    fake.clearRequests();
    const partial = await source.getDailyRates(['eur', 'xyz' as never, 'gbp'], { days: 31 });
    expect(Object.keys(partial.rates).sort()).toEqual(['eur', 'gbp']);
    expect(fake.requestsTo('coins/market_chart')).toHaveLength(4);
  });

  it('asks nothing for the dollar alone', async () => {
    const { fake, source } = await start();
    expect((await source.getDailyRates(['usd'], { days: 31 })).rates).toEqual({});
    expect(fake.requestsTo('coins/market_chart')).toHaveLength(0);
  });
});
