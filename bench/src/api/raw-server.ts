/**
 * The baseline of bench:api: plain node:http answering every request with the bytes and headers of
 * GET /healthz, nothing else. Started as its own process, like the server it is compared with; prints
 * its port on stdout.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(JSON.stringify({ status: 'ok' }));
const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
