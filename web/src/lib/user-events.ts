/**
 * The signed-in user's events that arrive over the live connection (`portfolio:changed`,
 * `alert:triggered`, ...), kept apart from the socket itself: the screens subscribe here while their
 * first render is drawn, and the Socket.IO client (lib/socket.ts, loaded after that) delivers into it.
 */
export type UserEventName =
  | 'portfolio:changed'
  | 'alert:triggered'
  | 'billing:updated'
  | 'import:progress'
  | 'exchange:sync'
  | 'wallet:refresh';

export const USER_EVENT_NAMES: readonly UserEventName[] = [
  'portfolio:changed',
  'alert:triggered',
  'billing:updated',
  'import:progress',
  'exchange:sync',
  'wallet:refresh',
];

const userListeners = new Map<UserEventName, Set<(payload: unknown) => void>>();

/**
 * Calls `listener` with the payload of every event of that name for the signed-in user; returns the
 * function that removes it.
 */
export function onUserEvent(name: UserEventName, listener: (payload: unknown) => void): () => void {
  let listeners = userListeners.get(name);
  if (!listeners) userListeners.set(name, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands one event from the server to its listeners. */
export function emitUserEvent(name: UserEventName, payload: unknown): void {
  userListeners.get(name)?.forEach((listener) => listener(payload));
}
