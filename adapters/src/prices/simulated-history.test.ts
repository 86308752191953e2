import { describe, expect, it } from 'vitest';
import { createSimulatedPriceSource } from './simulated.ts';
import { createTestClock } from './testing/test-clock.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('simulated market history', () => {
  it('is the same for a seed whatever pieces it is asked in, and differs by seed and coin', async () => {
    const clock = createTestClock();
    const a = createSimulatedPriceSource({ seed: 3, now: clock.now });
    const b = createSimulatedPriceSource({ seed: 3, now: clock.now });
    const now = clock.now();
    const whole = await a.getMarketHistory('bitcoin', {
      from: now - 10 * DAY,
      to: now,
      granularity: 'hourly',
    });
    const first = await b.getMarketHistory('bitcoin', {
      from: now - 10 * DAY,
      to: now - 4 * DAY,
      granularity: 'hourly',
    });
    const rest = await b.getMarketHistory('bitcoin', { from: now - 4 * DAY, to: now, granularity: 'hourly' });
    if (!whole.ok || !first.ok || !rest.ok) throw new Error('no history');
    expect(whole.source).toBe('simulated');
    expect([...first.points, ...rest.points]).toEqual(whole.points);
    const other = await createSimulatedPriceSource({ seed: 4, now: clock.now }).getMarketHistory('bitcoin', {
      from: now - 10 * DAY,
      to: now,
      granularity: 'hourly',
    });
    if (!other.ok) throw new Error('no history');
    expect(other.points.map((p) => p.price)).not.toEqual(whole.points.map((p) => p.price));
  });

  it('wanders plausibly and ends near the current price, never past now', async () => {
    const clock = createTestClock();
    const source = createSimulatedPriceSource({ seed: 1, now: clock.now });
    const now = clock.now();
    const { prices } = await source.getPrices(['ethereum']);
    const current = prices.ethereum!.usd;
    const answer = await source.getMarketHistory('ethereum', {
      from: now - 365 * DAY,
      to: now + DAY,
      granularity: 'daily',
    });
    if (!answer.ok) throw new Error('no history');
    expect(answer.answered.to).toBe(now);
    expect(answer.points).toHaveLength(365);
    const values = answer.points.map((p) => p.price);
    expect(Math.min(...values)).toBeGreaterThan(current / 3);
    expect(Math.max(...values)).toBeLessThan(current * 3);
    // Not flat: a year of a crypto coin moves.
    expect(Math.max(...values) / Math.min(...values)).toBeGreaterThan(1.05);
    const lastHour = await source.getMarketHistory('ethereum', {
      from: now - HOUR,
      to: now,
      granularity: 'hourly',
    });
    if (!lastHour.ok) throw new Error('no history');
    expect(Math.abs(lastHour.points[0]!.price / current - 1)).toBeLessThan(0.02);
  });
});
