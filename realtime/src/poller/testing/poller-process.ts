/**
 * Test support: a price poller in a process of its own, so a test can kill it outright (SIGKILL) and
 * watch another poller take over. Settings come from the environment the test passes; prints
 * `{"leader":true|false}` lines whenever its leadership changes.
 */
import { createRedisBus, createSimulatedPriceSource } from '@coinpace/adapters';
import { connect } from '@coinpace/db';
import { createPricePoller } from '../poller.ts';

const env = process.env;
const database = await connect({ databaseUrl: env.DATABASE_URL, migrate: false, maxConnections: 2 });
const bus = await createRedisBus({ url: env.REDIS_URL!, prefix: env.BUS_PREFIX });
const poller = createPricePoller({
  db: database.db,
  bus,
  prices: createSimulatedPriceSource({ seed: 7 }),
  pollMs: Number(env.POLL_MS ?? 50),
  lockTtlMs: Number(env.LOCK_TTL_MS ?? 1_000),
});
poller.start();
let last: boolean | undefined;
setInterval(() => {
  const leader = poller.isLeader();
  if (leader !== last) process.stdout.write(JSON.stringify({ leader }) + '\n');
  last = leader;
}, 10);
