/**
 * The Socket.IO gateway role (DESIGN.md section 4). Every node subscribes to the ticks and user events
 * on the bus and emits them to its own sockets (`io.local`), so a tick crosses Redis once per node, not
 * once per socket. With a Redis URL the nodes also share the Socket.IO Redis Streams adapter: rooms
 * and emits are cluster-wide and a client that blips reconnects to any node with its rooms restored.
 * Clients resynchronise on every connect (snapshot on connect, quotes in the `subscribe` answer).
 */
import type { Server as HttpServer } from 'node:http';
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
  type ClientToServerEvents,
  type PriceTick,
  type ServerToClientEvents,
} from '@coinpace/domain';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Server } from 'socket.io';
import { sameSourceState } from '../poller/changes.ts';
import { CoinSets } from './coin-sets.ts';
import { checkHandshake, type SocketData } from './handshake.ts';
import { PriceView } from './price-view.ts';
import { handleSubscriptions, setCoins, type GatewaySocket } from './subscriptions.ts';

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
  /** Redis URL: share the Socket.IO Redis Streams adapter with the other gateway nodes. */
  redisUrl?: string;
  /** Prefix of the adapter's Redis keys and channels. Default `coinpace:`. */
  redisPrefix?: string;
  /** How long a dropped client may come back with its rooms (connection-state recovery), ms. Default 2 min. */
  recoveryMs?: number;
  logger?: Logger;
}

export interface Gateway {
  io: GatewayServer;
  /** Local sockets connected now. */
  connections(): number;
  /** Disconnects every socket, stops listening to the bus, and closes the adapter (not the HTTP server). */
  close(): Promise<void>;
}

/** Starts the gateway on `httpServer`; resolves once it listens to the bus. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const logger = options.logger ?? noopLogger;
  const prefix = options.redisPrefix ?? 'coinpace:';
  const view = await PriceView.load(options.db);
  const sets = new CoinSets();
  const redis = options.redisUrl
    ? await connectRedis(options.redisUrl, logger, 'socket.io-adapter')
    : undefined;

  const io: GatewayServer = new Server(options.httpServer, {
    serveClient: false,
    maxHttpBufferSize: 200_000,
    connectionStateRecovery: {
      maxDisconnectionDuration: options.recoveryMs ?? 120_000,
      skipMiddlewares: false,
    },
    adapter: redis
      ? createAdapter(redis, {
          streamName: `${prefix}socket.io`,
          channelPrefix: `${prefix}socket.io`,
          sessionKeyPrefix: `${prefix}sio:session:`,
          onlyPlaintext: true,
        })
      : undefined,
  });
  io.use(
    checkHandshake({
      sitePassword: options.sitePassword,
      verifier: options.verifier,
      db: options.db,
      logger,
    }),
  );

  io.on('connection', (socket: GatewaySocket) => {
    forgetHandshake(socket);
    void socket.join('ticker');
    if (socket.data.userId) void socket.join(`user:${socket.data.userId}`);
    const restored = socket.recovered ? [...(socket.data.coins ?? [])].sort() : [];
    socket.data.coins = [];
    socket.data.setKey = '';
    // A recovered socket is back in its rooms; this node counts its coin set again.
    if (restored.length > 0) setCoins(socket, sets, restored);
    if (view.ticker) socket.emit('ticker', view.ticker);
    if (view.state) socket.emit('source:state', view.state);
    handleSubscriptions(socket, sets, view);
    socket.on('disconnect', () => sets.leave(socket.data.setKey));
  });

  const onTick = (tick: PriceTick) => {
    const stateChanged = !sameSourceState(view.state, tick.source);
    view.apply(tick);
    const local = io.local;
    if (tick.ticker) local.to('ticker').emit('ticker', tick.ticker);
    if (stateChanged) local.to('ticker').emit('source:state', tick.source);
    for (const [key, payload] of sets.payloads(tick.prices))
      local.to(CoinSets.room(key)).emit('prices', payload);
  };
  const unsubscribers = [
    await options.bus.subscribe(BUS_TOPICS.priceTick, (payload) => onTick(payload as PriceTick)),
    await subscribeUserEvents(options.bus, (event) => {
      // Each node reaches its own sockets of the user; the bus already brought the event to every node.
      io.local.to(`user:${event.userId}`).emit(event.type, event.payload as never);
    }),
  ];

  return {
    io,
    connections: () => io.of('/').sockets.size,
    async close() {
      await Promise.all(unsubscribers.map((unsubscribe) => unsubscribe().catch(() => {})));
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.all([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
      if (redis) await closeRedis(redis);
    },
  };
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
