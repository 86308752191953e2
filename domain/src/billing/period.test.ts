import { describe, expect, it } from 'vitest';
import { addMonths, periodContaining, usagePeriodAt } from './period.ts';

const t = (iso: string) => new Date(iso);

describe('addMonths', () => {
  it.each([
    ['2026-03-15T10:00:00Z', 1, '2026-04-15T10:00:00Z'],
    ['2026-01-31T00:00:00Z', 1, '2026-02-28T00:00:00Z'],
    ['2028-01-31T00:00:00Z', 1, '2028-02-29T00:00:00Z'],
    ['2026-12-31T23:59:59Z', 1, '2027-01-31T23:59:59Z'],
    ['2026-01-31T00:00:00Z', 3, '2026-04-30T00:00:00Z'],
    ['2026-05-10T00:00:00Z', 0, '2026-05-10T00:00:00Z'],
  ])('%s + %i month(s) = %s', (from, months, to) => {
    expect(addMonths(t(from), months)).toEqual(t(to));
  });

  it('does not change its argument', () => {
    const date = t('2026-01-31T00:00:00Z');
    addMonths(date, 1);
    expect(date).toEqual(t('2026-01-31T00:00:00Z'));
  });
});

describe('periodContaining', () => {
  const anchor = t('2026-01-31T12:00:00Z');

  it('is the first period before its end', () => {
    expect(periodContaining(anchor, t('2026-02-10T00:00:00Z'))).toEqual({
      start: anchor,
      end: t('2026-02-28T12:00:00Z'),
    });
    expect(periodContaining(anchor, t('2025-12-01T00:00:00Z')).start).toEqual(anchor);
  });

  it('moves on exactly at a period end', () => {
    expect(periodContaining(anchor, t('2026-02-28T11:59:59.999Z')).end).toEqual(t('2026-02-28T12:00:00Z'));
    expect(periodContaining(anchor, t('2026-02-28T12:00:00Z'))).toEqual({
      start: t('2026-02-28T12:00:00Z'),
      end: t('2026-03-31T12:00:00Z'),
    });
  });

  it('returns to the anchor day in long months, years later', () => {
    expect(periodContaining(anchor, t('2027-08-15T00:00:00Z'))).toEqual({
      start: t('2027-07-31T12:00:00Z'),
      end: t('2027-08-31T12:00:00Z'),
    });
  });
});

describe('usagePeriodAt', () => {
  const start = t('2026-03-31T09:00:00Z');
  const end = t('2026-04-30T09:00:00Z');

  it('is the subscription period while it lasts', () => {
    expect(usagePeriodAt({ currentPeriodStart: start, currentPeriodEnd: end }, start)).toEqual({
      start,
      end,
    });
    expect(
      usagePeriodAt({ currentPeriodStart: start, currentPeriodEnd: end }, t('2026-04-30T08:59:59.999Z')),
    ).toEqual({ start, end });
  });

  it('moves on to the following month at the period end, before any renewal arrives', () => {
    expect(usagePeriodAt({ currentPeriodStart: start, currentPeriodEnd: end }, end)).toEqual({
      start: end,
      end: t('2026-05-30T09:00:00Z'),
    });
    expect(
      usagePeriodAt({ currentPeriodStart: start, currentPeriodEnd: end }, t('2026-07-04T00:00:00Z')),
    ).toEqual({ start: t('2026-06-30T09:00:00Z'), end: t('2026-07-30T09:00:00Z') });
  });

  it('a short first period (a trial) is followed by monthly ones from its end', () => {
    const trialEnd = t('2026-04-07T09:00:00Z');
    expect(
      usagePeriodAt({ currentPeriodStart: start, currentPeriodEnd: trialEnd }, t('2026-04-08T00:00:00Z')),
    ).toEqual({ start: trialEnd, end: t('2026-05-07T09:00:00Z') });
  });

  it('without a known period: the calendar month in UTC, whatever the local time zone', () => {
    expect(usagePeriodAt({}, t('2026-03-01T00:00:00Z'))).toEqual({
      start: t('2026-03-01T00:00:00Z'),
      end: t('2026-04-01T00:00:00Z'),
    });
    expect(usagePeriodAt({ currentPeriodStart: null }, t('2026-12-31T23:59:59.999Z'))).toEqual({
      start: t('2026-12-01T00:00:00Z'),
      end: t('2027-01-01T00:00:00Z'),
    });
  });

  it('a period with only a start counts monthly from it', () => {
    expect(usagePeriodAt({ currentPeriodStart: start }, t('2026-05-01T00:00:00Z'))).toEqual({
      start: end,
      end: t('2026-05-31T09:00:00Z'),
    });
  });
});
