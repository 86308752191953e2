/**
 * The price routes of SPEC.md section 7. Public (market data, rate limited per address): GET /api/prices,
 * /api/prices/by-address, /api/prices/stream, /api/search and the /api/coingecko proxy; the landing
 * page's ticker needs them before anyone signs in. Signed in (they change what the poller polls or
 * spend upstream quota on demand): POST /api/prices/track, GET /api/prices/tracked, POST /api/prices/update.
 */
import {
  findFollowedCoinIds,
  listHoldings,
  listTrackedCoins,
  loadLatestFxRates,
  loadLatestPrices,
  trackCoin,
} from '@coinpace/db';
import { BUILT_IN_COIN_IDS } from '@coinpace/adapters';
import {
  AppError,
  FORCE_UPDATE_RATE_LIMITED,
  TICKER_COINS,
  TRACKS_PER_USER_PER_DAY,
  ZForcePriceUpdate,
  ZPriceAddressesQuery,
  ZPriceIdsQuery,
  ZSearchQuery,
  ZTrackCoin,
  chainForAddress,
  parseOrThrow,
  type FxRatesView,
  type PriceMap,
  type PriceUpdateResult,
  type SearchResponse,
  type TrackedCoinView,
} from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import { clientKeyOf } from '../../middleware/client-key.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { sendJsonBytes } from '../../json-bytes.ts';
import { consumePoint, rateLimit } from '../../middleware/rate-limit.ts';
import { requireKnownCoin } from './known-coins.ts';
import { coingeckoProxy } from './proxy.ts';
import { LatestPrices } from './latest-prices.ts';
import { memoizeQuery } from './query-memo.ts';
import { staleAfterMs } from './read-prices.ts';
import { priceStream } from './stream.ts';
import { TickRelay } from './tick-relay.ts';
import { createRouter } from '../../routers.ts';

/** Per-address and per-user limits of the price routes. */
const LIMITS = {
  reads: { points: 240, duration: 60 },
  streams: { points: 30, duration: 60 },
  search: { points: 60, duration: 60 },
  proxy: { points: 120, duration: 60 },
  forcedUpdates: { points: 6, duration: 60 },
  // Per user: each tracked coin is polled for everyone for seven days.
  tracks: { points: TRACKS_PER_USER_PER_DAY, duration: 86_400 },
};

