/**
 * The `subscribe` and `unsubscribe` events (DESIGN.md section 4): a socket joins the room of its whole
 * coin set (the ticker coins always included), which the tick fan-out sends to, and no other price room.
 * A socket watches only known coins, up to its cap, and the node keeps a bounded number of sets;
 * what a `subscribe` did not add is listed in its ack.
 */
import {
  MAX_SUBSCRIBE_IDS,
  TICKER_COIN_IDS,
  zCoingeckoId,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeRefused,
} from '@coinpace/domain';
import type { Socket } from 'socket.io';
import { CoinSets, type SetHolder } from './coin-sets.ts';
import type { SocketData } from './handshake.ts';
import type { KnownCoins } from './known-coins.ts';
import type { PriceView } from './price-view.ts';

export type GatewaySocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Coins one socket may watch besides the ticker coins, by whether its handshake carried a verified token. */
export interface WatchLimits {
  anonymous: number;
  signedIn: number;
}

/** What the subscription handlers of a node share. */
export interface SubscriptionDeps {
  sets: CoinSets;
  view: PriceView;
  known: KnownCoins;
  limits: WatchLimits;
}

/** Valid, unique CoinGecko ids of a request (its first `max` entries); anything else is dropped. */
export function cleanIds(input: unknown, max: number = MAX_SUBSCRIBE_IDS): string[] {
  if (!Array.isArray(input)) return [];
  const ids = new Set<string>();
  for (const value of input.slice(0, max)) {
    const parsed = zCoingeckoId.safeParse(value);
    if (parsed.success) ids.add(parsed.data);
  }
  return [...ids];
}

/** How many coins `socket` may watch. */
export function watchCap(socket: GatewaySocket, limits: WatchLimits): number {
  return socket.data.userId ? limits.signedIn : limits.anonymous;
}

/** Who the socket is to the coin sets: signed in, or anonymous under its address key. */
export function holderOf(socket: GatewaySocket): SetHolder {
  return socket.data.userId
    ? { signedIn: true }
    : { signedIn: false, addressKey: socket.data.addressKey ?? 'unknown' };
}

/**
 * Makes `coins` (sorted, unique) the socket's watched coins: moves it to the room of its new coin set.
 * The room name and the coins array are the set's shared ones. A socket not yet in a set (`setKey`
 * undefined) joins one even for no coins: the ticker-only set. Returns false, changing nothing, when the
 * move would need a set the socket may not open ({@link CoinSets.canMove}: the node's bound, the signed-in
 * reserve, the anonymous cap per address key).
 */
export function setCoins(socket: GatewaySocket, sets: CoinSets, coins: readonly string[]): boolean {
  const previousKey = socket.data.setKey;
  const key = CoinSets.keyOf(coins);
  if (key === previousKey) return true;
  const holder = holderOf(socket);
  if (!sets.canMove(key, previousKey, holder)) return false;
  const joined = sets.join(coins, holder);
  void socket.join(sets.setRoom(key));
  if (previousKey !== undefined) void socket.leave(sets.setRoom(previousKey));
  sets.leave(previousKey, holder);
  socket.data.coins = joined.coins;
  socket.data.setKey = key;
  return true;
}

/**
 * Adds the known ones of `ids` to what the socket watches, up to its cap; returns what it did not add.
 * Known ids are looked up first (maybe in Postgres), then applied to the socket's coins as they are
 * then, so concurrent requests do not undo each other.
 */
export async function addCoins(
  socket: GatewaySocket,
  deps: SubscriptionDeps,
  ids: readonly string[],
): Promise<SubscribeRefused> {
  const refused: SubscribeRefused = { unknown: [], overLimit: [], gatewayFull: [] };
  const already = new Set(socket.data.coins);
  const { known, unknown } = await deps.known.split(ids.filter((id) => !already.has(id)));
  refused.unknown = unknown;
  // The socket left while its ids were looked up: it must not be counted in a set again.
  if (socket.disconnected) return refused;
  const current = new Set(socket.data.coins);
  const fresh = known.filter((id) => !current.has(id));
  const room = Math.max(0, watchCap(socket, deps.limits) - current.size);
  const added = fresh.slice(0, room);
  refused.overLimit = fresh.slice(room);
  if (added.length > 0 && !setCoins(socket, deps.sets, [...socket.data.coins, ...added].sort())) {
    refused.gatewayFull = added;
  }
  return refused;
}

/**
 * The `subscribe` and `unsubscribe` handlers, made once per gateway and shared by every socket (the
 * socket is `this`, as the event emitter calls them): a closure per socket and event would cost each of
 * thousands of sockets its own function and scope.
 */
export function subscriptionHandlers(deps: SubscriptionDeps) {
  return {
    async subscribe(this: GatewaySocket, ...[request, ack]: Parameters<ClientToServerEvents['subscribe']>) {
      // No more ids are read than the socket could watch (and the ticker coins): a request of thousands
      // of made-up ids costs no more than a full one.
      const ids = cleanIds(request?.coins, watchCap(this, deps.limits) + TICKER_COIN_IDS.length);
      const refused = await addCoins(this, deps, ids);
      if (typeof ack !== 'function') return;
      const watching = new Set(this.data.coins);
      ack(deps.view.quotes(ids.filter((id) => watching.has(id))), refused);
    },
    unsubscribe(this: GatewaySocket, ...[request]: Parameters<ClientToServerEvents['unsubscribe']>) {
      const requested = request?.coins;
      const drop = new Set(requested === undefined ? this.data.coins : cleanIds(requested));
      if (drop.size === 0) return;
      // At the bound on sets this may be refused: the socket then keeps getting those coins' quotes.
      setCoins(
        this,
        deps.sets,
        this.data.coins.filter((id) => !drop.has(id)),
      );
    },
  };
}
