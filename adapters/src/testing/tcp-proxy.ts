/**
 * Test support: a TCP proxy on a loopback port standing for the network between a process and a
 * server. It forwards to one of several targets, and can be cut (connections dropped, new
 * ones refused), made to hang (connections accepted, nothing forwarded) and restored, so a test can
 * take a dependency away from one client without touching the server itself. With several targets it
 * is a small load balancer: each new connection goes to the next target in turn, skipping targets that
 * refuse it.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyMode = 'forward' | 'hang';

export interface TcpProxy {
  readonly port: number;
  /** `127.0.0.1:port`. */
  readonly host: string;
  /** Open client connections per target index (forwarded ones only). */
  connectionsPerTarget(): number[];
  /** Drops every connection and refuses new ones until `resume()`. */
  cut(): Promise<void>;
  /** Accepts connections but forwards nothing (and drops the open ones). */
  hang(): void;
  /** Forwards again (listening again if cut). */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export interface TcpProxyOptions {
  /** Where to forward, as `{host, port}`; several: round robin with failover. */
  targets: { host: string; port: number }[];
  /** Listen on this port; default a free one (fixed afterwards, so a cut proxy comes back on it). */
  port?: number;
}

/** Starts a proxy listening on 127.0.0.1. */
export async function startTcpProxy(options: TcpProxyOptions): Promise<TcpProxy> {
  if (options.targets.length === 0) throw new Error('a TCP proxy needs at least one target');
  let port = options.port ?? 0;
  let mode: ProxyMode = 'forward';
  let server: Server | undefined;
  let next = 0;
  const open = new Map<Socket, { upstream?: Socket; target?: number }>();

  function dropAll(): void {
    for (const [client, link] of open) {
      client.destroy();
      link.upstream?.destroy();
    }
    open.clear();
  }

  /** Tries the targets in turn, starting at the next one, until one accepts. */
  function forward(client: Socket, tried = 0): void {
    if (tried >= options.targets.length) {
      open.delete(client);
      client.destroy();
      return;
    }
    const index = next;
    next = (next + 1) % options.targets.length;
    const target = options.targets[index]!;
    const upstream = connect(target.port, target.host);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      if (!open.has(client)) return upstream.destroy();
      open.set(client, { upstream, target: index });
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (!connected) forward(client, tried + 1);
    });
    upstream.on('close', () => {
      if (connected) client.destroy();
    });
  }

  function onConnection(client: Socket): void {
    client.pause();
    open.set(client, {});
    client.on('error', () => {});
    client.on('close', () => {
      open.get(client)?.upstream?.destroy();
      open.delete(client);
    });
    if (mode === 'forward') forward(client);
  }

  async function listen(): Promise<void> {
    const next = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    const address = next.address();
    if (address && typeof address === 'object') port = address.port;
    server = next;
  }

  async function stopListening(): Promise<void> {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await listen();
  return {
    get port() {
      return port;
    },
    get host() {
      return `127.0.0.1:${port}`;
    },
    connectionsPerTarget() {
      const counts = options.targets.map(() => 0);
      for (const link of open.values()) if (link.target !== undefined) counts[link.target]! += 1;
      return counts;
    },
    async cut() {
      const closing = stopListening();
      dropAll();
      await closing;
    },
    hang() {
      mode = 'hang';
      dropAll();
    },
    async resume() {
      mode = 'forward';
      if (!server) await listen();
    },
    async close() {
      const closing = stopListening();
      dropAll();
      await closing;
    },
  };
}
