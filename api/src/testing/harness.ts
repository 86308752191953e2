/** Test support: the real API on an ephemeral port over a fresh database. Not used in production. */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEMO_FIRST_DAY,
  createClerkVerifier,
  createLocalIdentity,
  createMemoryBus,
  createPaymentProvider,
  createSimulatedPriceSource,
  hashPassword,
  withDemoExchange,
  type Bus,
  type Identity,
  type PaymentProvider,
  type PriceSource,
} from '@coinpace/adapters';
import {
  connect,
  createDbLocalPaymentStore,
  createLocalAccount,
  findLocalAccount,
  type AppDb,
} from '@coinpace/db';
import { createTestDatabase, type Engine, type TestDatabase } from '@coinpace/db/testing';
import { ZLocalSignUp, parseConfig, parseOrThrow, type Config } from '@coinpace/domain';
import { Registry } from 'prom-client';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createApp } from '../app.ts';
import type { ApiDeps } from '../deps.ts';
import type { TradeImportQueue } from '../features/portfolio/import-jobs.ts';
import { toUserView } from '../features/users/view.ts';
import { createLogger, type Logger } from '../logger.ts';
import type { LimiterFactory } from '../middleware/limiters.ts';

/**
 * Memory limiters with the API's windows and, instead of their own points, those of `points` by limiter
 * name (`*` for the rest; a limiter named in neither keeps its own).
 */
export const limitersWith =
  (points: Readonly<Record<string, number>>): LimiterFactory =>
  (name, options) =>
    new RateLimiterMemory({
      keyPrefix: name,
      ...options,
      points: points[name] ?? points['*'] ?? options.points,
    });

/**
 * Limiters with the API's windows but room for a suite's many sign-ups and calls from one address, for
 * suites that are not about rate limits (the authorization matrix, fuzzing, property walks that shrink).
 */
export const roomyLimiters: LimiterFactory = limitersWith({ '*': 1_000_000 });

export interface TestApi {
  url: string;
  config: Config;
  database: TestDatabase;
  identity: Identity;
  bus: Bus;
  prices: PriceSource;
  /** The payment provider of the config's payments.mode (local checkout over the test database, or Stripe). */
  payments: PaymentProvider;
  /** fetch against the API with JSON in and out. */
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    headers: Headers;
  }>;
  /** Every route of the app as `METHOD /path/:param`, read from its routers (HEAD left out). */
  routes: string[];
  /**
   * A fresh local user (or the one with `email`) and a session token for it, as the sign-up route answers;
   * the user signs in with {@link TEST_PASSWORD}.
   */
  signUp(email?: string): Promise<{ token: string; user: { id: string; clerkId: string } }>;
  close(): Promise<void>;
}

/** The password of every user {@link TestApi.signUp} makes. */
export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;
/** One hash of TEST_PASSWORD across a test file: hashing at the production cost is slow. */
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

let localKeyPem: string | undefined;
/** One RSA key for local tokens across a test file: generating keys is slow. */
export function testLocalKey(): string {
  localKeyPem ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;
  return localKeyPem;
}

export interface TestApiOptions {
  /** Default: an in-process bus (closed with the API). */
  bus?: Bus;
  /**
   * Default: the simulated source, so no test reaches the internet. A function is given the app's
   * database (for a source that reads the stored coin list and prices from it).
   */
  prices?: PriceSource | ((db: AppDb) => PriceSource);
  /** Default: limits counted in memory, fresh per API. */
  limiters?: LimiterFactory;
  /** The clock of billing and of the local payment provider; default the real one. */
  now?: () => Date;
  /** The API's logger; default one at the config's level (silent in tests). */
  logger?: Logger;
  /** A built web app to serve beside the API; default none. */
  webDist?: string;
  /** The trade-import jobs; default an in-process queue. */
  imports?: TradeImportQueue;
  /** How long an import request waits for its job before answering 202; default the API's. */
  importAnswerWaitMs?: number;
  /** The exchanges that can be connected; default the demo exchange a month into its history. */
  exchanges?: ApiDeps['exchanges'];
  /** The exchange-sync jobs; default an in-process queue. */
  exchangeSyncs?: ApiDeps['exchangeSyncs'];
  /** The box sealing exchange keys; default one of a random key. */
  secrets?: ApiDeps['secrets'];
  /**
   * Postgres only: the URL the app connects with, given the test database's own (e.g. through a TCP
   * proxy the test can cut). The harness keeps its direct connection for `database`.
   */
  dbUrlFor?: (url: string) => string;
}

