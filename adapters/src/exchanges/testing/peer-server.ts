/**
 * The HTTP server under the exchange peers: it reads each request whole, hands it to the peer's handler,
 * logs when it came (to check rate limits), answers programmed failures first, and can go down and come
 * back on the same port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { freePort } from '../../testing/free-port.ts';

export interface PeerRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The raw query string (after '?'), '' when none. */
  query: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface PeerReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A reply given instead of the real one, for the next `times` requests (all, until cleared, if omitted). */
export interface PeerFailure {
  reply: PeerReply;
  times?: number;
}

export interface PeerServer {
  /** `http://127.0.0.1:port`. */
  readonly url: string;
  /** Every request received, oldest first: when (epoch ms) and the path. */
  readonly log: { at: number; method: string; path: string }[];
  fail(failure: PeerFailure): void;
  clearFailures(): void;
  /** Every answer from now on comes `ms` later (0: at once), as from a distant or busy exchange. */
  slow(ms: number): void;
  /** Stops listening; connections are refused until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startPeerServer(handle: (request: PeerRequest) => PeerReply): Promise<PeerServer> {
  const port = await freePort();
  const log: PeerServer['log'] = [];
  const failures: { reply: PeerReply; left: number }[] = [];
  let server: Server | undefined;
  let delayMs = 0;

  const answer = (res: ServerResponse, reply: PeerReply) => {
    if (delayMs > 0) {
      setTimeout(() => send(res, reply), delayMs);
      return;
    }
    send(res, reply);
  };
  const send = (res: ServerResponse, reply: PeerReply) => {
    if (res.destroyed) return;
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
    res.end(text);
  };

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [path = '/', query = ''] = (req.url ?? '/').split('?', 2);
      log.push({ at: Date.now(), method: req.method ?? 'GET', path });
      const failure = failures[0];
      if (failure) {
        failure.left -= 1;
        if (failure.left <= 0) failures.shift();
        answer(res, failure.reply);
        return;
      }
      try {
        answer(
          res,
          handle({
            method: req.method ?? 'GET',
            path,
            query,
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      } catch (err) {
        answer(res, { status: 500, body: { error: err instanceof Error ? err.message : String(err) } });
      }
    });
  };

  const up = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(listener);
      next.keepAliveTimeout = 1_000;
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
      current.closeAllConnections();
    });

  await up();
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    fail: (failure) =>
      failures.push({ reply: failure.reply, left: failure.times ?? Number.POSITIVE_INFINITY }),
    clearFailures: () => void failures.splice(0),
    slow: (ms) => {
      delayMs = ms;
    },
    down,
    up,
    close: down,
  };
}
