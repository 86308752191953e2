/**
 * The Socket.IO gateway role (DESIGN.md section 4). Every node subscribes to the ticks and user events
 * on the bus and emits them to its own sockets (`io.local`), so a tick crosses Redis once per node, not
 * once per socket. With a Redis URL the nodes also share the Socket.IO Redis Streams adapter: rooms
 * and emits are cluster-wide and a client that blips reconnects to any node with its rooms restored.
 * Clients resynchronise on every connect (snapshot on connect, quotes in the `subscribe` answer).
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import {
  closeRedis,
  connectRedis,
  noopLogger,
  subscribeUserEvents,
  type Bus,
  type IdentityVerifier,
  type Logger,
} from '@coinpace/adapters';
import type { AppDb } from '@coinpace/db';
import {
  BUS_TOPICS,
  DEFAULT_COIN_SETS_PER_ADDRESS,
  DEFAULT_MAX_COIN_SETS,
  DEFAULT_WATCHED_COINS,
  defaultSignedInSetReserve,
  SITE_PASSWORD_GUESS_LIMIT,
  TICKER_COIN_IDS,
  tickQuotes,
  TOO_MANY_SOCKETS,
  type ClientToServerEvents,
  type PriceTick,
  type ServerToClientEvents,
} from '@coinpace/domain';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Server, type ServerOptions } from 'socket.io';
import { sameSourceState } from '../poller/changes.ts';
import { AddressCounter, clientKey } from './address-limit.ts';
import { CoinSets } from './coin-sets.ts';
import { checkHandshake, type SocketData } from './handshake.ts';
import { KnownCoins } from './known-coins.ts';
import { PriceView } from './price-view.ts';
import { emitUnstored, guardSessionRecovery, resumeRecovery, userRoom } from './recovery.ts';
import {
  subscriptionHandlers,
  holderOf,
  setCoins,
  watchCap,
  type GatewaySocket,
  type SubscriptionDeps,
  type WatchLimits,
} from './subscriptions.ts';

export type GatewayServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface GatewayOptions {
  /** The HTTP server to attach to (`/socket.io` on the same origin as the API in ROLE=all). */
  httpServer: HttpServer;
  bus: Bus;
  db: AppDb;
  verifier: IdentityVerifier;
  /** When set, every handshake must carry it (`auth.sitePassword` or header `x-site-password`). */
  sitePassword?: string;
  /**
   * Wrong site passwords per client address: pass the API's `check-password` limiter (Redis-backed when
   * there is Redis) so handshake guesses and HTTP guesses share one count.
   * Default: counted in this process, SITE_PASSWORD_GUESS_LIMIT.
   */
  sitePasswordGuesses?: RateLimiterAbstract;
  /** Redis URL: share the Socket.IO Redis Streams adapter with the other gateway nodes. */
  redisUrl?: string;
  /** Prefix of the adapter's Redis keys and channels. Default `coinpace:`. */
  redisPrefix?: string;
  /**
   * How long a dropped client may come back with its rooms (connection-state recovery), ms. Default 2 min;
   * 0 turns recovery off (clients still resynchronise on connect).
   */
  recoveryMs?: number;
  /** Connections one client address may hold open on this node; more handshakes are refused. Default 50. */
  maxSocketsPerAddress?: number;
  /**
   * Coins one socket may watch besides the ticker coins. Default 50 anonymous,
   * 1,010 signed in (every holding a portfolio may have, and the ticker coins).
   */
  watchLimits?: Partial<WatchLimits>;
  /** Distinct coin sets (rooms) this node keeps; a change that needs another is refused. Default 10,000. */
  maxCoinSets?: number;
  /**
   * Of `maxCoinSets`, how many only signed-in sockets may open: anonymous sockets open new sets only while
   * fewer than `maxCoinSets - signedInSetReserve` exist. Default a fifth of `maxCoinSets`.
   */
  signedInSetReserve?: number;
  /**
   * Coin sets the anonymous sockets of one address key may be in at once, the ticker-only set aside.
   * Default DEFAULT_COIN_SETS_PER_ADDRESS (10).
   */
  anonymousSetsPerAddress?: number;
  /** Least ms between two Postgres look-ups of ids not known in memory. Default 1,000. */
  knownLookupEveryMs?: number;
  /** Proxies in front that append to X-Forwarded-For; 0 (default) counts the peer address. */
  trustedProxyHops?: number;
  /** Engine settings to try (bench:fanout's memory mode); the defaults are what it measured best. */
  transport?: Pick<
    Partial<ServerOptions>,
    'perMessageDeflate' | 'httpCompression' | 'maxHttpBufferSize' | 'wsEngine'
  >;
  logger?: Logger;
}

