/** The reference's entries for the price routes. */
import { z } from 'zod';
import { BODY_LIMITS, formatBodyLimit } from '../limits.ts';
import {
  ZForcePriceUpdate,
  ZPriceAddressesQuery,
  ZPriceIdsQuery,
  ZSearchQuery,
  ZTrackCoin,
} from '../schemas/prices.ts';
import {
  ZFxRatesView,
  ZPriceMap,
  ZPriceUpdateResult,
  ZSearchResponse,
  ZTrackResult,
  ZTrackedCoinView,
  ZUpstreamJson,
} from './responses.ts';
import type { RouteDoc } from './route-doc.ts';

const priceSourceHeader = {
  'X-Price-Source': 'live, rate_limited, unavailable or simulated: where the prices came from.',
};

export const PRICE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/prices/rates',
    tag: 'Prices',
    access: 'public',
    summary: 'Display-currency rates',
    description:
      'The latest rate of every display currency in use (read from CoinGecko with the prices, in the same ' +
      'calls), and the dollar’s 1. A currency no one has chosen yet has no rate until the next poll after ' +
      'someone does. Served from what is stored; never a call upstream.',
    rateLimit: '240 per address per minute',
    responses: { 200: { description: 'Rates per US dollar.', schema: ZFxRatesView } },
  },
  {
    method: 'get',
    path: '/api/prices',
    tag: 'Prices',
    access: 'public',
    summary: 'Prices by CoinGecko id',
    description:
      'From the poller’s latest prices, or asked upstream when stale; built-in prices when nothing is reachable. ' +
      'The answer carries an ETag that changes with the prices of the coins asked for: a request sending it ' +
      'back in If-None-Match gets 304 with no body until a tick moves one of them.',
    query: {
      ids: {
        schema: ZPriceIdsQuery,
        required: true,
        description: 'Comma-separated CoinGecko ids, e.g. bitcoin,ethereum (at most 500).',
      },
    },
    rateLimit: '240 per address per minute',
    responses: {
      200: {
        description: 'Prices by id.',
        schema: ZPriceMap,
        headers: { ...priceSourceHeader, ETag: 'Names these prices; send it back in If-None-Match.' },
      },
      304: {
        description: 'Not modified: If-None-Match named the prices still current for these ids.',
        headers: { ...priceSourceHeader, ETag: 'The same ETag.' },
      },
      400: 'ids is missing or holds an id that is not valid.',
    },
  },
  {
    method: 'get',
    path: '/api/prices/by-address',
    tag: 'Prices',
    access: 'public',
    summary: 'Token prices by contract address',
    description:
      'From a 5-minute cache, else asked upstream; an address CoinGecko did not price, or a chain it does ' +
      'not know, is not asked again for an hour. Upstream calls draw on the users’ share of the CoinGecko ' +
      'quota; when it is spent, cached prices only, with X-Price-Source: rate_limited.',
    query: {
      addresses: {
        schema: ZPriceAddressesQuery,
        required: true,
        description: 'Comma-separated contract addresses (0x + 40 hex digits, at most 100).',
      },
    },
    rateLimit: '240 per address per minute',
    responses: {
      200: { description: 'Prices by lower-case address.', schema: ZPriceMap, headers: priceSourceHeader },
      400: 'addresses is missing or holds one that is not a contract address.',
    },
  },
  {
    method: 'get',
    path: '/api/prices/stream',
    tag: 'Prices',
    access: 'public',
    summary: 'Live prices as server-sent events',
    description:
      "First `{type:'initial', prices}`, then `{type:'update', prices}` per tick with the changed coins asked " +
      'for; a comment heartbeat every 15 s; event ids, so a reconnect with Last-Event-ID resumes. Only ids ' +
      'Coinpace follows (built in, priced, held, alerted on or tracked) are streamed, at most ' +
      'MAX_WATCHED_COINS_ANONYMOUS (50) besides the ticker coins; the initial message lists the others ' +
      'as `refused: {unknown, overLimit}`. An ' +
      'EventSource cannot set headers: the site password may come as the sitePassword query parameter.',
    query: {
      ids: {
        schema: ZPriceIdsQuery,
        description: 'Comma-separated CoinGecko ids; default the ticker coins.',
      },
      sitePassword: { schema: z.string(), description: 'The site password, when one is set.' },
    },
    rateLimit: '30 streams per address per minute',
    responses: {
      200: { description: 'An event stream.', schema: z.string(), type: 'events' },
      400: 'ids holds an id that is not valid.',
    },
  },
  {
    method: 'post',
    path: '/api/prices/track',
    tag: 'Prices',
    access: 'user',
    summary: 'Have the poller track a coin',
    description:
      'Tracked for seven days from the last request. Only coins on CoinGecko’s coin list: another id is ' +
      'refused with 400 UNKNOWN_COIN.',
    body: { schema: ZTrackCoin, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    rateLimit: '100 coins per user per day',
    responses: { 201: { description: 'Tracked.', schema: ZTrackResult } },
  },
  {
    method: 'get',
    path: '/api/prices/tracked',
    tag: 'Prices',
    access: 'user',
    summary: 'Coins the poller tracks',
    responses: {
      200: { description: 'The ticker coins and the coins tracked.', schema: z.array(ZTrackedCoinView) },
    },
  },
  {
    method: 'post',
    path: '/api/prices/update',
    tag: 'Prices',
    access: 'user',
    summary: 'Refresh prices now',
    description: 'Asks upstream at once for the given ids, or for the caller’s holdings.',
    body: { schema: ZForcePriceUpdate, required: false, limit: formatBodyLimit(BODY_LIMITS.standard) },
    rateLimit:
      '6 per user per minute, and none while upstream’s 429 lock lasts or the users’ share of the ' +
      'CoinGecko quota is spent',
    responses: {
      200: { description: 'Fresh prices.', schema: ZPriceUpdateResult, headers: priceSourceHeader },
    },
  },
  {
    method: 'get',
    path: '/api/search',
    tag: 'Prices',
    access: 'public',
    summary: 'Search coins',
    description:
      'From the stored CoinGecko coin list; CoinGecko’s own search only for a query the list has nothing ' +
      'for (cached, an empty answer for an hour, drawing on the users’ share of the quota). source ' +
      'rate_limited: the search or its prices could not be asked upstream.',
    query: {
      query: {
        schema: ZSearchQuery,
        required: true,
        description: 'Name or symbol (at most 100 characters).',
      },
    },
    rateLimit: '60 per address per minute',
    responses: {
      200: { description: 'Up to 10 coins, priced.', schema: ZSearchResponse },
      400: 'query is longer than 100 characters.',
    },
  },
  {
    method: 'get',
    path: '/api/coingecko/{path}',
    tag: 'Prices',
    access: 'public',
    summary: 'CoinGecko proxy',
    description:
      'Forwards simple/price, simple/token_price/{chain}, coins/markets and search with their known query ' +
      'parameters through the server’s limiter and API key; answers are cached for a minute (X-Cache). ' +
      'CoinGecko’s own 4xx answers are passed on as they are. Ids not on the coin list and contract ' +
      'addresses CoinGecko lately did not price are dropped first (none left: its empty answer, no call); ' +
      'search is answered from the coin list. Each upstream call draws on the users’ share of the quota.',
    params: {
      path: {
        schema: z.string(),
        description: 'The CoinGecko route, e.g. simple/price (slashes kept as they are).',
      },
    },
    rateLimit: '120 per address per minute, the users’ share of the CoinGecko quota, and CoinGecko’s own 429',
    responses: {
      200: { description: 'CoinGecko’s answer as it is.', schema: ZUpstreamJson },
      400: 'A chain that is not a chain id, or a query parameter that is too long.',
      404: 'This CoinGecko route is not available through the proxy, or CoinGecko does not know the chain.',
      503: 'CoinGecko failed or could not be reached, or too many upstream calls are waiting already.',
    },
  },
];
