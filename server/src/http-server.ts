/**
 * The HTTP server every role listens with, with timeouts that do not let an idle or slow client hold a
 * connection: the request's headers must arrive within 15 s and the whole request
 * within 30 s (Node's defaults are 60 s and 300 s), an idle keep-alive connection closes after 5 s, and
 * the server checks for late requests every 2 s (Node's default is 30 s). Responses are not bounded: the
 * price stream and Socket.IO's long-polling answer for as long as they like, and a WebSocket leaves the
 * HTTP server's timeouts once upgraded.
 */
import { createServer, type RequestListener, type Server } from 'node:http';

export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkEveryMs: 2_000,
};

export function createHttpServer(listener?: RequestListener, timeouts: HttpTimeouts = HTTP_TIMEOUTS): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    listener,
  );
  return server;
}