export interface Gateway {
  io: GatewayServer;
  /** Local sockets connected now. */
  connections(): number;
  /**
   * Closes this node's connections (only this node's: clients see a lost transport and reconnect to
   * any node), stops listening to the bus, and closes the adapter (not the HTTP server). Idempotent.
   */
  close(): Promise<void>;
}

/** Starts the gateway on `httpServer`; resolves once it listens to the bus. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const logger = options.logger ?? noopLogger;
  const prefix = options.redisPrefix ?? 'coinpace:';
  const view = await PriceView.load(options.db);
  // Every socket's set holds the ticker coins: one `prices` frame per tick carries them too.
  const maxCoinSets = options.maxCoinSets ?? DEFAULT_MAX_COIN_SETS;
  const sets = new CoinSets(TICKER_COIN_IDS, {
    max: maxCoinSets,
    signedInReserve: options.signedInSetReserve ?? defaultSignedInSetReserve(maxCoinSets),
    anonymousPerAddress: options.anonymousSetsPerAddress ?? DEFAULT_COIN_SETS_PER_ADDRESS,
  });
  const subscriptions: SubscriptionDeps = {
    sets,
    view,
    known: new KnownCoins({ db: options.db, view, logger, lookupEveryMs: options.knownLookupEveryMs }),
    limits: { ...DEFAULT_WATCHED_COINS, ...options.watchLimits },
  };
  // The adapter reads its stream in a loop that retries a failed XREAD at once, without pausing. With
  // an offline queue the read waits for the reconnect instead of failing in a tight loop that starves
  // the event loop (a Redis blip froze every gateway). Its duplicates (the reader, the
  // subscriber) inherit the queue.
  const redis = options.redisUrl
    ? await connectRedis(options.redisUrl, logger, 'socket.io-adapter', { offlineQueue: true })
    : undefined;

  // Counted from the handshake (before Socket.IO keeps anything for it) until the connection closes.
  const perAddress = new AddressCounter(options.maxSocketsPerAddress ?? 50);
  const hops = options.trustedProxyHops ?? 0;
  const countedAs = new WeakMap<IncomingMessage, string>();
  const recoveryMs = options.recoveryMs ?? 120_000;
  const io: GatewayServer = new Server(options.httpServer, {
    serveClient: false,
    allowRequest: (req, callback) => {
      const key = clientKey(req.socket.remoteAddress, req.headers['x-forwarded-for'], hops);
      if (!perAddress.tryTake(key)) {
        logger.warn({ clientKey: key }, 'socket refused: too many connections from this address');
        return callback(TOO_MANY_SOCKETS, false);
      }
      countedAs.set(req, key);
      callback(null, true);
    },
    maxHttpBufferSize: 200_000,
    ...options.transport,
    connectionStateRecovery:
      recoveryMs > 0 ? { maxDisconnectionDuration: recoveryMs, skipMiddlewares: false } : undefined,
    adapter: redis
      ? createAdapter(redis, {
          streamName: `${prefix}socket.io`,
          channelPrefix: `${prefix}socket.io`,
          sessionKeyPrefix: `${prefix}sio:session:`,
          onlyPlaintext: true,
        })
      : undefined,
  });
  // One close listener for every connection, reading the key off the connection (the emitter is `this`):
  // a closure per connection would cost each its own function and scope.
  function releaseAddress(this: CountedConnection) {
    if (this.addressKey !== undefined) perAddress.release(this.addressKey);
  }
  io.engine.on('connection', (raw: CountedConnection) => {
    const key = countedAs.get(raw.request);
    if (key === undefined) return;
    raw.addressKey = key;
    raw.on('close', releaseAddress);
  });
  guardSessionRecovery(io.of('/').adapter);
  io.use(
    checkHandshake({
      sitePassword: options.sitePassword,
      passwordGuesses:
        options.sitePasswordGuesses ??
        new RateLimiterMemory({ keyPrefix: 'check-password', ...SITE_PASSWORD_GUESS_LIMIT }),
      // Counted under the key the API counts the same client's requests under.
      addressOf: (socket) =>
        clientKey(socket.conn.remoteAddress, socket.handshake.headers['x-forwarded-for'], hops),
      verifier: options.verifier,
      db: options.db,
      logger,
    }),
  );

  // Made once and shared by every socket (see subscriptionHandlers).
  const handlers = {
    ...subscriptionHandlers(subscriptions),
    disconnect(this: GatewaySocket) {
      sets.leave(this.data.setKey, holderOf(this));
    },
  };
  io.on('connection', (socket: GatewaySocket) => {
    // The key this connection is counted under: an anonymous socket's coin sets are capped per key.
    socket.data.addressKey = countedAs.get(socket.conn.request) ?? 'unknown';
    forgetHandshake(socket);
    // The user's room comes from the token this handshake verified, never from a restored session.
    if (socket.data.userId) void socket.join(userRoom(socket.data.userId));
    resumeRecovery(socket);
    // A recovered session's coins were known when added; the cap is this handshake's (a socket signed
    // in before may come back anonymous).
    const restored = socket.recovered
      ? [...(socket.data.coins ?? [])].sort().slice(0, watchCap(socket, subscriptions.limits))
      : [];
    socket.data.coins = [];
    socket.data.setKey = undefined;
    for (const room of socket.rooms) if (room.startsWith('coins:')) void socket.leave(room);
    // Every socket is in one coin set (the ticker-only one until it subscribes). A recovered socket is
    // back in its rooms; this node counts its coin set again, or, at the bound on sets, the ticker's.
    if (!setCoins(socket, sets, restored)) setCoins(socket, sets, []);
    if (view.ticker) emitUnstored(socket, 'ticker', view.ticker);
    if (view.state) emitUnstored(socket, 'source:state', view.state);
    socket.on('subscribe', handlers.subscribe);
    socket.on('unsubscribe', handlers.unsubscribe);
    socket.on('disconnect', handlers.disconnect);
  });

  /** Sockets that connected before this node had a ticker got none on connect: the first one goes to all. */
  const sendFirstTicker = (hadTicker: boolean) => {
    if (!hadTicker && view.ticker) io.local.emit('ticker', view.ticker);
  };
  // One `prices` frame per socket per tick: the ticker coins travel as quotes in it, and the
  // browser moves its ticker from them; `ticker` is sent on connect only.
  const onTick = (tick: PriceTick) => {
    const stateChanged = !sameSourceState(view.state, tick.source);
    const quotes = tickQuotes(tick, view.ticker, (id) => view.prices.get(id)?.last_updated);
    const hadTicker = view.ticker !== null;
    view.apply(tick);
    const local = io.local;
    if (stateChanged) local.emit('source:state', tick.source);
    sendFirstTicker(hadTicker);
    for (const [key, payload] of sets.payloads(quotes)) local.to(sets.setRoom(key)).emit('prices', payload);
  };
  const unsubscribers = [
    await options.bus.subscribe(BUS_TOPICS.priceTick, (payload) => onTick(payload as PriceTick)),
    await subscribeUserEvents(options.bus, (event) => {
      // Each node reaches its own sockets of the user; the bus already brought the event to every node.
      io.local.to(userRoom(event.userId)).emit(event.type, event.payload as never);
    }),
  ];
  // What was published between the view's load and the subscriptions is in Postgres (the poller stores,
  // then publishes): take it, so a node started beside the poller's first tick still has the ticker.
  const hadTicker = view.ticker !== null;
  await view.catchUp(options.db);
  sendFirstTicker(hadTicker);

  let closing: Promise<void> | undefined;
  return {
    io,
    connections: () => io.of('/').sockets.size,
    close() {
      closing ??= (async () => {
        await Promise.all(unsubscribers.map((unsubscribe) => unsubscribe().catch(() => {})));
        // Closing the transports of this node's connections, not `io.disconnectSockets()`: through the
        // Redis adapter that disconnects every node's sockets, and with 'io server disconnect', which
        // clients never retry. A transport close is retried by the client, reaches another
        // node, and its session is kept for connection-state recovery.
        io.engine.close();
        await Promise.all([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
        if (redis) await closeRedis(redis);
      })();
      return closing;
    },
  };
}

/** An engine.io connection, with the key it is counted under per address once admitted. */
interface CountedConnection {
  request: IncomingMessage;
  addressKey?: string;
  on(event: 'close', listener: (this: CountedConnection) => void): void;
}

const NO_HEADERS = Object.freeze({});

/**
 * Drops what the handshake no longer needs once the socket is connected (the upgrade request, the
 * header copies): several hundred bytes per socket, which thousands of sockets feel.
 */
function forgetHandshake(socket: GatewaySocket): void {
  (socket.conn as unknown as { request: unknown }).request = null;
  const handshake = socket.handshake as { headers: unknown; url: string };
  handshake.headers = NO_HEADERS;
  handshake.url = '';
}
