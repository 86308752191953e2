import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { parseOrThrow } from './validation.ts';

const schema = z.strictObject({ name: z.string({ message: 'name must be text' }) });

function messageOf(value: unknown): string {
  try {
    parseOrThrow(schema, value);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected a validation error');
}

describe('parseOrThrow', () => {
  it('tells a missing field from one of the wrong type', () => {
    expect(messageOf({})).toBe('name is required');
    expect(messageOf({ name: 42 })).toBe('name must be text');
    expect(messageOf({ name: 'a', extra: 1 })).toBe('Unknown field: extra');
  });

  it('returns the parsed value', () => {
    expect(parseOrThrow(schema, { name: 'a' })).toEqual({ name: 'a' });
  });
});
