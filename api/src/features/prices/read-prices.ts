/**
 * How old a stored price may be before the browser's reads (GET /api/prices, the SSE stream's first
 * message, the portfolio) stop taking it as current.
 */

/** How old a stored price may be before reads ask the source: two polls and a margin, at least 5 minutes. */
export function staleAfterMs(pollMs: number): number {
  return Math.max(5 * 60_000, 2 * pollMs + 30_000);
}
