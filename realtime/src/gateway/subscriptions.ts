/**
 * The `subscribe` and `unsubscribe` events (DESIGN.md section 4): a socket joins `coin:{id}` for each
 * coin it watches, and the room of its whole coin set, which the tick fan-out sends to.
 */
import {
  MAX_SOCKET_COINS,
  zCoingeckoId,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@coinpace/domain';
import type { Socket } from 'socket.io';
import { CoinSets } from './coin-sets.ts';
import type { SocketData } from './handshake.ts';
import type { PriceView } from './price-view.ts';

export type GatewaySocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Valid, unique CoinGecko ids of a request; anything else is dropped. */
export function cleanIds(input: unknown): string[] {
  if (!Array.isArray(input)) return [];
  const ids = new Set<string>();
  for (const value of input.slice(0, MAX_SOCKET_COINS)) {
    const parsed = zCoingeckoId.safeParse(value);
    if (parsed.success) ids.add(parsed.data);
  }
  return [...ids];
}

/** Moves a socket to the room of the coin set `coins` (sorted, unique). */
export function setCoins(socket: GatewaySocket, sets: CoinSets, coins: string[]): void {
  const previous = socket.data.setKey;
  const key = CoinSets.keyOf(coins);
  socket.data.coins = coins;
  if (key === previous) return;
  if (previous) void socket.leave(CoinSets.room(previous));
  sets.leave(previous);
  socket.data.setKey = sets.join(coins);
  if (key) void socket.join(CoinSets.room(key));
}

/** Wires `subscribe` and `unsubscribe` for one socket. */
export function handleSubscriptions(socket: GatewaySocket, sets: CoinSets, view: PriceView): void {
  socket.on('subscribe', (request, ack) => {
    const ids = cleanIds(request?.coins);
    const current = new Set(socket.data.coins);
    const added = ids.filter((id) => !current.has(id)).slice(0, MAX_SOCKET_COINS - current.size);
    if (added.length > 0) {
      void socket.join(added.map((id) => `coin:${id}`));
      setCoins(socket, sets, [...current, ...added].sort());
    }
    if (typeof ack !== 'function') return;
    const watching = new Set(socket.data.coins);
    ack(view.quotes(ids.filter((id) => watching.has(id))));
  });

  socket.on('unsubscribe', (request) => {
    const requested = request?.coins;
    const drop = requested === undefined ? socket.data.coins : cleanIds(requested);
    if (drop.length === 0) return;
    const dropping = new Set(drop);
    for (const id of drop) void socket.leave(`coin:${id}`);
    setCoins(
      socket,
      sets,
      socket.data.coins.filter((id) => !dropping.has(id)),
    );
  });
}
