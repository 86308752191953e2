/**
 * Benchmark server (c): our SSE route (`GET /api/prices/stream`, api/src/features/prices/stream.ts) on Koa,
 * fed by the API's tick relay on the in-process bus; ticks are published on the bus.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createMemoryBus } from '@coinpace/adapters';
import { priceStream, TickRelay, type AppState } from '@coinpace/api';
import { BUS_TOPICS } from '@coinpace/domain';
import { serveBenchmark } from './serve.ts';

const bus = createMemoryBus();
const relay = new TickRelay(bus);
const app = new Koa<AppState>();
let open = 0;
app.use(async (ctx, next) => {
  if (ctx.path !== '/api/prices/stream') return;
  open += 1;
  ctx.res.once('close', () => (open -= 1));
  await next();
});
// Every bench client comes from 127.0.0.1: the per-address cap would refuse all but 10.
// The bench coins count as known here: the route's own id rules are not what this bench measures.
app.use(
  priceStream({
    relay,
    read: async () => ({}),
    known: async (ids) => new Set(ids),
    maxPerAddress: Number.MAX_SAFE_INTEGER,
  }),
);
const http = createServer(app.callback());
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', 2048, resolve));

serveBenchmark({
  port: (http.address() as AddressInfo).port,
  publish: (tick) => bus.publish(BUS_TOPICS.priceTick, tick),
  connections: () => open,
});
