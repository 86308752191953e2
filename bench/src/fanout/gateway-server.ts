/**
 * Benchmark server (a): our Socket.IO gateway on the in-process bus, ticks published on the bus. With
 * BENCH_REDIS_URL (the two-gateway mode) it runs as in production instead: the Redis bus and the Socket.IO
 * Redis Streams adapter under BENCH_REDIS_PREFIX, and the ticks come from the publisher process.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalIdentity, createMemoryBus, createRedisBus } from '@coinpace/adapters';
import { connect, saveLatestPrices } from '@coinpace/db';
import { BUS_TOPICS } from '@coinpace/domain';
import { startGateway } from '@coinpace/realtime';
import { benchTick } from './protocol.ts';
import { serveBenchmark } from './serve.ts';

const database = await connect({ dataDir: 'memory://' });
// Sockets watch only coins Coinpace follows: the bench coins are priced, as the poller stores them.
const seeded = Object.entries(benchTick(0, Date.now()).prices).map(([id, quote]) => [
  id,
  { ...quote, last_updated: Math.floor(Date.now() / 1000) },
]);
await saveLatestPrices(database.db, Object.fromEntries(seeded), 'coingecko', new Date());
const redisUrl = process.env.BENCH_REDIS_URL;
const redisPrefix = process.env.BENCH_REDIS_PREFIX;
const bus = redisUrl ? await createRedisBus({ url: redisUrl, prefix: redisPrefix }) : createMemoryBus();
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const identity = await createLocalIdentity({ privateKeyPem: privateKey });
const http = createServer();
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', 2048, resolve));
// Settings under test (bench:fanout --gateway '{"recoveryMs":0,"transport":{"perMessageDeflate":false}}').
const tried = JSON.parse(process.env.BENCH_GATEWAY_OPTIONS || '{}') as Pick<
  Parameters<typeof startGateway>[0],
  'recoveryMs' | 'transport'
>;
const gateway = await startGateway({
  httpServer: http,
  bus,
  db: database.db,
  verifier: identity,
  // Every bench client comes from 127.0.0.1: the per-address cap would refuse all but 50.
  maxSocketsPerAddress: Number.MAX_SAFE_INTEGER,
  redisUrl,
  redisPrefix,
  ...tried,
});

serveBenchmark({
  port: (http.address() as AddressInfo).port,
  publish: (tick) => bus.publish(BUS_TOPICS.priceTick, tick),
  connections: () => gateway.connections(),
});
