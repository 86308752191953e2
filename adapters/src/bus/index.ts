export * from './port.ts';
export { createBus, type CreateBusOptions } from './create-bus.ts';
export { createMemoryBus, type MemoryBusOptions } from './memory-bus.ts';
export { createRedisBus, type RedisBusOptions } from './redis-bus.ts';
export { publishUserEvent, subscribeUserEvents } from './user-events.ts';
export { connectRedis, closeRedis, type ConnectRedisOptions, type RedisClient } from './redis-client.ts';
