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
      return { path, message: `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` };
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      return { path, message: `${path || 'Value'} is required` };
    }
    return { path, message: issue.message };
  });
}

/** Parses a value with a schema, or throws a 400 AppError whose message is the first issue. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // reportInput lets toFieldIssues tell a missing field from one of the wrong type.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error);
  const first = issues[0];
  throw new AppError('VALIDATION_FAILED', {
    message: first?.message,
    details: issues,
  });
}

/** The first problem of a failed parse as one line, for per-row errors. */
export function describeIssues(error: z.ZodError): string {
  return toFieldIssues(error)[0]?.message ?? 'Invalid value';
}
