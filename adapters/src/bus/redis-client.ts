/** The node-redis client type the Redis bus works with, and how it makes one. */
import { createClient } from 'redis';
import type { Logger } from '../logger.ts';

export type RedisClient = ReturnType<typeof createClient>;

/** A connected client for `url`; connection errors are logged (node-redis reconnects by itself). */
export async function connectRedis(url: string, logger: Logger, role: string): Promise<RedisClient> {
  const client = createClient({ url });
  client.on('error', (err: unknown) => logger.warn({ err, role }, 'redis connection error'));
  await client.connect();
  return client;
}

/** Closes gracefully when connected (pending replies are read first), otherwise drops the socket. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (client.isReady) await client.close();
  else if (client.isOpen) client.destroy();
}
