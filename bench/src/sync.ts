/**
 * Exchange sync benchmark: many accounts of 1,000 trades each, synced at once through the ccxt client and
 * one shared request limiter against the local Binance peer (which checks every signature). Measures
 * trades read per second, peak memory (RSS), and the request rate the peer saw: no window of a second may
 * hold more requests' cost than the limiter's pace allows (plus the one request at the window's start).
 * Accounts sync `--concurrency` at a time (default: all at once), as workers take sync jobs: a thousand
 * at once would queue more requests on the one peer than its time-out allows.
 * Run: npm run bench:sync [-- --accounts 20 --trades 1000 --ms-per-cost 0.5 --concurrency 50]
 * Writes bench/results/sync.json and prints the figures. Not part of CI.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createCcxtConnector, createMemoryRequestLimiter, loadCcxt } from '@coinpace/adapters';
import { seedAccount, startBinancePeer } from '@coinpace/adapters/testing';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '20' },
    trades: { type: 'string', default: '1000' },
    'ms-per-cost': { type: 'string', default: '0.5' },
    concurrency: { type: 'string' },
  },
});
const accountCount = Number(values.accounts);
const tradeCount = Number(values.trades);
const msPerCost = Number(values['ms-per-cost']);
const concurrency = Math.min(Number(values.concurrency ?? accountCount), accountCount);

await loadCcxt();
const accounts = Array.from({ length: accountCount }, (_, i) =>
  seedAccount({ trades: tradeCount, apiKey: `bench${i}`.padEnd(64, 'x'), deposits: 2, withdrawals: 1 }),
);
const peer = await startBinancePeer({ accounts });
const reservations: { start: number; cost: number }[] = [];
const limiter = createMemoryRequestLimiter({
  msPerCost: { binance: msPerCost },
  onReserve: (_exchange, start, cost) => reservations.push({ start, cost }),
});
const connector = createCcxtConnector({
  urls: { binance: peer.url },
  throttle: limiter.throttle,
  historyFrom: Date.now() - 150 * 86_400_000,
});

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const started = performance.now();
let trades = 0;
/** One account's first sync, page by page to the end. */
async function syncOne(account: (typeof accounts)[number]): Promise<void> {
  const client = connector.connect('binance', { apiKey: account.apiKey, secret: account.secret });
  let cursor = null;
  for (;;) {
    const page = await client.fetchMovements(cursor);
    trades += page.movements.filter((m) => m.kind === 'trade').length;
    cursor = page.cursor;
    if (page.done) break;
  }
  await client.close();
}
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let account = accounts[next++]; account; account = accounts[next++]) await syncOne(account);
  }),
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
await peer.close();

// The most cost reserved in any one-second window, against what the pace allows in a second.
const sorted = [...reservations].sort((a, b) => a.start - b.start);
let worstWindowCost = 0;
for (let i = 0, j = 0, sum = 0; i < sorted.length; i += 1) {
  sum += sorted[i]?.cost ?? 0;
  while ((sorted[i]?.start ?? 0) - (sorted[j]?.start ?? 0) >= 1000) sum -= sorted[j++]?.cost ?? 0;
  worstWindowCost = Math.max(worstWindowCost, sum);
}
const allowedPerSecond = 1000 / msPerCost;
const maxCost = Math.max(...sorted.map((r) => r.cost));
const result = {
  accounts: accountCount,
  concurrency,
  tradesPerAccount: tradeCount,
  tradesRead: trades,
  seconds: Number(seconds.toFixed(2)),
  tradesPerSecond: Math.round(trades / seconds),
  requests: peer.log.length,
  requestsReserved: reservations.length,
  peakRssMb: Math.round(peakRss / 1024 / 1024),
  allowedCostPerSecond: allowedPerSecond,
  worstCostInOneSecond: Number(worstWindowCost.toFixed(1)),
  withinPace: worstWindowCost <= allowedPerSecond + maxCost,
};
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(new URL('../results/sync.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
if (trades !== accountCount * tradeCount || !result.withinPace) process.exitCode = 1;
