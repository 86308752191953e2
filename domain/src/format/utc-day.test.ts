import { describe, expect, it } from 'vitest';
import { utcDay } from './utc-day.ts';

describe('utcDay', () => {
  it('is the calendar day in UTC, whatever the instant’s own offset', () => {
    expect(utcDay(new Date('2026-11-28T23:59:59.999Z'))).toBe('2026-11-28');
    expect(utcDay(Date.parse('2026-11-29T00:30:00+01:00'))).toBe('2026-11-28');
    expect(utcDay(0)).toBe('1970-01-01');
  });
});
