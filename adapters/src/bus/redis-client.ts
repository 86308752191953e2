/** The node-redis client type the Redis bus works with, and how it makes one. */
import { createClient } from 'redis';
import type { Logger } from '../logger.ts';

export type RedisClient = ReturnType<typeof createClient>;

/** How long the first connection may take before start-up fails, in ms. */
export const REDIS_CONNECT_TIMEOUT_MS = 10_000;

export interface ConnectRedisOptions {
  /** How long the first connection may take, ms. Default {@link REDIS_CONNECT_TIMEOUT_MS}. */
  connectTimeoutMs?: number;
  /**
   * Queue commands sent while disconnected and run them after the reconnect, instead of failing them
   * at once. Default false. Give it to a client whose user retries a failed command in a loop without
   * pausing (the Socket.IO Redis Streams adapter's XREAD loop): without a queue every retry fails at
   * once and the loop never yields to the event loop, so the reconnect never happens.
   */
  offlineQueue?: boolean;
}

/**
 * A connected client for `url`. The first connection must succeed within the connect timeout, so a
 * wrong URL stops start-up with a clear error; after that node-redis reconnects by itself, and by
 * default commands fail at once while it is disconnected (no offline queue: a tick published into a
 * queue that drains minutes later is worse than a logged failure). Duplicates of the client share
 * these settings.
 */
export async function connectRedis(
  url: string,
  logger: Logger,
  role: string,
  { connectTimeoutMs = REDIS_CONNECT_TIMEOUT_MS, offlineQueue = false }: ConnectRedisOptions = {},
): Promise<RedisClient> {
  const client = createClient({ url, disableOfflineQueue: !offlineQueue });
  client.on('error', (err: unknown) => logger.warn({ err, role }, 'redis connection error'));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`Redis at ${redact(url)} did not accept a connection within ${connectTimeoutMs} ms`),
        ),
      connectTimeoutMs,
    );
  });
  try {
    await Promise.race([client.connect(), timeout]);
    return client;
  } catch (err) {
    client.destroy();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Closes gracefully when connected (pending replies are read first), otherwise drops the socket. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (client.isReady) await client.close();
  else if (client.isOpen) client.destroy();
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
