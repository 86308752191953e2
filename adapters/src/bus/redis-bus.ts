/**
 * The Redis bus (DESIGN.md sections 1 and 3): PUBLISH/SUBSCRIBE for fan-out, a Stream with consumer
 * groups for durable work, SET NX PX for the leader lock. Every name is prefixed, so deployments and
 * concurrent test runs sharing one server never see each other's data.
 *
 * Connections: one for commands, one dedicated subscriber (opened on the first subscribe), and one
 * per stream consumer for its blocking reads.
 */
import { randomUUID } from 'node:crypto';
import { noopLogger, type Logger } from '../logger.ts';
import { assertTtl, encodePayload } from './codec.ts';
import { startConsumerLoop } from './consumer-loop.ts';
import { BUS_DEFAULTS, type Bus, type Consumer, type Lock } from './port.ts';
import { closeRedis, connectRedis, type RedisClient } from './redis-client.ts';
import { createRedisStreamSource } from './redis-stream-source.ts';

export interface RedisBusOptions {
  /** `redis://` or `rediss://` URL of the server. */
  url: string;
  /** Put before every channel and key. Default `coinpace:`. Tests use a unique one per test. */
  prefix?: string;
  /** Default approximate trim length of streams. Default 10,000. */
  streamMaxLen?: number;
  /** How long the first connection may take before `createRedisBus` rejects, in ms. Default 10,000. */
  connectTimeoutMs?: number;
  logger?: Logger;
}

// Renew and release only when the caller still holds the lock: a holder whose lock expired and was
// taken by another process must not extend or delete the new holder's lock.
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

type Handler = (payload: unknown) => void;

interface Topic {
  handlers: Set<Handler>;
  /** The one node-redis listener of the channel: parses each message once and fans it out. */
  listener: (message: string) => void;
  /** Settles when Redis has confirmed the SUBSCRIBE. */
  ready: Promise<void>;
}

/** Connects to Redis and returns a bus on it. */
export async function createRedisBus(options: RedisBusOptions): Promise<Bus> {
  const prefix = options.prefix ?? BUS_DEFAULTS.prefix;
  const logger = options.logger ?? noopLogger;
  const streamMaxLen = options.streamMaxLen ?? BUS_DEFAULTS.streamMaxLen;
  const client = await connectRedis(options.url, logger, 'bus', {
    connectTimeoutMs: options.connectTimeoutMs,
  });
  let subscriber: Promise<RedisClient> | undefined;
  let subscriberClient: RedisClient | undefined;
  const topics = new Map<string, Topic>();
  const consumers = new Set<Consumer>();
  let closed = false;

  const channelKey = (topic: string) => `${prefix}${topic}`;
  const streamKey = (stream: string) => `${prefix}stream:${stream}`;
  const lockKey = (key: string) => `${prefix}lock:${key}`;
  const assertOpen = () => {
    if (closed) throw new Error('bus is closed');
  };
  const subscriberConnection = () =>
    (subscriber ??= connectRedis(options.url, logger, 'bus-subscriber', {
      connectTimeoutMs: options.connectTimeoutMs,
    }).then((sub) => (subscriberClient = sub)));

  function openTopic(topic: string): Topic {
    const handlers = new Set<Handler>();
    const listener = (message: string) => {
      let payload: unknown;
      try {
        payload = JSON.parse(message);
      } catch (err) {
        logger.error({ err, topic }, 'dropping a pub/sub message that is not JSON');
        return;
      }
      for (const handler of [...handlers]) {
        try {
          handler(payload);
        } catch (err) {
          logger.error({ err, topic }, 'bus subscriber threw');
        }
      }
    };
    const ready = subscriberConnection().then((sub) => sub.subscribe(channelKey(topic), listener));
    return { handlers, listener, ready };
  }

  async function closeTopic(topic: string, entry: Topic): Promise<void> {
    if (entry.handlers.size > 0 || topics.get(topic) !== entry) return;
    topics.delete(topic);
    const subscribed = await entry.ready.then(
      () => true,
      () => false,
    );
    if (subscribed) await (await subscriberConnection()).unsubscribe(channelKey(topic), entry.listener);
  }

  return {
    async publish(topic, payload) {
      assertOpen();
      await client.publish(channelKey(topic), encodePayload(payload));
    },

    async subscribe(topic, handler) {
      assertOpen();
      let entry = topics.get(topic);
      if (!entry) {
        entry = openTopic(topic);
        topics.set(topic, entry);
      }
      const wrapped: Handler = (payload) => handler(payload);
      entry.handlers.add(wrapped);
      const current = entry;
      const unsubscribe = async () => {
        current.handlers.delete(wrapped);
        await closeTopic(topic, current);
      };
      try {
        await current.ready;
      } catch (err) {
        await unsubscribe();
        throw err;
      }
      return unsubscribe;
    },

    async append(stream, payload, opts) {
      assertOpen();
      const threshold = opts?.maxLen ?? streamMaxLen;
      return client.xAdd(
        streamKey(stream),
        '*',
        { p: encodePayload(payload) },
        { TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold } },
      );
    },

    consume(stream, group, consumer, handler, opts) {
      assertOpen();
      const source = createRedisStreamSource({
        client,
        key: streamKey(stream),
        group,
        consumer,
        claimIdleMs: opts?.claimIdleMs ?? BUS_DEFAULTS.claimIdleMs,
        startAt: opts?.startAt ?? 'earliest',
        logger,
      });
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
      try {
        return (await client.xPending(streamKey(stream), group)).pending;
      } catch (err) {
        // No stream or no group yet: nothing is pending.
        if (/NOGROUP|no such key/i.test(String((err as Error)?.message))) return 0;
        throw err;
      }
    },

    async acquireLock(key, ttlMs) {
      assertOpen();
      assertTtl(ttlMs);
      const fullKey = lockKey(key);
      const token = randomUUID();
      const taken = await client.set(fullKey, token, {
        condition: 'NX',
        expiration: { type: 'PX', value: ttlMs },
      });
      if (taken === null) return null;
      const lock: Lock = {
        key,
        async renew() {
          const renewed = await client.eval(RENEW_SCRIPT, {
            keys: [fullKey],
            arguments: [token, String(ttlMs)],
          });
          return renewed === 1;
        },
        async release() {
          await client.eval(RELEASE_SCRIPT, { keys: [fullKey], arguments: [token] });
        },
      };
      return lock;
    },

    isHealthy() {
      return !closed && client.isReady && (subscriberClient?.isReady ?? true);
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...consumers].map((c) => c.stop()));
      topics.clear();
      const sub = await subscriber?.catch(() => undefined);
      if (sub) await closeRedis(sub);
      await closeRedis(client);
    },
  };
}
