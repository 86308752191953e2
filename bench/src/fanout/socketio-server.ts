/**
 * Benchmark server (b): bare Socket.IO 4.8 with no application logic. Each socket joins one room on its
 * `subscribe` (acknowledged, as the gateway does), and each tick is one emit to that room of the frame the
 * gateway sends (`42["prices",...]`, the same bytes): Socket.IO encodes it once for the room. The
 * options the gateway sets that change the wire or the per-socket cost are set alike (no served client,
 * the same buffer limit); no connection-state recovery, no middleware.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { serveBenchmark } from './serve.ts';

const http = createServer();
const io = new Server(http, { serveClient: false, maxHttpBufferSize: 200_000 });
io.on('connection', (socket) => {
  socket.on('subscribe', (_body: unknown, ack?: () => void) => {
    void socket.join('prices');
    ack?.();
  });
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', 2048, resolve));

serveBenchmark({
  port: (http.address() as AddressInfo).port,
  publish(tick) {
    io.to('prices').emit('prices', tick.prices);
  },
  connections: () => io.engine.clientsCount,
});