const queryText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function priceRoutes({ config, db, identity, bus, prices, limiters = memoryLimiters() }: ApiDeps) {
  const router = createRouter();
  const limiter = (name: keyof typeof LIMITS) => limiters(`prices-${name}`, LIMITS[name]);
  const byIp = (name: keyof typeof LIMITS) =>
    rateLimit(limiter(name), (ctx) => `${name}:${clientKeyOf(ctx)}`);
  const signedIn = requireUser(identity.verifier, db);
  const stale = staleAfterMs(config.prices.pollMs);
  const relay = new TickRelay(bus);
  // Kept current by the ticks; the database is read to warm up and for prices gone stale.
  const latest = new LatestPrices((ids) => loadLatestPrices(db, ids), prices, relay, { staleAfterMs: stale });

  // The query string decides the ids, so the same query is parsed and validated once.
  const idsByQuery = memoizeQuery<readonly string[]>();

  router.get('/api/prices', byIp('reads'), async (ctx) => {
    const ids = idsByQuery(ctx.querystring, () => {
      const parsed = parseOrThrow(ZPriceIdsQuery, queryText(ctx.query.ids));
      if (parsed.length === 0)
        throw new AppError('BAD_REQUEST', { message: 'ids is required, e.g. ?ids=bitcoin,ethereum' });
      return Object.freeze(parsed);
    });
    const result = await latest.read(ids);
    ctx.set('X-Price-Source', result.state.status);
    if (!result.encoded) {
      ctx.body = result.prices;
      return;
    }
    // The body encoded once for this coin set until a tick changes it; a browser holding it gets a 304.
    ctx.status = 200;
    ctx.set('ETag', result.encoded.etag);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    sendJsonBytes(ctx, result.encoded.body);
  });

  // Display-currency rates: what the poller stored with the latest prices.
  router.get('/api/prices/rates', byIp('reads'), async (ctx) => {
    const { rates, at } = await loadLatestFxRates(db);
    const body: FxRatesView = { rates: { ...rates, usd: 1 }, updatedAt: at?.toISOString() ?? null };
    ctx.body = body;
  });

  router.get('/api/prices/by-address', byIp('reads'), async (ctx) => {
    const addresses = parseOrThrow(ZPriceAddressesQuery, queryText(ctx.query.addresses));
    const byChain = new Map<string, string[]>();
    for (const address of addresses) {
      const chain = chainForAddress(address);
      byChain.set(chain, [...(byChain.get(chain) ?? []), address]);
    }
    const found: PriceMap = {};
    let status = prices.state().status;
    for (const [chain, list] of byChain) {
      const result = await prices.getTokenPrices(chain, list);
      Object.assign(found, result.prices);
      // A look-up refused for want of the users' share of the quota says so, as a rate limit would.
      if (result.state.status === 'rate_limited') status = 'rate_limited';
    }
    ctx.set('X-Price-Source', status);
    ctx.body = found;
  });

  router.get(
    '/api/prices/stream',
    byIp('streams'),
    priceStream({
      relay,
      read: async (ids) => (await latest.read(ids)).prices,
      // Built in, or followed in Postgres: one indexed look-up per stream opened, never upstream.
      known: async (ids) => {
        const followed = await findFollowedCoinIds(
          db,
          ids.filter((id) => !BUILT_IN_COIN_IDS.has(id)),
        );
        return new Set(ids.filter((id) => BUILT_IN_COIN_IDS.has(id) || followed.has(id)));
      },
      maxIds: config.connections.watchedCoins.anonymous,
      maxPerAddress: config.connections.streamsPerAddress,
    }),
  );

  const tracks = limiter('tracks');
  router.post('/api/prices/track', signedIn, jsonBody(), async (ctx) => {
    const coin = parseOrThrow(ZTrackCoin, bodyOf(ctx));
    // Counted before the coin is looked up, so made-up ids use up the day's tracks as well.
    await consumePoint(tracks, `track:${currentUser(ctx).id}`);
    await requireKnownCoin(prices, coin.coingeckoId);
    await trackCoin(db, coin, 'manual');
    ctx.status = 201;
    ctx.body = { success: true, coin: coin satisfies TrackedCoinView };
  });

  router.get('/api/prices/tracked', signedIn, async (ctx) => {
    const coins = new Map<string, TrackedCoinView>();
    for (const coin of TICKER_COINS) {
      coins.set(coin.coingeckoId, {
        coingeckoId: coin.coingeckoId,
        name: coin.name,
        symbol: coin.symbol,
        address: null,
      });
    }
    for (const row of await listTrackedCoins(db)) {
      coins.set(row.coingeckoId, {
        coingeckoId: row.coingeckoId,
        name: row.name,
        symbol: row.symbol,
        address: row.address,
      });
    }
    ctx.body = [...coins.values()];
  });

  const forcedUpdates = limiter('forcedUpdates');
  router.post(
    '/api/prices/update',
    signedIn,
    rateLimit(forcedUpdates, (ctx) => `update:${ctx.state.user?.id}`),
    jsonBody(),
    async (ctx) => {
      const { ids } = parseOrThrow(ZForcePriceUpdate, bodyOf(ctx));
      const wanted =
        ids ??
        (await listHoldings(db, currentUser(ctx).id)).flatMap((h) => (h.coingeckoId ? [h.coingeckoId] : []));
      const result = await prices.getPrices(wanted, { maxAgeMs: 0 });
      if (result.state.status === 'rate_limited') {
        const wait = Math.max(1, Math.ceil(((result.state.lockedUntil ?? Date.now()) - Date.now()) / 1000));
        throw new AppError('RATE_LIMITED', { message: FORCE_UPDATE_RATE_LIMITED, retryAfter: wait });
      }
      ctx.set('X-Price-Source', result.state.status);
      ctx.body = { prices: result.prices, updatedAt: Date.now() } satisfies PriceUpdateResult;
    },
  );

  router.get('/api/search', byIp('search'), async (ctx) => {
    const query = parseOrThrow(ZSearchQuery, queryText(ctx.query.query) ?? '');
    const { coins, state } = await prices.search(query);
    // Said with the answer, so 'no coins' can be told apart from 'could not search'.
    ctx.body = { coins, source: state.status } satisfies SearchResponse;
  });

  router.get('/api/coingecko/{*path}', byIp('proxy'), coingeckoProxy({ prices }));

  return router;
}
