/**
 * Test support: a gateway node in a process of its own (its own HTTP server, Redis bus and Socket.IO
 * Redis Streams adapter), driven by the test over IPC. Settings come from the environment the test
 * passes. Sends `{ready, url}` once listening; answers commands with `{id, result}`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalIdentity, createRedisBus, publishUserEvent } from '@coinpace/adapters';
import { connect, trackCoin } from '@coinpace/db';
import { BUS_TOPICS, type UserEvent } from '@coinpace/domain';
import { startGateway } from '../gateway.ts';

/** What a test can ask of the node. */
export type GatewayRequest =
  | { cmd: 'publishTick'; tick: unknown }
  | { cmd: 'publishUserEvent'; event: UserEvent }
  | { cmd: 'emitToRoom'; room: string; plan: string }
  | { cmd: 'clusterSockets' }
  /** Adds a coin to the node's tracked set, as holding or tracking it would (sockets watch only known coins). */
  | { cmd: 'trackCoin'; coingeckoId: string }
  | { cmd: 'ping' };
export type GatewayCommand = GatewayRequest & { id: number };

const env = process.env;
// Without a DATABASE_URL the node runs on an in-memory PGlite of its own, which needs its tables.
const database = await connect({
  databaseUrl: env.DATABASE_URL,
  migrate: !env.DATABASE_URL,
  maxConnections: 2,
});
const bus = await createRedisBus({ url: env.REDIS_URL!, prefix: env.BUS_PREFIX });
const identity = await createLocalIdentity({ privateKeyPem: env.LOCAL_KEY_PEM! });
const httpServer = createServer();
await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
const gateway = await startGateway({
  httpServer,
  bus,
  db: database.db,
  verifier: identity,
  redisUrl: env.REDIS_URL,
  redisPrefix: env.BUS_PREFIX,
});

process.on('message', async (message: GatewayCommand) => {
  let result: unknown = null;
  if (message.cmd === 'publishTick') await bus.publish(BUS_TOPICS.priceTick, message.tick);
  if (message.cmd === 'publishUserEvent') await publishUserEvent(bus, message.event);
  // A cluster-wide emit: it reaches sockets on other nodes only through the Socket.IO adapter.
  if (message.cmd === 'emitToRoom')
    gateway.io.to(message.room).emit('billing:updated', { plan: message.plan, reason: 'test' });
  if (message.cmd === 'clusterSockets') result = (await gateway.io.fetchSockets()).length;
  if (message.cmd === 'trackCoin')
    await trackCoin(database.db, {
      coingeckoId: message.coingeckoId,
      name: message.coingeckoId,
      symbol: 'T',
    });
  process.send!({ id: message.id, result });
});
process.send!({ ready: true, url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}` });
