/**
 * The Redis primitives of one stream consumer: XGROUP CREATE, XREADGROUP '>' on a dedicated
 * connection (a blocking read would stall every other command on a shared one), XAUTOCLAIM and XACK.
 * Entries carry the JSON payload in a single field `p`.
 */
import type { Logger } from '../logger.ts';
import type { ConsumerSource } from './consumer-loop.ts';
import type { StreamEntry } from './port.ts';
import type { RedisClient } from './redis-client.ts';

export interface RedisStreamSourceParams {
  client: RedisClient;
  /** The stream's full Redis key (prefix included). */
  key: string;
  group: string;
  consumer: string;
  claimIdleMs: number;
  startAt: 'earliest' | 'latest';
  logger: Logger;
}

interface RawMessage {
  id: string;
  message: Record<string, string>;
}

export function createRedisStreamSource(params: RedisStreamSourceParams): ConsumerSource {
  const { client, key, group, consumer, claimIdleMs, startAt, logger } = params;
  const reader = client.duplicate();
  reader.on('error', (err: unknown) =>
    logger.warn({ err, stream: key }, 'redis stream reader connection error'),
  );
  let readerConnecting: Promise<unknown> | undefined;
  let interrupted = false;
  // XAUTOCLAIM walks the pending list with a cursor; '0-0' starts over from the oldest entry.
  let claimCursor = '0-0';

  /** Decodes entries; a malformed one can never be handled, so it is logged and acknowledged. */
  async function decode(messages: RawMessage[], deliveries: (id: string) => number): Promise<StreamEntry[]> {
    const entries: StreamEntry[] = [];
    for (const { id, message } of messages) {
      try {
        entries.push({ id, payload: JSON.parse(message.p ?? ''), deliveries: deliveries(id) });
      } catch (err) {
        logger.error({ err, stream: key, group, id }, 'dropping a stream entry that is not a bus payload');
        await client.xAck(key, group, id);
      }
    }
    return entries;
  }

  return {
    async ensureGroup() {
      try {
        await client.xGroupCreate(key, group, startAt === 'latest' ? '$' : '0', { MKSTREAM: true });
      } catch (err) {
        if (!String((err as Error)?.message).includes('BUSYGROUP')) throw err;
      }
    },

    async claimIdle(batch) {
      const reply = await client.xAutoClaim(key, group, consumer, claimIdleMs, claimCursor, { COUNT: batch });
      claimCursor = reply.nextId;
      const messages = reply.messages.filter((m): m is RawMessage => m !== null);
      if (messages.length === 0) return [];
      // XAUTOCLAIM does not report the delivery counter it just incremented; XPENDING does.
      const counts = new Map<string, number>();
      const details = await Promise.all(
        messages.map(({ id }) => client.xPendingRange(key, group, id, id, 1)),
      );
      for (const detail of details.flat()) counts.set(detail.id, detail.deliveriesCounter);
      return decode(messages, (id) => counts.get(id) ?? 1);
    },

    async readNew(batch, blockMs) {
      if (interrupted) return [];
      if (!reader.isOpen) {
        readerConnecting ??= reader.connect().catch((err: unknown) => {
          readerConnecting = undefined;
          throw err;
        });
        await readerConnecting;
      }
      if (interrupted) return [];
      const reply = (await reader.xReadGroup(
        group,
        consumer,
        { key, id: '>' },
        { COUNT: batch, BLOCK: blockMs },
      )) as { name: string; messages: RawMessage[] }[] | null;
      const messages = (reply ?? []).flatMap((stream) => stream.messages);
      return decode(messages, () => 1);
    },

    async ack(id) {
      await client.xAck(key, group, id);
    },

    interrupt() {
      interrupted = true;
      // Cuts a blocking XREADGROUP short; entries it had already taken stay pending and get claimed.
      if (reader.isOpen) reader.destroy();
    },

    async close() {
      if (reader.isOpen) reader.destroy();
    },

    isMissingGroup: (err) => String((err as Error)?.message).includes('NOGROUP'),
  };
}
