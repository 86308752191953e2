/**
 * Browsers, as far as live prices go: Socket.IO clients behind the balancer that behave like the web
 * app's socket (web/src/lib/socket.ts: retry with the same delays, connect again after a server-chosen
 * disconnect, subscribe again on every connect) and note when each `prices` frame arrives.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@coinpace/domain';
import { io, type Socket } from 'socket.io-client';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface PriceClient {
  readonly index: number;
  /** When each `prices` frame arrived, epoch ms. */
  readonly pricesAt: number[];
  readonly disconnects: { at: number; reason: string }[];
  connected(): boolean;
}

export interface PriceClients {
  readonly clients: PriceClient[];
  /**
   * Waits until every client has received a `prices` frame after `since` (epoch ms); resolves with the
   * longest wait from `since` in ms, or rejects after `timeoutMs` naming the clients still waiting.
   */
  allReceiveAfter(since: number, timeoutMs: number): Promise<number>;
  /** Clients that saw a disconnect after `since`. */
  disconnectedSince(since: number): PriceClient[];
  /** The longest time any client went without a `prices` frame between `from` and `to` (epoch ms). */
  longestGap(from: number, to: number): number;
  close(): void;
}

/** Connects `count` clients to `url`, each watching `coins`; resolves once all are connected. */
export async function connectPriceClients(
  url: string,
  count: number,
  coins: string[],
): Promise<PriceClients> {
  const sockets: LiveSocket[] = [];
  const clients: PriceClient[] = [];
  for (let index = 0; index < count; index += 1) {
    const socket: LiveSocket = io(url, {
      // The balancer is not sticky; long-polling needs its requests on one node, WebSocket does not.
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelayMax: 10_000,
    });
    const client = {
      index,
      pricesAt: [] as number[],
      disconnects: [] as { at: number; reason: string }[],
      connected: () => socket.connected,
    };
    socket.on('connect', () => socket.emit('subscribe', { coins }, () => {}));
    socket.on('prices', () => client.pricesAt.push(Date.now()));
    socket.on('disconnect', (reason) => {
      client.disconnects.push({ at: Date.now(), reason });
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 1_000);
    });
    sockets.push(socket);
    clients.push(client);
  }
  const deadline = Date.now() + 20_000;
  while (!sockets.every((s) => s.connected)) {
    if (Date.now() > deadline) {
      for (const s of sockets) s.disconnect();
      throw new Error('price clients could not connect within 20 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    clients,
    async allReceiveAfter(since, timeoutMs) {
      const deadline = since + timeoutMs;
      for (;;) {
        const firsts = clients.map((c) => c.pricesAt.find((at) => at > since));
        if (firsts.every((at) => at !== undefined)) return Math.max(...firsts.map((at) => at! - since));
        if (Date.now() > deadline) {
          const waiting = clients.filter((_, i) => firsts[i] === undefined).map((c) => c.index);
          throw new Error(`clients ${waiting.join(', ')} got no prices within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    disconnectedSince(since) {
      return clients.filter((c) => c.disconnects.some((d) => d.at >= since));
    },
    longestGap(from, to) {
      let longest = 0;
      for (const client of clients) {
        let last = from;
        for (const at of client.pricesAt.filter((t) => t > from && t <= to)) {
          longest = Math.max(longest, at - last);
          last = at;
        }
        longest = Math.max(longest, to - last);
      }
      return longest;
    },
    close() {
      for (const socket of sockets) socket.disconnect();
    },
  };
}
