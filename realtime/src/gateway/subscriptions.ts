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

/**
 * Makes `coins` (sorted, unique) the socket's watched coins: joins the `coin:{id}` rooms it lacks and
 * the room of its new coin set, leaves the rest. Room names and the coins array are the set's shared ones.
 */
export function setCoins(socket: GatewaySocket, sets: CoinSets, coins: readonly string[]): void {
  const previousKey = socket.data.setKey;
  const previous = socket.data.coins;
  const key = CoinSets.keyOf(coins);
  if (key === previousKey) return;
  const joined = sets.join(coins);
  const had = new Set(previous);
  const keep = new Set(joined.coins);
  const rooms = joined.coins.filter((coin) => !had.has(coin)).map((coin) => sets.coinRoom(coin));
  if (key) rooms.push(sets.setRoom(key));
  if (rooms.length > 0) void socket.join(rooms);
  for (const coin of previous) if (!keep.has(coin)) void socket.leave(sets.coinRoom(coin));
  if (previousKey) void socket.leave(sets.setRoom(previousKey));
  sets.leave(previousKey);
  socket.data.coins = joined.coins;
  socket.data.setKey = key;
}

/** Wires `subscribe` and `unsubscribe` for one socket. */
export function handleSubscriptions(socket: GatewaySocket, sets: CoinSets, view: PriceView): void {
  socket.on('subscribe', (request, ack) => {
    const ids = cleanIds(request?.coins);
    const current = new Set(socket.data.coins);
    const added = ids.filter((id) => !current.has(id)).slice(0, MAX_SOCKET_COINS - current.size);
    if (added.length > 0) setCoins(socket, sets, [...socket.data.coins, ...added].sort());
    if (typeof ack !== 'function') return;
    const watching = new Set(socket.data.coins);
    ack(view.quotes(ids.filter((id) => watching.has(id))));
  });

  socket.on('unsubscribe', (request) => {
    const requested = request?.coins;
    const drop = new Set(requested === undefined ? socket.data.coins : cleanIds(requested));
    if (drop.size === 0) return;
    setCoins(
      socket,
      sets,
      socket.data.coins.filter((id) => !drop.has(id)),
    );
  });
}
