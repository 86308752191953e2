import type { Logger } from '../logger.ts';
import { createMemoryBus } from './memory-bus.ts';
import type { Bus } from './port.ts';
import { createRedisBus } from './redis-bus.ts';

export interface CreateBusOptions {
  /** Redis URL (config `redis.url`); without one the bus is in-process. */
  redisUrl?: string;
  /** Prefix of every Redis channel and key. Default `coinpace:`. */
  prefix?: string;
  /** Default approximate trim length of streams. Default 10,000. */
  streamMaxLen?: number;
  /** Redis only: how long the first connection may take before this rejects, in ms. Default 10,000. */
  connectTimeoutMs?: number;
  logger?: Logger;
}

/**
 * The bus for this deployment: Redis when a URL is given (shared by every process), the in-process bus
 * otherwise (one process only, DESIGN.md section 1).
 */
export async function createBus(options: CreateBusOptions = {}): Promise<Bus> {
  const { redisUrl, connectTimeoutMs, ...rest } = options;
  return redisUrl ? createRedisBus({ url: redisUrl, connectTimeoutMs, ...rest }) : createMemoryBus(rest);
}
