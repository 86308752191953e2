/**
 * Benchmark server (d): a raw `node:http` SSE server writing the bytes our SSE route writes per tick
 * (`id: <tick>` and `data: {"type":"update","prices":{...}}` with the asked coins, in the tick's order),
 * serialised once per tick since every bench client asks for the same coins.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PriceMap } from '@coinpace/domain';
import { serveBenchmark } from './serve.ts';

const streams = new Set<ServerResponse>();
let wanted: ReadonlySet<string> = new Set();
const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bench');
  wanted = new Set((url.searchParams.get('ids') ?? '').split(','));
  req.socket.setNoDelay(true);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
  });
  res.write('retry: 5000\n\n');
  res.write(`data: ${JSON.stringify({ type: 'initial', prices: {} })}\n\n`);
  streams.add(res);
  res.once('close', () => streams.delete(res));
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', 2048, resolve));

serveBenchmark({
  port: (http.address() as AddressInfo).port,
  publish(tick) {
    const prices: PriceMap = {};
    for (const [id, quote] of Object.entries(tick.prices)) if (wanted.has(id)) prices[id] = quote;
    const frame = `id: ${tick.id}\ndata: ${JSON.stringify({ type: 'update', prices })}\n\n`;
    for (const res of streams) res.write(frame);
  },
  connections: () => streams.size,
});
