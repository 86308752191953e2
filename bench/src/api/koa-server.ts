/**
 * The Koa floor of bench:api: a bare Koa app whose one middleware answers GET /healthz as our route does
 * (the same bytes, encoded once, and Content-Type), nothing else. What it costs over raw node:http is Koa's
 * own per-request work (context, request and response objects, compose, respond), which no middleware of
 * ours can remove. Started as its own process; prints its port on stdout.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

const body = Buffer.from(JSON.stringify({ status: 'ok' }));
const app = new Koa();
app.use((ctx) => {
  if (ctx.method !== 'GET' || ctx.path !== '/healthz') return;
  ctx.set('Content-Type', 'application/json; charset=utf-8');
  ctx.body = body;
});
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
