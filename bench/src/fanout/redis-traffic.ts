/**
 * What the pair mode's ticks cost Redis, from Redis's own counters (INFO stats) read before and after a
 * phase: commands, bytes in and bytes out per tick, across the publisher, both gateways and their
 * Socket.IO adapter. The counters are the server's, so anything else using the same Redis during the
 * phase is counted too: run it on a Redis nothing else is using.
 */
import { closeRedis, connectRedis, noopLogger, type RedisClient } from '@coinpace/adapters';

export interface RedisCounters {
  commands: number;
  bytesIn: number;
  bytesOut: number;
}

export type RedisTrafficPerTick = RedisCounters;

export async function openCounters(url: string): Promise<{
  read: () => Promise<RedisCounters>;
  close: () => Promise<void>;
}> {
  const client: RedisClient = await connectRedis(url, noopLogger, 'bench');
  return {
    async read() {
      const info = await client.info('stats');
      const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? NaN);
      return {
        commands: field('total_commands_processed'),
        bytesIn: field('total_net_input_bytes'),
        bytesOut: field('total_net_output_bytes'),
      };
    },
    close: () => closeRedis(client),
  };
}

/** The difference of two readings, per tick (the reading's own INFO command is one of the commands). */
export function perTick(before: RedisCounters, after: RedisCounters, ticks: number): RedisTrafficPerTick {
  const per = (a: number, b: number) => Math.round(((b - a) / ticks) * 10) / 10;
  return {
    commands: per(before.commands, after.commands),
    bytesIn: per(before.bytesIn, after.bytesIn),
    bytesOut: per(before.bytesOut, after.bytesOut),
  };
}
