import { runBusContract } from './contract.ts';
import { busKinds, createTestBus } from './testing.ts';

const redisUrl = process.env.REDIS_URL;

for (const kind of busKinds(redisUrl)) {
  runBusContract({
    name: kind,
    open: (now, logger) => createTestBus(kind, { redisUrl, now, logger }),
    advance:
      kind === 'memory'
        ? async (ms, clock) => {
            clock.t += ms;
          }
        : (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
}
