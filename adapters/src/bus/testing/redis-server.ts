/**
 * Test support: a redis-server of the test's own, on a free loopback port with a temporary
 * directory and no persistence, so fault tests can stop it, restart it empty or kill its client
 * connections without touching the shared server on 6379. Only the process started here is ever
 * signalled, by its PID, and every wait is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { freePort } from '../../testing/free-port.ts';

export interface OwnRedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:port`. */
  readonly url: string;
  /** PID of the running redis-server, or null while stopped. */
  readonly pid: number | null;
  /** Stops the server (SIGTERM, SIGKILL after `graceMs`); its data is gone (no persistence). */
  stop(graceMs?: number): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /**
   * Closes every normal client connection (`CLIENT KILL TYPE normal` and `TYPE pubsub`) except the one
   * asking; returns how many were closed.
   */
  killClients(): Promise<number>;
  /** Runs one command on a short-lived connection (e.g. `['XPENDING', key, group]`). */
  command<T = unknown>(args: string[]): Promise<T>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

export interface OwnRedisServerOptions {
  /** The redis-server binary. Default `redis-server` on the PATH. */
  binary?: string;
  /** How long start-up may take, ms. Default 10,000. */
  startTimeoutMs?: number;
  /** Called with each line the server prints (default: dropped). */
  onLog?: (line: string) => void;
}

/** Starts a redis-server on a free port in a temporary directory. */
export async function startOwnRedisServer(options: OwnRedisServerOptions = {}): Promise<OwnRedisServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'coinpace-redis-'));
  const binary = options.binary ?? 'redis-server';
  const startTimeoutMs = options.startTimeoutMs ?? 10_000;
  let port = 0;
  let child: ChildProcess | undefined;

  const url = () => `redis://127.0.0.1:${port}`;

  async function launch(): Promise<void> {
    const proc = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const stream of [proc.stdout, proc.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) if (line.trim()) options.onLog?.(line);
      });
    }
    const exited = new Promise<never>((_, reject) => {
      proc.once('exit', (code, signal) => reject(new Error(`redis-server exited (${code ?? signal})`)));
      proc.once('error', reject);
    });
    exited.catch(() => {});
    child = proc;
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      const answered = await Promise.race([ping(url()), exited]);
      if (answered) return;
      if (Date.now() > deadline) {
        await stopChild(proc, 1_000);
        throw new Error(`redis-server on port ${port} did not answer within ${startTimeoutMs} ms`);
      }
      await sleep(50);
    }
  }

  // A port taken between choosing and binding makes redis-server exit at once: choose again.
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      await launch();
      break;
    } catch (err) {
      if (attempt >= 3) {
        await rm(dir, { recursive: true, force: true });
        throw err;
      }
    }
  }

  const server: OwnRedisServer = {
    get port() {
      return port;
    },
    get url() {
      return url();
    },
    get pid() {
      return child && child.exitCode === null && child.signalCode === null ? (child.pid ?? null) : null;
    },
    async stop(graceMs = 5_000) {
      const proc = child;
      child = undefined;
      if (proc) await stopChild(proc, graceMs);
    },
    async start() {
      if (!child) await launch();
    },
    async killClients() {
      const normal = await server.command<number>(['CLIENT', 'KILL', 'TYPE', 'normal']);
      const pubsub = await server.command<number>(['CLIENT', 'KILL', 'TYPE', 'pubsub']);
      return Number(normal) + Number(pubsub);
    },
    async command<T>(args: string[]) {
      const client = createClient({ url: url(), socket: { reconnectStrategy: false } });
      client.on('error', () => {});
      await client.connect();
      try {
        return (await client.sendCommand(args)) as T;
      } finally {
        client.destroy();
      }
    },
    async close() {
      await server.stop(2_000);
      await rm(dir, { recursive: true, force: true });
    },
  };
  return server;
}

async function ping(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 500 } });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

/** SIGTERM, then SIGKILL when the process has not exited within `graceMs`. */
async function stopChild(proc: ChildProcess, graceMs: number): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
