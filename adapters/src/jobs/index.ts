export * from './port.ts';
export { createMemoryQueue, type MemoryQueueOptions } from './memory-queue.ts';
export { createBullmqQueue, type BullmqQueueOptions } from './bullmq-queue.ts';
