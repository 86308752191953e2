/**
 * Benchmark server (b): a raw `ws` server broadcasting the same frames the gateway sends
 * (`42["ticker",...]` and `42["prices",...]`), each serialised once per tick.
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
    const ticker = Buffer.from('42' + JSON.stringify(['ticker', tick.ticker]));
    const prices = Buffer.from('42' + JSON.stringify(['prices', tick.prices]));
    for (const client of wss.clients) {
      client.send(ticker, { binary: false });
      client.send(prices, { binary: false });
    }
  },
  connections: () => wss.clients.size,
});
