/**
 * What a public read parses from its query string, kept per query string: the landing page's ticker and
 * every open tab ask the same few coin sets, so validating the same text again per request is wasted.
 * Only successful parses are kept; a query that fails throws each time, with the same error.
 */
export interface QueryMemoOptions {
  /** Most query strings kept; the oldest is dropped past it. Default 1,000. */
  maxEntries?: number;
  /** Longer query strings are parsed every time instead of kept. Default 4,096 characters. */
  maxKeyLength?: number;
}

/**
 * A memo of values parsed from query strings: `memo(query, parse)` calls `parse` (which must depend on
 * `query` alone) once per distinct query string, within the limits of `options`.
 */
export function memoizeQuery<T>(options: QueryMemoOptions = {}): (query: string, parse: () => T) => T {
  const maxEntries = options.maxEntries ?? 1_000;
  const maxKeyLength = options.maxKeyLength ?? 4_096;
  const kept = new Map<string, T>();
  return (query, parse) => {
    const known = kept.get(query);
    if (known !== undefined) return known;
    const value = parse();
    if (query.length <= maxKeyLength) {
      kept.set(query, value);
      if (kept.size > maxEntries) kept.delete(kept.keys().next().value as string);
    }
    return value;
  };
}
