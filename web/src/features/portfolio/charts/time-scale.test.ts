import { describe, expect, it } from 'vitest';
import { timeAxis } from './time-scale.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.parse('2026-12-06T21:33:00Z');

describe('timeAxis', () => {
  it.each([
    ['35 minutes', 35 * 60_000],
    ['5 hours', 5 * HOUR],
    ['a day', DAY],
    ['7 days', 7 * DAY],
    ['30 days', 30 * DAY],
    ['90 days', 90 * DAY],
    ['a year', 365 * DAY],
    ['five years', 5 * 365 * DAY],
  ])('labels each tick of %s once, inside the span and few of them', (_, span) => {
    const axis = timeAxis(now - span, now);
    const labels = axis.ticks.map(axis.format);
    expect(new Set(labels).size).toBe(labels.length);
    expect(axis.ticks.length).toBeLessThanOrEqual(6);
    for (const t of axis.ticks) {
      expect(t).toBeGreaterThanOrEqual(now - span);
      expect(t).toBeLessThanOrEqual(now);
    }
    if (span >= 5 * HOUR) expect(axis.ticks.length).toBeGreaterThanOrEqual(2);
  });

  it('puts the ticks of a week on midnights and those of a few hours on whole hours', () => {
    const week = timeAxis(now - 7 * DAY, now);
    for (const t of week.ticks) {
      const d = new Date(t);
      expect([d.getHours(), d.getMinutes()]).toEqual([0, 0]);
    }
    const hours = timeAxis(now - 5 * HOUR, now);
    for (const t of hours.ticks) expect(new Date(t).getMinutes()).toBe(0);
  });
});
