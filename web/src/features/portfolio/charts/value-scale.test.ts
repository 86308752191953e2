import { HISTORY_RANGES } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { MIN_AXIS_SPAN, spanLabel, valueAxis } from './value-scale.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('valueAxis', () => {
  it('draws a -0.09% move as a small one, not across the whole chart', () => {
    const axis = valueAxis([104_843.6, 104_749.2]);
    const [lo, hi] = axis.domain;
    expect(lo).toBeLessThanOrEqual(104_749.2);
    expect(hi).toBeGreaterThanOrEqual(104_843.6);
    expect((104_843.6 - 104_749.2) / (hi - lo)).toBeLessThan(0.05);
    expect(hi - lo).toBeGreaterThanOrEqual(104_843.6 * MIN_AXIS_SPAN);
  });

  it('still fills the chart with a large move', () => {
    const axis = valueAxis([1000, 1100, 1250]);
    const [lo, hi] = axis.domain;
    expect(lo).toBeLessThanOrEqual(1000);
    expect(hi).toBeGreaterThanOrEqual(1250);
    expect(250 / (hi - lo)).toBeGreaterThan(0.6);
  });

  it('gives a flat line room above and below', () => {
    const { domain } = valueAxis([500, 500, 500]);
    expect(domain[0]).toBeLessThan(500);
    expect(domain[1]).toBeGreaterThan(500);
  });

  it('never goes below 0 for a value that cannot', () => {
    expect(valueAxis([0.5, 0.6]).domain[0]).toBeGreaterThanOrEqual(0);
    expect(valueAxis([0, 0]).domain).toEqual([0, expect.any(Number)]);
    expect(valueAxis([0, 0]).domain[1]).toBeGreaterThan(0);
  });

  it.each([
    [[104_843.6, 104_749.2]],
    [[1000, 1250]],
    [[3.21, 3.2]],
    [[0.004, 0.0041]],
    [[2_500_000, 2_480_000]],
  ])('puts evenly spaced round ticks on the bounds for %j', (values) => {
    const { domain, ticks } = valueAxis(values);
    expect(ticks[0]).toBe(domain[0]);
    expect(ticks.at(-1)).toBe(domain[1]);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(7);
    const steps = ticks.slice(1).map((t, i) => t - ticks[i]!);
    for (const step of steps) expect(step).toBeCloseTo(steps[0]!, 9);
    // A step of 1, 2, 2.5 or 5 times a power of ten.
    const mantissa = steps[0]! / 10 ** Math.floor(Math.log10(steps[0]!));
    expect([1, 2, 2.5, 5].some((m) => Math.abs(m - mantissa) < 1e-9)).toBe(true);
  });

  it('labels ticks with as many digits as their step needs', () => {
    expect(valueAxis([104_843.6, 104_749.2]).format(104_000)).toBe('$104K');
    expect(valueAxis([1000, 1250]).format(1100)).toBe('$1,100');
    expect(valueAxis([3.21, 3.2]).format(3.1)).toBe('$3.10');
  });
});

describe('spanLabel', () => {
  const week = HISTORY_RANGES['7d'];
  it.each([
    [0.5 * 60_000, '1 minute'],
    [60_000, '1 minute'],
    [35 * 60_000, '35 minutes'],
    [119 * 60_000, '119 minutes'],
    [2 * HOUR, '2 hours'],
    [47 * HOUR, '47 hours'],
    [2 * DAY, '2 days'],
    [6.4 * DAY, '6 days'],
    [7 * DAY - HOUR, '7 days'],
    [7 * DAY, '7 days'],
  ])('%d ms of history in the 7-day range -> over %s', (span, label) => {
    expect(spanLabel(span, '7d', week.stepMs)).toBe(label);
  });

  it('names the range when the history covers it', () => {
    const month = HISTORY_RANGES['30d'];
    expect(spanLabel(30 * DAY - month.stepMs, '30d', month.stepMs)).toBe('30 days');
    expect(spanLabel(12 * DAY, '30d', month.stepMs)).toBe('12 days');
  });
});
