/**
 * The compose topology (api x1, gateway x2, poller x2, worker x2, nginx in front) as local processes of
 * the built server (`server/dist/main.js`) against a Postgres and a Redis that are already running: a
 * fresh database of its own on that Postgres, a Redis prefix of its own, so it disturbs nothing else
 * there. `npm run cluster` runs it until Ctrl-C; the browser tests start it as a module.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { closeRedis, connectRedis, noopLogger } from '@coinpace/adapters';
import { freePort } from '@coinpace/adapters/testing';
import { CONFIG_SETTINGS, type Role } from '@coinpace/domain';
import { ensureNginx, prepareNginx } from './nginx.ts';
import { startRoleProcess, type ExitStatus, type RoleProcess } from './role-process.ts';

/** The processes of docker-compose.yml, by the names its nginx config and logs use. */
export const CLUSTER_ROLES: { name: string; role: Exclude<Role, 'all'> }[] = [
  { name: 'api', role: 'api' },
  { name: 'gateway-1', role: 'gateway' },
  { name: 'gateway-2', role: 'gateway' },
  { name: 'poller-1', role: 'poller' },
  { name: 'poller-2', role: 'poller' },
  { name: 'worker-1', role: 'worker' },
  { name: 'worker-2', role: 'worker' },
];

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface ClusterOptions {
  /** nginx's port on 127.0.0.1 (and ::1 when the machine has IPv6). Default 8080; 0 takes a free one. */
  port?: number;
  /**
   * Settings for every role (any of the configuration's variables; others are ignored). The cluster
   * sets ROLE, PORT, DATABASE_URL, REDIS_URL, REDIS_PREFIX and DATA_DIR itself, and defaults
   * NODE_ENV=production, ALLOW_LOCAL_PROVIDERS=1 and PUBLIC_URL (nginx's address).
   */
  env?: Record<string, string | undefined>;
  /** A Postgres server (any database on it) where the cluster creates its own. Default the local one. */
  postgresUrl?: string;
  /** Default the local one. */
  redisUrl?: string;
  /** Keep the database (and Redis keys) when the cluster stops. Default false: both are removed. */
  keep?: boolean;
  /** Every output line of every process, by process name (`api`, `gateway-1`, ..., `nginx`). */
  onLine?: (name: string, line: string) => void;
  /** Progress lines of the cluster itself. */
  say?: (line: string) => void;
  /** How long every process may take to answer /readyz. Default 120 s. */
  readyTimeoutMs?: number;
  /** How each role is run. Default the built server (`node server/dist/main.js`). */
  command?: string[];
  /** Aborting it while the cluster starts stops what has started and rejects. */
  signal?: AbortSignal;
}

