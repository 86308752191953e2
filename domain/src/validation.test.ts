import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { checkFields, parseOrThrow } from './validation.ts';

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

  it('names the field and what it must be where the schema gives no message', () => {
    const body = z.strictObject({
      email: z.string().max(5),
      count: z.number().int().min(1),
      tags: z.array(z.string()).max(2),
      kind: z.enum(['a', 'b']),
      phone: z.union([z.string(), z.null()]).optional(),
      nested: z.object({ on: z.boolean() }).optional(),
    });
    const first = (value: unknown) => {
      try {
        parseOrThrow(body, value);
      } catch (error) {
        return (error as AppError).message;
      }
      return 'parsed';
    };
    const ok = { email: 'a@b', count: 1, tags: [], kind: 'a' };
    expect(first([1, 2])).toBe('The request body must be an object');
    expect(first({ ...ok, email: 5 })).toBe('email must be text');
    expect(first({ ...ok, email: 'abcdefg' })).toBe('email must be at most 5 characters');
    expect(first({ ...ok, count: '1' })).toBe('count must be a number');
    expect(first({ ...ok, count: 0 })).toBe('count must be at least 1');
    expect(first({ ...ok, count: 1.5 })).toBe('count must be a whole number');
    expect(first({ ...ok, tags: 'x' })).toBe('tags must be a list');
    expect(first({ ...ok, tags: ['a', 'b', 'c'] })).toBe('tags must be at most 2 items');
    expect(first({ ...ok, tags: [1] })).toBe('tags.0 must be text');
    expect(first({ ...ok, kind: 'c' })).toBe('kind must be one of a, b');
    expect(first({ ...ok, phone: 5 })).toBe('phone must be text or null');
    expect(first({ ...ok, nested: { on: 'yes' } })).toBe('nested.on must be true or false');
    expect(first(ok)).toBe('parsed');
  });

  it('returns the parsed value', () => {
    expect(parseOrThrow(schema, { name: 'a' })).toEqual({ name: 'a' });
  });
});

describe('checkFields', () => {
  const form = z.strictObject({
    name: z.string().min(1, { message: 'Please enter your name.' }),
    email: z.email({ message: 'Please enter a valid email address.' }),
  });

  it('gives the parsed data, or the first message of each field', () => {
    expect(checkFields(form, { name: 'Ada', email: 'ada@example.test' })).toEqual({
      ok: true,
      data: { name: 'Ada', email: 'ada@example.test' },
    });
    expect(checkFields(form, { name: '', email: 'nope' })).toEqual({
      ok: false,
      errors: { name: 'Please enter your name.', email: 'Please enter a valid email address.' },
    });
  });
});