/** Starts the API over a fresh database on `engine`, with env overrides for the config. */
export async function startTestApi(
  engine: Engine,
  env: Record<string, string | undefined> = {},
  options: TestApiOptions = {},
): Promise<TestApi> {
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', ...env });
  const database = await createTestDatabase(engine, process.env.DATABASE_URL);
  const appDatabase =
    options.dbUrlFor && database.url
      ? await connect({ databaseUrl: options.dbUrlFor(database.url), migrate: false, maxConnections: 4 })
      : undefined;
  const identity: Identity =
    config.identity.mode === 'clerk'
      ? {
          verifier: createClerkVerifier({
            jwtKey: config.identity.jwtKey,
            authorizedParties: config.identity.authorizedParties,
          }),
        }
      : await (async () => {
          const local = await createLocalIdentity({ privateKeyPem: testLocalKey() });
          return { verifier: local, local };
        })();
  const bus = options.bus ?? createMemoryBus();
  const db = appDatabase?.db ?? database.db;
  const prices =
    typeof options.prices === 'function'
      ? options.prices(db)
      : (options.prices ?? createSimulatedPriceSource({ seed: 1 }));
  const payments = createPaymentProvider(config.payments, {
    localStore: createDbLocalPaymentStore(db),
    now: options.now,
  });
  const app = createApp({
    config,
    db,
    identity,
    bus,
    prices,
    payments,
    logger: options.logger ?? createLogger(config.logLevel),
    metrics: new Registry(),
    limiters: options.limiters,
    now: options.now,
    webDist: options.webDist,
    imports: options.imports,
    importAnswerWaitMs: options.importAnswerWaitMs,
    // The demo exchange a month into its history: a few movements, so the syncs tests start are quick.
    exchanges:
      options.exchanges ?? withDemoExchange(undefined, { now: () => DEMO_FIRST_DAY + 30 * 86_400_000 }),
    exchangeSyncs: options.exchangeSyncs,
    secrets: options.secrets,
  });
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const call: TestApi['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(url + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  let counter = 0;
  return {
    url,
    config,
    database,
    identity,
    bus,
    prices,
    payments,
    call,
    routes: listRoutes(app),
    async signUp(email) {
      counter += 1;
      const address = email ?? `person${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
      const local = identity.local;
      if (config.maintenanceMode || !local) throw new Error('sign-up failed: no local accounts here');
      // What the sign-up route stores, minus its scrypt hash at OWASP's cost (0.4 s of a core; suites
      // sign up thousands of users): every user shares one hash of TEST_PASSWORD, made once, so each can
      // still sign in. Sign-up itself is tested through its route.
      const input = parseOrThrow(ZLocalSignUp, { email: address, password: TEST_PASSWORD, firstName: 'Ada' });
      const passwordHash = await testPasswordHash();
      const user =
        (await findLocalAccount(db, input.email))?.user ??
        (await createLocalAccount(db, {
          subject: local.newSubject(),
          email: input.email,
          passwordHash,
          firstName: input.firstName ?? null,
        }));
      if (!user) throw new Error(`sign-up failed: ${input.email} was taken meanwhile`);
      return { token: local.issueToken(user.identitySubject), user: toUserView(user) };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.bus) await bus.close();
      await appDatabase?.close();
      await database.close();
    },
  };
}

/** The routes the app's routers declare, e.g. `PUT /api/portfolio/:id`. */
function listRoutes(app: { middleware: unknown[] }): string[] {
  const routes = new Set<string>();
  type Listed = { stack: { methods: string[]; path: string }[] };
  for (const middleware of app.middleware) {
    // A router's own middleware names its router; the app's routeThrough names all of them.
    const { router, routers = [] } = middleware as { router?: Listed; routers?: Listed[] };
    for (const { stack } of router ? [router, ...routers] : routers) {
      for (const layer of stack) {
        for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${layer.path}`);
      }
    }
  }
  return [...routes];
}
