import { describe, expect, it } from 'vitest';
import { priceHistoryWindow, ZPriceHistoryQuery } from './price-history.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.parse('2026-12-06T21:10:00Z');

describe('priceHistoryWindow', () => {
  it.each([
    ['1d', now - DAY, 15 * 60_000],
    ['1w', now - 7 * DAY, HOUR],
    ['1m', now - 30 * DAY, 4 * HOUR],
    ['1y', now - 365 * DAY, DAY],
    ['7d', now - 7 * DAY, HOUR],
  ] as const)('%s reaches back to its start on its step', (range, start, stepMs) => {
    const window = priceHistoryWindow(range, now, null);
    expect(window).toEqual({ range, from: Math.floor(start / stepMs) * stepMs, to: now, stepMs });
  });

  it('starts YTD at the first UTC midnight of the year and All at the first trade', () => {
    expect(priceHistoryWindow('ytd', now, null)).toMatchObject({
      from: Date.parse('2026-01-01T00:00:00Z'),
      stepMs: DAY,
    });
    const firstTrade = Date.parse('2019-05-04T13:00:00Z');
    const all = priceHistoryWindow('all', now, firstTrade);
    expect(all.stepMs).toBe(7 * DAY);
    expect(all.from).toBeLessThanOrEqual(firstTrade);
    expect(all.from).toBeGreaterThan(firstTrade - 7 * DAY);
    expect(priceHistoryWindow('all', now, now - 40 * DAY)).toMatchObject({
      from: Math.floor((now - 40 * DAY) / (12 * HOUR)) * 12 * HOUR,
      stepMs: 12 * HOUR,
    });
    // No trade: a year, as 1Y.
    expect(priceHistoryWindow('all', now, null).from).toBe(priceHistoryWindow('1y', now, null).from);
  });

  it('reads the ranges and refuses others with the message', () => {
    expect(ZPriceHistoryQuery.parse({ range: 'ytd' }).range).toBe('ytd');
    expect(ZPriceHistoryQuery.parse({}).range).toBe('7d');
    const bad = ZPriceHistoryQuery.safeParse({ range: '5y' });
    expect(bad.error?.issues[0]!.message).toBe('range must be 1d, 1w, 1m, ytd, 1y or all (or 7d, 30d, 90d)');
  });
});
