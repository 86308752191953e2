import type { z } from 'zod';
import { AppError } from './errors.ts';

/** One field problem, as sent in `details` of a 400 response. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** Flattens zod issues into `{path, message}` pairs a client can show next to fields. */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return { path, message: unknownFields(issue.keys) };
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      return { path, message: `${path || 'Value'} is required` };
    }
    return { path, message: issue.message };
  });
}

/**
 * Parses `value` with `schema`. Where the schema gives no message of its own, the issue gets one that
 * names the field and says what it must be ('quantity must be a number'), instead of zod's generic
 * English ('Invalid input: expected number, received string'). `rootLabel` names the value itself.
 */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown, rootLabel = 'The request body') {
  // reportInput lets toFieldIssues tell a missing field from one of the wrong type.
  return schema.safeParse(value, { reportInput: true, error: (issue) => fieldMessage(issue, rootLabel) });
}

/** Parses a value with a schema, or throws a 400 AppError whose message is the first issue. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = parseFields(schema, value);
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error);
  const first = issues[0];
  throw new AppError('VALIDATION_FAILED', {
    message: first?.message,
    details: issues,
  });
}

/** Form values checked with a schema: the parsed data, or the first problem of each field by its path. */
export type FieldCheck<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** Checks form values with `schema` as the server will, keeping the first message of each field. */
export function checkFields<S extends z.ZodType>(schema: S, value: unknown): FieldCheck<z.output<S>> {
  const parsed = parseFields(schema, value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of toFieldIssues(parsed.error)) errors[issue.path] ??= issue.message;
  return { ok: false, errors };
}

/** The first problem of a failed parse as one line, for per-row errors. */
export function describeIssues(error: z.ZodError): string {
  return toFieldIssues(error)[0]?.message ?? 'Invalid value';
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
  date: 'a date',
};

const typeWord = (expected: string) => TYPE_WORDS[expected] ?? expected;

function unknownFields(keys: readonly string[]): string {
  return `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`;
}

/** A zod v4 issue as the error map sees it: raw, before zod writes a message. */
type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

/** The per-parse error map of {@link parseFields}: zod asks it only where the schema set no message. */
function fieldMessage(issue: RawIssue, rootLabel: string): string {
  const path = issue.path?.map(String).join('.') ?? '';
  const label = path || rootLabel;
  switch (issue.code) {
    case 'invalid_type':
      return `${label} must be ${typeWord(issue.expected)}`;
    case 'invalid_union': {
      const branches = issue.errors.map((branch) => branch[0]).filter((first) => first !== undefined);
      const specific = branches.find((first) => first.code !== 'invalid_type');
      if (specific) return specific.message;
      const words = [
        ...new Set(branches.map((first) => ('expected' in first ? typeWord(first.expected) : ''))),
      ];
      return words.length > 0 && words.every(Boolean)
        ? `${label} must be ${words.join(' or ')}`
        : `${label} is not valid`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `${label} must be ${String(issue.values[0])}`
        : `${label} must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_big':
      return `${label} must be at most ${limitText(issue.maximum, issue.origin)}`;
    case 'too_small':
      return `${label} must be at least ${limitText(issue.minimum, issue.origin)}`;
    case 'invalid_format':
      return `${label} is not a valid ${issue.format === 'regex' ? 'value' : issue.format}`;
    case 'unrecognized_keys':
      return unknownFields(issue.keys);
    default:
      return `${label} is not valid`;
  }
}

function limitText(limit: number | bigint, origin: string): string {
  const n = Number(limit).toLocaleString('en-US');
  if (origin === 'string') return `${n} character${limit === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${n} item${limit === 1 ? '' : 's'}`;
  return n;
}
