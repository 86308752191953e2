/**
 * A port for a server a test or a tool is about to start, chosen BELOW the kernel's ephemeral range.
 *
 * A port the kernel hands out for `listen(0)` comes from the ephemeral range, the same range it hands
 * out to every outgoing connection: between choosing such a port and the server binding it, one of the
 * many connections the starting processes open (to Redis, Postgres, each other) can take it as its local
 * port, and the server fails with EADDRINUSE. That is how a fault run lost its start-up once (a role
 * "exited before it was ready"). A port below the range is never taken that way; it is still checked free
 * on every address before it is returned.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Lowest port considered (well above the registered well-known services). */
const LOWEST = 10_000;

/** The first port of the kernel's ephemeral range (Linux), or the IANA default where it cannot be read. */
export function ephemeralPortStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const value = Number(low);
    if (Number.isInteger(value) && value > LOWEST + 1_000) return value;
  } catch {
    // Not Linux: fall through.
  }
  return 49_152;
}

/** Resolves true when a server can listen on `port` on every address (as our servers do) and 127.0.0.1. */
export async function canBind(port: number): Promise<boolean> {
  for (const host of [undefined, '127.0.0.1']) {
    const ok = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen({ port, host }, () => probe.close(() => resolve(true)));
    });
    if (!ok) return false;
  }
  return true;
}

/** A port nobody listens on now, outside the ephemeral range (see the module comment). */
export async function freePort(): Promise<number> {
  const high = ephemeralPortStart() - 1;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (high - LOWEST + 1));
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port found between ${LOWEST} and ${high}`);
}
