/**
 * Per-user events over the bus (DESIGN.md section 4, Real-time): the API and the worker publish them,
 * the gateway pushes each to the Socket.IO room `user:{userId}`.
 */
import { BUS_TOPICS, type UserEvent } from '@coinpace/domain';
import type { Bus } from './port.ts';

/** Publishes one event for one user's sockets; fire-and-forget like every bus publish. */
export function publishUserEvent(bus: Bus, event: UserEvent): Promise<void> {
  return bus.publish(BUS_TOPICS.userEvents, event);
}

/** Calls `handler` for every user event published after this resolves; returns the unsubscribe function. */
export function subscribeUserEvents(
  bus: Bus,
  handler: (event: UserEvent) => void,
): Promise<() => Promise<void>> {
  return bus.subscribe(BUS_TOPICS.userEvents, (payload) => handler(payload as UserEvent));
}
