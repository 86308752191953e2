import { MISSING_NUMBER } from './missing.ts';

/**
 * The one way the app writes dates, so every screen reads alike: 'Apr 15, 2026', and with the time of day
 * 'Apr 15, 2026, 10:30 AM'. English month names, as the rest of the app's text. Billing dates (periods,
 * invoices) are days of the payment provider's calendar, so they are written in UTC; everything else in the
 * user's own time zone.
 */
export interface DateFormatOptions {
  /** 'UTC' for the payment provider's days; default the user's time zone. */
  timeZone?: 'UTC';
}

type When = string | number | Date;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${withTime}:${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

function write(when: When, withTime: boolean, options: DateFormatOptions): string {
  const at = when instanceof Date ? when : new Date(when);
  return Number.isFinite(at.getTime()) ? formatter(withTime, options.timeZone).format(at) : MISSING_NUMBER;
}

/** 'Apr 15, 2026'; '—' for a time that is not one. */
export function formatDate(when: When, options: DateFormatOptions = {}): string {
  return write(when, false, options);
}

/** 'Apr 15, 2026, 10:30 AM'; '—' for a time that is not one. */
export function formatDateTime(when: When, options: DateFormatOptions = {}): string {
  return write(when, true, options);
}

/** What `formatDate` and `formatDateTime` write, for tests of the screens that use them. */
export const DATE_PATTERN = /^[A-Z][a-z]{2} \d{1,2}, \d{4}(, \d{1,2}:\d{2}\s?[AP]M)?$/;