export interface Cluster {
  /** nginx's address: the app. */
  readonly url: string;
  /** nginx's address on ::1, when it listens there (a second client address for `ip_hash`). */
  readonly ipv6Url?: string;
  /** The role processes, by name, and nginx. */
  readonly processes: ReadonlyMap<string, RoleProcess>;
  /** The database the roles use (created for this cluster). */
  readonly databaseUrl: string;
  readonly redisPrefix: string;
  /** The METRICS_TOKEN every role was given: production serves `/metrics` only with one. */
  readonly metricsToken: string;
  /** Resolves when a process exits on its own, that is before `stop()`. */
  readonly unexpectedExit: Promise<{ name: string; status: ExitStatus }>;
  /** Stops every process by PID (SIGTERM, SIGKILL after `timeoutMs`), then removes what it created. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Starts every role and nginx; resolves once all answer /readyz, rejects (having stopped all) if one does not. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const say = options.say ?? (() => {});
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const postgresUrl = options.postgresUrl ?? DEFAULT_POSTGRES_URL;
  const redisUrl = options.redisUrl ?? DEFAULT_REDIS_URL;
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseName = `coinpace_cluster_${id}`;
  const redisPrefix = `coinpace-cluster-${id}:`;
  const processes = new Map<string, RoleProcess>();
  const undo: (() => Promise<void>)[] = [];
  let stopping = false;
  let reportExit: (exit: { name: string; status: ExitStatus }) => void = () => {};
  const unexpectedExit = new Promise<{ name: string; status: ExitStatus }>((resolve) => {
    reportExit = resolve;
  });

  const stop = async (timeoutMs = 15_000) => {
    stopping = true;
    // nginx first, so no request reaches a role that is going away; then every role at once.
    await processes.get('nginx')?.stop('SIGTERM', timeoutMs);
    await Promise.all([...processes.values()].map((proc) => proc.stop('SIGTERM', timeoutMs)));
    for (const step of undo.reverse()) {
      await step().catch((error: unknown) => say(`cleaning up: ${(error as Error).message}`));
    }
  };

  const aborted = new Promise<never>((_, reject) => {
    const abort = () => reject(new Error('stopped while starting'));
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
  });
  aborted.catch(() => {});
  const unlessAborted = <T>(step: Promise<T>) => Promise.race([step, aborted]);

  try {
    const nginx = ensureNginx(say);
    const dir = await mkdtemp(path.join(tmpdir(), 'coinpace-cluster-'));
    undo.push(() => rm(dir, { recursive: true, force: true }));

    const databaseUrl = await unlessAborted(createDatabase(postgresUrl, databaseName));
    say(`database ${databaseName} created`);
    if (!options.keep) undo.push(() => dropDatabase(postgresUrl, databaseName));
    if (!options.keep) undo.push(() => deleteRedisKeys(redisUrl, redisPrefix));

    const port = options.port === 0 ? await freePort() : (options.port ?? 8080);
    const ipv6 = await canListen('::1');
    const url = `http://127.0.0.1:${port}`;
    const ipv6Url = ipv6 ? `http://[::1]:${port}` : undefined;
    const ports = new Map<string, number>();
    for (const { name } of CLUSTER_ROLES) ports.set(name, await freePort());

    const given = Object.fromEntries(
      Object.entries(options.env ?? {}).filter(([key]) => CONFIG_SETTINGS.includes(key)),
    );
    const env = {
      NODE_ENV: 'production',
      ALLOW_LOCAL_PROVIDERS: '1',
      PUBLIC_URL: url,
      METRICS_TOKEN: randomBytes(24).toString('hex'),
      ...given,
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
    };
    const watch = (name: string, proc: RoleProcess) => {
      processes.set(name, proc);
      void proc.exited.then((status) => {
        if (!stopping) reportExit({ name, status });
      });
    };

    // All at once, as compose starts them: an advisory lock serialises their migrations.
    say(`starting ${CLUSTER_ROLES.map((r) => r.name).join(', ')}`);
    const started = Date.now();
    for (const { name, role } of CLUSTER_ROLES) {
      const proc = startRoleProcess({
        name,
        port: ports.get(name)!,
        env: { ...env, ROLE: role },
        onLine: options.onLine,
        command: options.command,
        detached: true,
      });
      watch(name, proc);
    }
    await unlessAborted(Promise.all([...processes.values()].map((proc) => proc.waitReady(readyTimeoutMs))));
    say(`every role ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const command = await prepareNginx(nginx, path.join(dir, 'nginx'), {
      listen: [`127.0.0.1:${port}`, ...(ipv6 ? [`[::1]:${port}`] : [])],
      upstreams: Object.fromEntries(
        CLUSTER_ROLES.filter((r) => r.role === 'api' || r.role === 'gateway').map((r) => [
          r.name,
          ports.get(r.name)!,
        ]),
      ),
    });
    const proxy = startRoleProcess({
      name: 'nginx',
      port,
      env: {},
      command,
      onLine: options.onLine,
      detached: true,
    });
    watch('nginx', proxy);
    // /readyz through nginx is the API's: the proxy is up and routes.
    await unlessAborted(proxy.waitReady(30_000));

    return {
      url,
      ipv6Url,
      processes,
      databaseUrl,
      redisPrefix,
      metricsToken: env.METRICS_TOKEN,
      unexpectedExit,
      stop,
    };
  } catch (error) {
    await stop(5_000);
    throw error;
  }
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = await connectRedis(url, noopLogger, 'cluster-cleanup');
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 100 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await closeRedis(client);
  }
}

async function canListen(host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(0, host, () => server.close(() => resolve(true)));
  });
}
