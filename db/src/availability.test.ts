import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './availability.ts';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['ECONNREFUSED', true],
    ['ECONNRESET', true],
    ['CONNECT_TIMEOUT', true],
    ['CONNECTION_CLOSED', true],
    ['CONNECTION_DESTROYED', true],
    ['57P01', true],
    ['57P03', true],
    ['53300', true],
    ['57014', true],
    ['08006', true],
    ['08P01', true],
    ['23505', false],
    ['42P01', false],
    ['22P02', false],
    ['ENOENT', false],
  ])('%s → %s', (code, expected) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(expected);
  });

  it('looks through causes and aggregate errors, the way drizzle and Node wrap them', () => {
    const refused = new AggregateError([withCode('ECONNREFUSED')], 'connect failed');
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: withCode('23505') }))).toBe(false);
  });

  it('is false for anything that is not an error object', () => {
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable({ code: 42 })).toBe(false);
  });
});
