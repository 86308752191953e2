/** The node-redis client type the Redis bus works with, and how it makes one. */
import { createClient } from 'redis';
import type { Logger } from '../logger.ts';

export type RedisClient = ReturnType<typeof createClient>;

/** How long the first connection may take before start-up fails, in ms. */
export const REDIS_CONNECT_TIMEOUT_MS = 10_000;

/**
 * A connected client for `url`. The first connection must succeed within `connectTimeoutMs`, so a
 * wrong URL stops start-up with a clear error; after that node-redis reconnects by itself, and
 * commands fail at once while it is disconnected (no offline queue: a tick published into a queue
 * that drains minutes later is worse than a logged failure).
 */
export async function connectRedis(
  url: string,
  logger: Logger,
  role: string,
  connectTimeoutMs = REDIS_CONNECT_TIMEOUT_MS,
): Promise<RedisClient> {
  const client = createClient({ url, disableOfflineQueue: true });
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
