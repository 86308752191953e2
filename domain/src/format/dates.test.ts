import { describe, expect, it } from 'vitest';
import { DATE_PATTERN, formatDate, formatDateTime } from './dates.ts';

describe('dates', () => {
  it('writes a day and a day with its time in one pattern', () => {
    expect(formatDate('2026-04-15T10:00:00.000Z', { timeZone: 'UTC' })).toBe('Apr 15, 2026');
    expect(formatDate(new Date('2026-04-15T23:30:00.000Z'), { timeZone: 'UTC' })).toBe('Apr 15, 2026');
    expect(formatDateTime(Date.UTC(2026, 3, 5, 10, 30), { timeZone: 'UTC' })).toMatch(
      /^Apr 5, 2026, 10:30\sAM$/,
    );
    for (const text of [formatDate(Date.now()), formatDateTime(Date.now())])
      expect(text).toMatch(DATE_PATTERN);
  });

  it('writes a missing figure for a time that is not one', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(Number.NaN)).toBe('—');
  });
});
