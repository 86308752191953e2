/**
 * The price routes' limits and texts, apart from their schemas (prices.ts, which re-exports them): the
 * screens that only show or check these do not load zod for them.
 */

/** Most ids one price request (or stream) may ask for. */
export const MAX_PRICE_IDS = 500;
/** Most contract addresses one by-address request may ask for. */
export const MAX_PRICE_ADDRESSES = 100;
/** Longest search query accepted. */
export const MAX_SEARCH_QUERY = 100;

/** Whether a search answer (ZSearchResponse) means the price source could not be reached. */
export function isSearchUnreachable(response: { source: string }): boolean {
  return response.source === 'rate_limited' || response.source === 'unavailable';
}

/** What the coin searches say when the price source could not be reached. */
export const SEARCH_UNREACHABLE_TEXT =
  'Could not reach the price service to search. Please try again in a few minutes.';

/**
 * The text shown when a forced update hits the rate-limit lock (SPEC.md section 8, Refresh), naming the
 * button as the screen labels it ('Refresh').
 */
export const FORCE_UPDATE_RATE_LIMITED =
  'API rate limit reached. Please wait 2 minutes before trying "Refresh" again...';
