/**
 * The in-process bus: the embedded default when no REDIS_URL is set (DESIGN.md section 3). Same
 * semantics as the Redis bus within one process: JSON payloads delivered asynchronously, streams with
 * consumer groups and redelivery, locks that expire by the injected clock.
 */
import { randomUUID } from 'node:crypto';
import { noopLogger, type Logger } from '../logger.ts';
import { assertTtl, encodePayload } from './codec.ts';
import { startConsumerLoop } from './consumer-loop.ts';
import { MemoryStream } from './memory-stream.ts';
import { BUS_DEFAULTS, type Bus, type Consumer, type Lock } from './port.ts';

export interface MemoryBusOptions {
  /** Kept for parity with the Redis bus; names are already private to one bus instance. */
  prefix?: string;
  /** Default trim length of streams. Default 10,000. */
  streamMaxLen?: number;
  /**
   * The clock, in ms since the epoch, for lock expiry, pending idle times and entry ids.
   * Default `Date.now`. Tests pass a controllable one.
   */
  now?: () => number;
  logger?: Logger;
}

type Handler = (payload: unknown) => void;

/** Creates an in-process bus. */
export function createMemoryBus(options: MemoryBusOptions = {}): Bus {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? noopLogger;
  const streamMaxLen = options.streamMaxLen ?? BUS_DEFAULTS.streamMaxLen;
  const topics = new Map<string, Set<Handler>>();
  const streams = new Map<string, MemoryStream>();
  const locks = new Map<string, { token: string; expiresAt: number }>();
  const consumers = new Set<Consumer>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('bus is closed');
  };
  const streamNamed = (name: string): MemoryStream => {
    let stream = streams.get(name);
    if (!stream) {
      stream = new MemoryStream(now);
      streams.set(name, stream);
    }
    return stream;
  };

  return {
    async publish(topic, payload) {
      assertOpen();
      const json = encodePayload(payload);
      const handlers = [...(topics.get(topic) ?? [])];
      if (handlers.length === 0) return;
      // Asynchronous like a broker: the publisher never runs subscriber code on its own stack.
      queueMicrotask(() => {
        const message = JSON.parse(json) as unknown;
        for (const handler of handlers) {
          try {
            handler(message);
          } catch (err) {
            logger.error({ err, topic }, 'bus subscriber threw');
          }
        }
      });
    },

    async subscribe(topic, handler) {
      assertOpen();
      const wrapped: Handler = (payload) => handler(payload);
      let handlers = topics.get(topic);
      if (!handlers) {
        handlers = new Set();
        topics.set(topic, handlers);
      }
      handlers.add(wrapped);
      return async () => {
        const current = topics.get(topic);
        current?.delete(wrapped);
        if (current?.size === 0) topics.delete(topic);
      };
    },

    async append(stream, payload, opts) {
      assertOpen();
      return streamNamed(stream).append(encodePayload(payload), opts?.maxLen ?? streamMaxLen);
    },

    consume(stream, group, consumer, handler, opts) {
      assertOpen();
      const source = streamNamed(stream).source(
        group,
        consumer,
        opts?.claimIdleMs ?? BUS_DEFAULTS.claimIdleMs,
        opts?.startAt ?? 'earliest',
      );
      return startConsumerLoop({
        source,
        handler,
        opts,
        logger,
        context: { stream, group, consumer },
        running: consumers,
      });
    },

    async pendingCount(stream, group) {
      return streams.get(stream)?.pendingCount(group) ?? 0;
    },

    async acquireLock(key, ttlMs) {
      assertOpen();
      assertTtl(ttlMs);
      const held = locks.get(key);
      if (held && held.expiresAt > now()) return null;
      const token = randomUUID();
      locks.set(key, { token, expiresAt: now() + ttlMs });
      const lock: Lock = {
        key,
        async renew() {
          const current = locks.get(key);
          if (!current || current.token !== token || current.expiresAt <= now()) return false;
          current.expiresAt = now() + ttlMs;
          return true;
        },
        async release() {
          if (locks.get(key)?.token === token) locks.delete(key);
        },
      };
      return lock;
    },

    isHealthy: () => !closed,

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...consumers].map((c) => c.stop()));
      topics.clear();
    },
  };
}
