/**
 * Several clients of one exchange, syncing at once through one shared limiter, never start two requests
 * closer than the pace allows: in one process (memory), and across two "workers" sharing Redis when
 * REDIS_URL is set. Every request the peer sees went through the limiter.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCcxtConnector } from './ccxt-client.ts';
import {
  createMemoryRequestLimiter,
  createRedisRequestLimiter,
  type RequestLimiter,
  type RequestLimiterOptions,
} from './request-limiter.ts';
import { seedAccount } from './testing/accounts.ts';
import { startBinancePeer, type BinancePeer } from './testing/binance-peer.ts';

const MS_PER_COST = 1;
const CLIENTS = 4;
const redisUrl = process.env.REDIS_URL;

interface Reservation {
  start: number;
  cost: number;
}

let peer: BinancePeer;
const accounts = Array.from({ length: CLIENTS }, (_, i) =>
  seedAccount({ trades: 12, deposits: 0, withdrawals: 0, apiKey: `key${i}`.padEnd(64, 'x') }),
);

beforeAll(async () => {
  peer = await startBinancePeer({ accounts });
});
afterAll(async () => {
  await peer.close();
});

/** Runs every account's key check at once, each client on its limiter. */
async function syncAll(limiters: RequestLimiter[]): Promise<void> {
  const clients = accounts.map((account, i) => {
    const limiter = limiters[i % limiters.length];
    if (!limiter) throw new Error('no limiter');
    const connector = createCcxtConnector({ urls: { binance: peer.url }, throttle: limiter.throttle });
    return connector.connect('binance', { apiKey: account.apiKey, secret: account.secret });
  });
  await Promise.all(
    clients.map(async (client) => {
      await client.checkKey();
      await client.close();
    }),
  );
}

/** Each start is at least the previous request's cost × pace after the previous start. */
function expectPaced(reservations: Reservation[]): void {
  const sorted = [...reservations].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i += 1) {
    const before = sorted[i - 1];
    const after = sorted[i];
    if (!before || !after) continue;
    expect(after.start - before.start).toBeGreaterThanOrEqual(before.cost * MS_PER_COST - 1e-9);
  }
}

function recorder(): { reservations: Reservation[]; options: RequestLimiterOptions } {
  const reservations: Reservation[] = [];
  return {
    reservations,
    options: {
      msPerCost: { binance: MS_PER_COST },
      onReserve: (exchange, start, cost) => {
        expect(exchange).toBe('binance');
        reservations.push({ start, cost });
      },
    },
  };
}

describe('the per-exchange request limiter', () => {
  it('paces concurrent clients in one process', async () => {
    const { reservations, options } = recorder();
    const before = peer.log.length;
    await syncAll([createMemoryRequestLimiter(options)]);
    expect(reservations.length).toBe(peer.log.length - before);
    expect(reservations.length).toBeGreaterThan(CLIENTS * 2);
    expectPaced(reservations);
  });

  it.runIf(redisUrl)('paces clients of two workers sharing Redis', async () => {
    const prefix = `coinpace-test-pace-${randomUUID().slice(0, 8)}:`;
    const connections = [createClient({ url: redisUrl }), createClient({ url: redisUrl })];
    await Promise.all(connections.map((c) => c.connect()));
    try {
      const { reservations, options } = recorder();
      const before = peer.log.length;
      await syncAll(connections.map((client) => createRedisRequestLimiter({ ...options, client, prefix })));
      expect(reservations.length).toBe(peer.log.length - before);
      expectPaced(reservations);
    } finally {
      await connections[0]?.del(`${prefix}binance`);
      await Promise.all(connections.map((c) => c.close()));
    }
  });

  it('keeps exchanges apart: one exchange waiting does not hold another', async () => {
    const starts: Record<string, number[]> = {};
    const limiter = createMemoryRequestLimiter({
      msPerCost: { slow: 60_000, fast: 1 },
      onReserve: (exchange, start) => (starts[exchange] ??= []).push(start),
    });
    await limiter.throttle('slow', 1);
    await limiter.throttle('fast', 1);
    await limiter.throttle('fast', 1);
    const [slow] = starts['slow'] ?? [];
    const [first, second] = starts['fast'] ?? [];
    // The slow exchange's next start is a minute away; the fast one's requests went on meanwhile.
    expect(second! - first!).toBeGreaterThanOrEqual(1);
    expect(second!).toBeLessThan(slow! + 60_000);
  });
});
