/**
 * Benchmark server (b): a raw `ws` server broadcasting the same frame the gateway sends each client per
 * tick (`42["prices",...]` with the 20 watched coins and the ten ticker coins, in the tick's order, so the
 * same bytes), serialised once per tick.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { serveBenchmark } from './serve.ts';

const http = createServer();
const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', 2048, resolve));

serveBenchmark({
  port: (http.address() as AddressInfo).port,
  publish(tick) {
    const prices = Buffer.from('42' + JSON.stringify(['prices', tick.prices]));
    for (const client of wss.clients) client.send(prices, { binary: false });
  },
  connections: () => wss.clients.size,
});
