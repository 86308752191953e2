/**
 * The publisher of the two-gateway mode: publishes the bench ticks on the Redis bus,
 * as the poller does, so each tick crosses bus -> gateway -> Socket.IO adapter -> socket.
 * Env: BENCH_REDIS_URL, BENCH_REDIS_PREFIX (the gateways use the same).
 */
import { createRedisBus } from '@coinpace/adapters';
import { BUS_TOPICS } from '@coinpace/domain';
import { serveBenchmark } from './serve.ts';

const bus = await createRedisBus({
  url: process.env.BENCH_REDIS_URL!,
  prefix: process.env.BENCH_REDIS_PREFIX,
});

serveBenchmark({
  port: 0,
  publish: (tick) => bus.publish(BUS_TOPICS.priceTick, tick),
  connections: () => 0,
});
