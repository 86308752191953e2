/**
 * Connection-state recovery without private state before the handshake check.
 * Socket.IO restores a session in the socket's constructor, on the word of the session id alone and
 * before any middleware runs: it joins the session's rooms, takes its `data` and writes the missed
 * packets to the connection at once. So the restored session is cut down to what anyone may have: its
 * public rooms and coins. The user id, the `user:{id}` room and every missed packet are kept aside and
 * given back by `resumeRecovery` in the connection handler, after the handshake check has passed: the
 * missed packets then, and the private ones (`USER_EVENT_TYPES`) only when this connect's token was
 * verified for the same user. A refused handshake receives nothing.
 */
import { USER_EVENT_TYPES } from '@coinpace/domain';
import type { Namespace } from 'socket.io';
import type { SocketData } from './handshake.ts';
import type { GatewaySocket } from './subscriptions.ts';

const USER_ROOM_PREFIX = 'user:';
const PRIVATE_EVENTS: ReadonlySet<string> = new Set(USER_EVENT_TYPES);
/** socket.io-parser's EVENT packet type, as Socket.IO's own replay writes it. */
const EVENT_PACKET = 2;

/** The room of one user's sockets. */
export const userRoom = (userId: string): string => `${USER_ROOM_PREFIX}${userId}`;

interface HeldBack {
  /** The user the session belonged to, if it was signed in. */
  userId?: string;
  /** Packets sent while the client was away, oldest first, each `[event, ...args, offset]`. */
  missed: unknown[][];
}

type Adapter = Namespace['adapter'];
type Session = NonNullable<Awaited<ReturnType<Adapter['restoreSession']>>>;

/** Keyed by the restored `data` object, which becomes the new socket's `socket.data`. */
const heldBack = new WeakMap<object, HeldBack>();

/** Makes `adapter.restoreSession` hand Socket.IO only the public part of a session. */
export function guardSessionRecovery(adapter: Adapter): void {
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    if (!session) return session;
    const { userId, ...rest } = (session.data ?? {}) as Partial<SocketData>;
    const data = { ...rest };
    heldBack.set(data, { userId, missed: session.missedPackets });
    const publicSession: Session = {
      ...session,
      rooms: session.rooms.filter((room) => !String(room).startsWith(USER_ROOM_PREFIX)),
      data,
      missedPackets: [],
    };
    return publicSession;
  };
}

/**
 * For a recovered socket whose handshake passed: writes the packets it missed, leaving out the private
 * ones unless `socket.data.userId` (verified on this connect) is the session's user.
 */
export function resumeRecovery(socket: GatewaySocket): void {
  const held = heldBack.get(socket.data);
  if (!held) return;
  heldBack.delete(socket.data);
  const sameUser = held.userId !== undefined && held.userId === socket.data.userId;
  // `packet` is how Socket.IO's own recovery writes missed packets; `emit` would store them again
  // as new broadcasts with a second offset.
  for (const packet of held.missed) {
    if (!sameUser && PRIVATE_EVENTS.has(String(packet[0]))) continue;
    writePacket(socket, packet);
  }
}

/**
 * Sends one event to this socket without keeping it for connection-state recovery. With recovery on,
 * `socket.emit` stores every packet for the whole recovery window so a client that reconnects in time
 * gets it again; a snapshot sent on connect (the ticker, the source's state) is sent afresh on every
 * connect, so keeping it would only cost each new socket its packets' memory for two minutes.
 */
export function emitUnstored(socket: GatewaySocket, event: string, payload: unknown): void {
  writePacket(socket, [event, payload]);
}

/** Writes an event packet to the socket's connection as Socket.IO's own recovery does. */
function writePacket(socket: GatewaySocket, data: unknown[]): void {
  (socket as unknown as { packet(packet: { type: number; data: unknown[] }): void }).packet({
    type: EVENT_PACKET,
    data,
  });
}
