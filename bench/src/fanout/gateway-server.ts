/** Benchmark server (a): our Socket.IO gateway on the in-process bus, ticks published on the bus. */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalIdentity, createMemoryBus } from '@coinpace/adapters';
import { connect } from '@coinpace/db';
import { BUS_TOPICS } from '@coinpace/domain';
import { startGateway } from '@coinpace/realtime';
import { serveBenchmark } from './serve.ts';

const database = await connect({ dataDir: 'memory://' });
const bus = createMemoryBus();
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const identity = await createLocalIdentity({ privateKeyPem: privateKey });
const http = createServer();
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', 2048, resolve));
const gateway = await startGateway({ httpServer: http, bus, db: database.db, verifier: identity });

serveBenchmark({
  port: (http.address() as AddressInfo).port,
  publish: (tick) => bus.publish(BUS_TOPICS.priceTick, tick),
  connections: () => gateway.connections(),
});
