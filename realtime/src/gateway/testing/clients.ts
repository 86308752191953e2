/** Test support: Socket.IO clients of the gateway that record what they receive. */
import type {
  ClientToServerEvents,
  PriceMap,
  ServerToClientEvents,
  SubscribeRefused,
} from '@coinpace/domain';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected client and every event it received, in order. */
export interface TestClient {
  socket: TestSocket;
  events: { event: string; payload: unknown }[];
  /** Payloads of one event, in order. */
  of<E extends keyof ServerToClientEvents>(event: E): Parameters<ServerToClientEvents[E]>[0][];
  /** Subscribes; resolves with the ack's latest quotes. */
  subscribe(coins: string[]): Promise<PriceMap>;
  /** Subscribes; resolves with the whole ack: the latest quotes and what was refused. */
  watch(coins: string[]): Promise<{ latest: PriceMap; refused: SubscribeRefused }>;
  close(): void;
}

/** Connects a websocket client; rejects with the `connect_error` message when refused. */
export function connectClient(
  url: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<TestClient> {
  const socket: TestSocket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...options,
  });
  const client = recordClient(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (err) => {
      socket.disconnect();
      reject(err);
    });
  });
}

/** Wraps a socket (connected or not yet) as a TestClient that records every event from now on. */
export function recordClient(socket: TestSocket): TestClient {
  const events: TestClient['events'] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  return {
    socket,
    events,
    of: (event) => events.filter((e) => e.event === event).map((e) => e.payload) as never,
    subscribe: (coins) => new Promise((resolve) => socket.emit('subscribe', { coins }, resolve)),
    watch: (coins) =>
      new Promise((resolve) =>
        socket.emit('subscribe', { coins }, (latest, refused) => resolve({ latest, refused })),
      ),
    close: () => void socket.disconnect(),
  };
}
