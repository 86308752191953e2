/**
 * Test support: the life of a gateway int suite in one place. Registers the suite's hooks (a PGlite
 * database holding `prices`, a bus of `busKind`, a local identity; every gateway and client started in a
 * test closed after it; bus and database closed after the suite) and hands out what the tests use.
 */
import { createLocalIdentity, type LocalIdentity } from '@coinpace/adapters';
import { createTestBus, type BusKind, type TestBus } from '@coinpace/adapters/testing';
import { saveLatestPrices } from '@coinpace/db';
import { createTestDatabase, type TestDatabase } from '@coinpace/db/testing';
import type { PriceMap } from '@coinpace/domain';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { GatewayOptions } from '../gateway.ts';
import { connectClient, type TestClient } from './clients.ts';
import { testKeyPem } from './key.ts';
import { startTestGateway, type TestGateway } from './start-test-gateway.ts';

export interface GatewaySuiteSetup {
  /** Default 'memory'; 'redis' needs `redisUrl`, and each gateway then runs the Redis adapter. */
  busKind?: BusKind;
  redisUrl?: string | undefined;
  /** Latest prices stored before the suite starts (coins a socket may then watch). */
  prices?: PriceMap;
  /** Options every gateway of the suite starts with, under each `start`'s own. */
  gatewayDefaults?: Partial<GatewayOptions>;
}

export interface GatewaySuite {
  readonly database: TestDatabase;
  readonly bus: TestBus;
  readonly identity: LocalIdentity;
  /** The gateways started in the current test, in order. */
  readonly servers: readonly TestGateway[];
  /** Starts a gateway closed after the test. */
  start(options?: Partial<GatewayOptions>): Promise<TestGateway>;
  /** Connects a client closed after the test. */
  client(url: string, options?: Parameters<typeof connectClient>[1]): Promise<TestClient>;
  /** Closes `client` after the test too (one connected some other way). */
  adopt<T extends TestClient>(client: T): T;
}

/** Call inside a `describe`: the hooks are registered on it. */
export function gatewaySuite(setup: GatewaySuiteSetup = {}): GatewaySuite {
  const kind = setup.busKind ?? 'memory';
  let database: TestDatabase | undefined;
  let bus: TestBus | undefined;
  let identity: LocalIdentity | undefined;
  const servers: TestGateway[] = [];
  const clients: TestClient[] = [];
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`gatewaySuite: ${name} is made in beforeAll`);
    return value;
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    bus = await createTestBus(kind, { redisUrl: setup.redisUrl });
    identity = await createLocalIdentity({ privateKeyPem: testKeyPem() });
    if (setup.prices) await saveLatestPrices(database.db, setup.prices, 'coingecko', new Date());
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    for (const server of servers.splice(0)) await server.close();
  });
  afterAll(async () => {
    await bus?.close();
    await database?.close();
  });

  const suite: GatewaySuite = {
    get database() {
      return ready(database, 'database');
    },
    get bus() {
      return ready(bus, 'bus');
    },
    get identity() {
      return ready(identity, 'identity');
    },
    servers,
    async start(options = {}) {
      const testBus = suite.bus;
      const server = await startTestGateway({
        bus: testBus,
        db: suite.database.db,
        verifier: suite.identity,
        ...(kind === 'redis' ? { redisUrl: setup.redisUrl, redisPrefix: testBus.prefix } : {}),
        ...setup.gatewayDefaults,
        ...options,
      });
      servers.push(server);
      return server;
    },
    async client(url, options = {}) {
      return suite.adopt(await connectClient(url, options));
    },
    adopt(client) {
      clients.push(client);
      return client;
    },
  };
  return suite;
}
