import { z } from 'zod';

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A response schema whose parsed value is exactly `T`, the type the route returns: a field added to or
 * dropped from `T` without the schema following fails to compile, so the API reference cannot drift
 * from the code. Use as `responseSchema<HoldingRow>()(z.strictObject({...}))`.
 */
export function responseSchema<T>() {
  return <S extends z.ZodType>(
    schema: S & (Exact<z.output<S>, T> extends true ? unknown : { schemaDoesNotMatch: T }),
  ): S => schema;
}

/** An ISO 8601 time as the API writes it. */
export const isoTime = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 time' });

/** `schema` or null. */
export const nullable = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);
