/** Request and response schemas of the price routes (SPEC.md section 7, DESIGN.md section 4). */
import { z } from 'zod';
import { isContractAddress } from '../coins.ts';
import type { PriceMap } from '../prices/types.ts';
import { zCoinName, zCoingeckoId, zContractAddress, zSymbol } from './common.ts';

import { MAX_PRICE_ADDRESSES, MAX_PRICE_IDS, MAX_SEARCH_QUERY } from './prices-limits.ts';

// The limits and texts without zod live in prices-limits.ts, so a screen that needs only them does not
// load the schema library.
export * from './prices-limits.ts';

/** A comma-separated list in a query parameter, trimmed, lower-cased, without empties or duplicates. */
function commaList(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** `?ids=a,b` of GET /api/prices and /api/prices/stream: valid CoinGecko ids, at most MAX_PRICE_IDS. */
export const ZPriceIdsQuery = z
  .string({ message: 'ids must be a comma-separated list of CoinGecko ids' })
  .optional()
  .transform((value) => commaList(value))
  .pipe(
    z.array(zCoingeckoId).max(MAX_PRICE_IDS, { message: `Ask for at most ${MAX_PRICE_IDS} coins at a time` }),
  );

/** `?addresses=0x..,0x..` of GET /api/prices/by-address. */
export const ZPriceAddressesQuery = z
  .string({ message: 'addresses must be a comma-separated list of contract addresses' })
  .optional()
  .transform((value) => commaList(value))
  .pipe(
    z
      .array(
        z.string().refine(isContractAddress, {
          message: 'Each address must be 0x followed by 40 hex digits, not the zero address',
        }),
      )
      .min(1, { message: 'addresses is required' })
      .max(MAX_PRICE_ADDRESSES, { message: `Ask for at most ${MAX_PRICE_ADDRESSES} addresses at a time` }),
  );

/** POST /api/prices/track: the tracked-coin entity (SPEC.md section 3). */
export const ZTrackCoin = z.strictObject({
  coingeckoId: zCoingeckoId,
  name: zCoinName,
  symbol: zSymbol,
  address: zContractAddress,
});
export type TrackCoin = z.output<typeof ZTrackCoin>;

/** POST /api/prices/update: the coins to refresh now; none means the caller's holdings. */
export const ZForcePriceUpdate = z.strictObject({
  ids: z
    .array(zCoingeckoId)
    .max(MAX_PRICE_IDS, { message: `Refresh at most ${MAX_PRICE_IDS} coins at a time` })
    .optional(),
});

/** `?query=` of GET /api/search. */
export const ZSearchQuery = z
  .string({ message: 'query is required' })
  .trim()
  .max(MAX_SEARCH_QUERY, { message: `A search may be at most ${MAX_SEARCH_QUERY} characters` });

/** One coin of GET /api/search (SPEC.md section 3, 'Coin search result'). */
export const ZCoinSearchResult = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  image: z.string().nullable(),
  current_price: z.number(),
  price_change_percentage_24h: z.number().nullable(),
  contract_address: z.string().nullable(),
});

/**
 * GET /api/search: SPEC.md's `{coins}`, plus `source`, the price source's state when the search was
 * answered. No coins with `rate_limited` or `unavailable` means the search could not
 * reach the price source, not that nothing matched; coins priced 0 then mean prices could not be fetched.
 * Absent (older servers) reads as live.
 */
export const ZSearchResponse = z.object({
  coins: z.array(ZCoinSearchResult),
  source: z.enum(['live', 'rate_limited', 'unavailable', 'simulated']).default('live'),
});
export type SearchResponse = z.output<typeof ZSearchResponse>;

/** A tracked coin as GET /api/prices/tracked lists it. */
export interface TrackedCoinView {
  coingeckoId: string;
  name: string;
  symbol: string;
  address: string | null;
}

/** One message of the SSE price stream (`data:` of each event). */
export interface PriceStreamMessage {
  type: 'initial' | 'update';
  prices: PriceMap;
  /**
   * On `initial` only, when some asked ids are not streamed: `unknown` ones
   * Coinpace does not follow, and known ones `overLimit` past the stream's cap (the ticker coins do
   * not count toward it). The same rules as a socket's `subscribe`.
   */
  refused?: { unknown: string[]; overLimit: string[] };
}

/** The answer of POST /api/prices/update. */
export interface PriceUpdateResult {
  prices: PriceMap;
  /** When the prices were fetched, epoch ms. */
  updatedAt: number;
}
