/**
 * A Postgres cluster of the fault suite's own: `initdb` in a temporary directory and
 * `pg_ctl` on a free port, run as the `postgres` user when this process is root, so the suite can stop
 * and start it without touching the shared server on 5432. Only this cluster's postmaster is ever
 * signalled (pg_ctl does it, by the PID in the cluster's own postmaster.pid). Every wait is bounded.
 */
import { execFile } from 'node:child_process';
import { access, chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@coinpace/adapters/testing';
import postgres from 'postgres';

const run = promisify(execFile);

export interface PostgresCluster {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:port/<database>`. */
  readonly url: string;
  /** PID of the postmaster, or null while stopped. */
  pid(): Promise<number | null>;
  /** Stops the server (fast shutdown: sessions are ended, nothing is lost). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

export interface PostgresClusterOptions {
  /** Database created for the application. Default `coinpace`. */
  database?: string;
  /** Server settings, e.g. `{ max_connections: '200' }`. */
  settings?: Record<string, string>;
}

/** Creates, starts and returns a cluster with one empty database. */
export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'coinpace-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  const bin = await serverBinDir();
  // initdb and the server refuse to run as root.
  const asPostgres = (file: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '200',
    ...options.settings,
  };
  const serverOptions = Object.entries(settings)
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ');
  const database = options.database ?? 'coinpace';

  try {
    await asPostgres(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const pgCtl = (args: string[]) =>
    asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '30', ...args]);
  const start = async () => {
    await pgCtl(['-l', path.join(dir, 'server.log'), '-o', serverOptions, 'start']);
  };
  const stop = async () => {
    await pgCtl(['-m', 'fast', 'stop']).catch(async (err: unknown) => {
      // Already stopped is fine; anything else is not.
      if ((await pidOf(data)) !== null) throw err;
    });
  };

  await start();
  const admin = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${database}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }

  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    pid: () => pidOf(data),
    stop,
    start,
    async close() {
      await stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Where initdb and pg_ctl are: the directory `pg_config --bindir` names, else the newest Debian
 * /usr/lib/postgresql/<version>/bin (Debian keeps them off the PATH).
 */
async function serverBinDir(): Promise<string> {
  const candidates: string[] = [];
  try {
    candidates.push((await run('pg_config', ['--bindir'])).stdout.trim());
  } catch {
    // No pg_config on the PATH.
  }
  try {
    const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  } catch {
    // Not Debian's layout.
  }
  for (const dir of candidates) {
    try {
      await access(path.join(dir, 'initdb'));
      return dir;
    } catch {
      // Try the next.
    }
  }
  throw new Error('initdb not found: install the Postgres server (e.g. apt-get install postgresql)');
}

/** The postmaster's PID from the cluster's postmaster.pid, or null when it is not running. */
async function pidOf(data: string): Promise<number | null> {
  try {
    const first = (await readFile(path.join(data, 'postmaster.pid'), 'utf8')).split('\n')[0];
    const pid = Number(first);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
