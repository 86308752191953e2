/**
 * A share of the benchmark's clients, in a process of its own: opens `count` connections of `kind`
 * (Socket.IO clients that subscribe to the ticker and 20 coins, raw `ws` clients, or SSE clients of
 * `/api/prices/stream` asking for the same 30 coins), counts every message and records publish-to-receive
 * latency from the `prices` payloads.
 * Usage (by the orchestrator): clients.ts <gateway|ws|sse> <url> <count> [lean|socket.io]
 */
import { request } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import { TICKER_COIN_IDS, type PriceMap } from '@coinpace/domain';
import { BENCH_COINS, LatencyHistogram, nowMs, type ClientCommand, type ClientReply } from './protocol.ts';

const [kind, url, countText, clientKind = 'lean'] = process.argv.slice(2) as [
  'gateway' | 'ws' | 'sse',
  string,
  string,
  'lean' | 'socket.io' | undefined,
];
const count = Number(countText);
const CONCURRENT_OPENS = 100;
const probe = BENCH_COINS[0]!;

let histogram = new LatencyHistogram();
let messages = 0;
let firstAt = 0;
let lastAt = 0;
const closers: (() => void)[] = [];

function onMessage(event: string, payload: unknown): void {
  const at = nowMs();
  messages += 1;
  if (firstAt === 0) firstAt = at;
  lastAt = at;
  if (event === 'prices') histogram.record(at - (payload as PriceMap)[probe]!.last_updated);
}

function openGateway(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    socket.on('ticker', (payload) => onMessage('ticker', payload));
    socket.on('prices', (payload) => onMessage('prices', payload));
    socket.once('connect_error', reject);
    socket.once('connect', () => socket.emit('subscribe', { coins: BENCH_COINS }, () => resolve()));
    closers.push(() => socket.disconnect());
  });
}

/**
 * A Socket.IO client reduced to the wire protocol (Engine.IO 4 over WebSocket, Socket.IO 5 packets): the
 * handshake, the `subscribe` with its ack, pongs, and for each message the same work the raw `ws` clients
 * do (strip the packet prefix, parse the JSON array). With it both servers are measured against clients
 * doing equal work; socket.io-client's own decoding (--client socket.io) costs the load generator more
 * CPU, which on a small machine is taken from the server under test.
 */
function openGatewayLean(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
      perMessageDeflate: false,
    });
    ws.on('message', (data: Buffer) => {
      const type = data[0];
      if (type === 0x32 /* '2' ping */) return ws.send('3');
      if (type === 0x30 /* '0' open */) return ws.send('40');
      if (type !== 0x34 /* '4' message */) return;
      const packet = data[1];
      if (packet === 0x30 /* '0' connect */) {
        return ws.send(`420${JSON.stringify(['subscribe', { coins: BENCH_COINS }])}`);
      }
      if (packet === 0x33 /* '3' ack */) return resolve();
      if (packet === 0x34 /* '4' connect_error */) return reject(new Error(data.toString('utf8')));
      if (packet !== 0x32 /* '2' event */) return;
      const [event, payload] = JSON.parse(data.toString('utf8', 2)) as [string, unknown];
      if (event === 'prices' || event === 'ticker') onMessage(event, payload);
    });
    ws.once('error', reject);
    closers.push(() => ws.terminate());
  });
}

function openWs(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), { perMessageDeflate: false });
    ws.on('message', (data: Buffer) => {
      // The same work a Socket.IO client does: strip the packet prefix and parse the JSON array.
      const [event, payload] = JSON.parse(data.toString('utf8', 2)) as [string, unknown];
      onMessage(event, payload);
    });
    ws.once('error', reject);
    ws.once('open', () => resolve());
    closers.push(() => ws.terminate());
  });
}

/** The coins an SSE client asks for: the 20 watched and the ticker's, as a socket watches. */
const SSE_IDS = [...BENCH_COINS, ...TICKER_COIN_IDS].join(',');

function openSse(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/prices/stream?ids=${SSE_IDS}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`SSE answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const message = JSON.parse(data.slice(6)) as { type: string; prices: PriceMap };
          // The initial message answers the connect; the updates are the ticks.
          if (message.type === 'initial') resolve();
          else onMessage('prices', message.prices);
        }
      });
      closers.push(() => res.destroy());
    });
    req.once('error', reject);
    req.end();
  });
}

const open =
  kind === 'gateway'
    ? clientKind === 'socket.io'
      ? openGateway
      : openGatewayLean
    : kind === 'ws'
      ? openWs
      : openSse;
const reply = (message: ClientReply) => process.send!(message);

try {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENT_OPENS, count) }, async () => {
      while (next < count) {
        next += 1;
        await open();
      }
    }),
  );
  reply({ type: 'ready', connected: count });
} catch (err) {
  reply({ type: 'failed', error: String(err) });
}

process.on('message', (command: ClientCommand) => {
  if (command.cmd === 'reset') {
    histogram = new LatencyHistogram();
    messages = firstAt = lastAt = 0;
  }
  if (command.cmd === 'report')
    reply({
      type: 'report',
      cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
      messages,
      firstAt,
      lastAt,
      histogram: histogram.entries(),
    });
  if (command.cmd === 'close') {
    for (const close of closers) close();
    setTimeout(() => process.exit(0), 200);
  }
});
