import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { HTTP_TIMEOUTS, createHttpServer } from './http-server.ts';

/** Timeouts short enough for a test; the production values are checked below. */
const SHORT = { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 300, checkEveryMs: 100 };

let server: Server | undefined;
afterEach(async () => {
  const open = server;
  server = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

async function listen(handler: Parameters<typeof createHttpServer>[0]): Promise<number> {
  server = createHttpServer(handler, SHORT);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** What the server wrote before it closed `socket`, or null when it did not close it within `withinMs`. */
function closedWithin(socket: Socket, withinMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const timer = setTimeout(() => resolve(null), withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

describe('the HTTP server every role listens with', () => {
  it('uses bounds far below Node’s defaults (60 s for headers, 300 s for a request)', () => {
    expect(HTTP_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(15_000);
    expect(HTTP_TIMEOUTS.requestTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(HTTP_TIMEOUTS.checkEveryMs).toBeLessThan(HTTP_TIMEOUTS.headersTimeoutMs);
  });

  it('closes a connection that sends half its headers and then waits, with 408', async () => {
    const port = await listen((_req, res) => res.end('ok'));
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const answer = await closedWithin(socket, 5_000);
    expect(answer).not.toBeNull();
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection after its last answer', async () => {
    const port = await listen((_req, res) => res.end('ok'));
    const socket = connect(port, '127.0.0.1');
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const answer = await closedWithin(socket, 5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
  });

  it('does not cut a response that streams for longer than the request timeout (the price stream)', async () => {
    const port = await listen((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      let sent = 0;
      const timer = setInterval(() => {
        sent += 1;
        res.write(`data: ${sent}\n\n`);
        if (sent === 8) {
          clearInterval(timer);
          res.end();
        }
      }, 200);
    });
    const response = await fetch(`http://127.0.0.1:${port}/stream`);
    const body = await response.text();
    expect(body.match(/^data: \d+$/gm)).toHaveLength(8);
  });
});
