/**
 * Test support: a gateway on its own HTTP server on an ephemeral port, as the gateway int tests start
 * one. The server also answers `GET /healthz` with `{status: 'ok'}` on the gateway's event loop, as the
 * ops app does in a ROLE=gateway process (realtime may not import the API, whose app serves it there):
 * abuse tests ask it meanwhile (`probeHealth`) to show the node still answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway, type Gateway, type GatewayOptions } from '../gateway.ts';

export interface TestGateway {
  gateway: Gateway;
  http: Server;
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** Closes the gateway, then the HTTP server (dropping what is still open). Idempotent. */
  close(): Promise<void>;
}

/** Starts a gateway with `options` on a new HTTP server listening on 127.0.0.1. */
export async function startTestGateway(options: Omit<GatewayOptions, 'httpServer'>): Promise<TestGateway> {
  const http = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const gateway = await startGateway({ ...options, httpServer: http });
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;
  return {
    gateway,
    http,
    url,
    close() {
      closing ??= (async () => {
        await gateway.close();
        http.closeAllConnections();
        await new Promise((resolve) => http.close(resolve));
      })();
      return closing;
    },
  };
}
