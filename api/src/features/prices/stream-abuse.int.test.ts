/**
 * As an attacker tries it on the price stream: one address opens a hundred streams
 * at once, each asking for 500 ids, nearly all made up. Only MAX_STREAMS_PER_ADDRESS streams open, each
 * carries only known coins, and the API answers `/healthz` with 200 all along (latency printed, not
 * asserted).
 */
import { describeHealth, probeHealth } from '@coinpace/adapters/testing';
import { saveLatestPrices } from '@coinpace/db';
import type { PriceStreamMessage } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { openSse, type SseClient } from './testing/sse-client.ts';

describe('price streams under attack from one address', () => {
  let api: TestApi;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    api = await startTestApi('pglite');
    const quote = { usd: 1, usd_24h_change: 0, last_updated: 1_700_000_000 };
    await saveLatestPrices(api.database.db, { 'abuse-a': quote, 'abuse-b': quote }, 'coingecko', new Date());
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await api?.close();
  });

  it('opens only the per-address cap of streams (default 10), each with known coins only, /healthz answering', async () => {
    const ids = ['abuse-a', 'abuse-b', ...Array.from({ length: 498 }, (_, i) => `made-up-${i}`)].join(',');
    const health = probeHealth(api.url);
    const opened = await Promise.all(
      Array.from({ length: 100 }, () => openSse(`${api.url}/api/prices/stream?ids=${ids}`)),
    );
    streams.push(...opened);
    const open = opened.filter((s) => s.status === 200);
    await Promise.all(
      open.map(
        (stream) =>
          new Promise<void>((resolve) => {
            const check = () => (stream.messages().length > 0 ? resolve() : setTimeout(check, 10));
            check();
          }),
      ),
    );
    const samples = await health.stop();
    console.log(describeHealth('100 price streams of 500 ids from one address', samples));

    expect(open).toHaveLength(api.config.connections.streamsPerAddress);
    expect(opened.filter((s) => s.status === 429)).toHaveLength(90);
    for (const stream of open) {
      const initial = stream.messages()[0]!.data as PriceStreamMessage;
      expect(Object.keys(initial.prices).sort()).toEqual(['abuse-a', 'abuse-b']);
      expect(initial.refused?.unknown).toHaveLength(498);
    }
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((s) => s.status === 200)).toBe(true);
  });
});
