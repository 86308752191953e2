/** Request and response schemas of the price routes (SPEC.md section 7, DESIGN.md section 4). */
import { z } from 'zod';
import { isContractAddress } from '../coins.ts';
import type { PriceMap } from '../prices/types.ts';
import { zCoinName, zCoingeckoId, zContractAddress, zSymbol } from './common.ts';

/** Most ids one price request (or stream) may ask for. */
export const MAX_PRICE_IDS = 500;
/** Most contract addresses one by-address request may ask for. */
export const MAX_PRICE_ADDRESSES = 100;
/** Longest search query accepted. */
export const MAX_SEARCH_QUERY = 100;

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
}

/** The answer of POST /api/prices/update. */
export interface PriceUpdateResult {
  prices: PriceMap;
  /** When the prices were fetched, epoch ms. */
  updatedAt: number;
}

/** The text shown when a forced update hits the rate-limit lock (SPEC.md section 8, Refresh). */
export const FORCE_UPDATE_RATE_LIMITED =
  'API rate limit reached. Please wait 2 minutes before trying "Force Price Update" again...';
