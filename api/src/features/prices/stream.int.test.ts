import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { busKinds, createTestBus, waitFor, type TestBus } from '@coinpace/adapters/testing';
import { saveLatestPrices } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { BUS_TOPICS, type PriceQuote, type PriceStreamMessage, type PriceTick } from '@coinpace/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from '../../context.ts';
import { createLogger } from '../../logger.ts';
import { errorHandler } from '../../middleware/errors.ts';
import { requestContext } from '../../middleware/request-context.ts';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { priceStream } from './stream.ts';
import { openSse, type SseClient } from './testing/sse-client.ts';
import { TickRelay } from './tick-relay.ts';

const q = (usd: number): PriceQuote => ({ usd, usd_24h_change: 0.5, last_updated: 1_700_000_000 });
let seq = 0;
const tick = (prices: PriceTick['prices']): PriceTick => ({
  id: `${Date.now()}-${++seq}`,
  at: Date.now(),
  prices,
  source: { status: 'live' },
});

const combos = testEngines(process.env.DATABASE_URL).flatMap((engine) =>
  busKinds(process.env.REDIS_URL).map((kind) => [engine, kind] as const),
);

describe.each(combos)('GET /api/prices/stream on %s with the %s bus', (engine, kind) => {
  let bus: TestBus;
  let api: TestApi;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    bus = await createTestBus(kind, { redisUrl: process.env.REDIS_URL });
    api = await startTestApi(engine, { MAX_WATCHED_COINS_ANONYMOUS: '2' }, { bus });
    await saveLatestPrices(
      api.database.db,
      { 'sse-a': q(1), 'sse-b': q(2), 'sse-c': q(3) },
      'coingecko',
      new Date(),
    );
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await api?.close();
    await bus?.close();
  });

  async function open(path: string, headers: Record<string, string> = {}) {
    const stream = await openSse(api.url + path, headers);
    streams.push(stream);
    return stream;
  }

  it('sends the initial prices, then an update per tick with only the asked coins that changed', async () => {
    const stream = await open('/api/prices/stream?ids=sse-a,sse-b');
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await waitFor(() => stream.messages().length === 1, { what: 'initial' });
    expect(stream.events[0]!.retry).toBe(5000);
    expect(stream.messages()[0]!.data).toEqual({ type: 'initial', prices: { 'sse-a': q(1), 'sse-b': q(2) } });

    const first = tick({ 'sse-a': q(1.1), 'sse-other': q(9) });
    const unrelated = tick({ 'sse-other': q(10) });
    const second = tick({ 'sse-b': q(2.2) });
    for (const t of [first, unrelated, second]) await bus.publish(BUS_TOPICS.priceTick, t);
    await waitFor(() => stream.messages().length === 3, { what: 'two updates' });
    expect(stream.messages().slice(1)).toEqual([
      { id: first.id, data: { type: 'update', prices: { 'sse-a': q(1.1) } } },
      { id: second.id, data: { type: 'update', prices: { 'sse-b': q(2.2) } } },
    ]);
  });

  it('resumes from Last-Event-ID with what was missed, or starts over when the id is unknown', async () => {
    const stream = await open('/api/prices/stream?ids=sse-a,sse-b');
    await waitFor(() => stream.messages().length === 1, { what: 'initial' });
    const seen = tick({ 'sse-a': q(3) });
    await bus.publish(BUS_TOPICS.priceTick, seen);
    await waitFor(() => stream.messages().length === 2, { what: 'update' });
    stream.close();

    const missedA = tick({ 'sse-a': q(4), 'sse-b': q(5) });
    const missedB = tick({ 'sse-a': q(6) });
    await bus.publish(BUS_TOPICS.priceTick, missedA);
    await bus.publish(BUS_TOPICS.priceTick, missedB);
    const watcher = await open('/api/prices/stream?ids=sse-a');
    await waitFor(() => watcher.messages().some((m) => m.id === missedB.id), { what: 'relay saw the ticks' });

    const resumed = await open('/api/prices/stream?ids=sse-a,sse-b', { 'last-event-id': seen.id });
    await waitFor(() => resumed.messages().length === 1, { what: 'catch-up' });
    expect(resumed.messages()[0]).toEqual({
      id: missedB.id,
      data: { type: 'update', prices: { 'sse-a': q(6), 'sse-b': q(5) } },
    });

    const later = tick({ 'sse-b': q(7) });
    await bus.publish(BUS_TOPICS.priceTick, later);
    await waitFor(() => resumed.messages().length === 2, { what: 'live after resume' });
    expect(resumed.messages()[1]).toEqual({
      id: later.id,
      data: { type: 'update', prices: { 'sse-b': q(7) } },
    });

    // An unknown id gets the latest prices: the last tick's, though no poller stored them here.
    const unknown = await open('/api/prices/stream?ids=sse-b', { 'last-event-id': 'no-such-tick' });
    await waitFor(() => unknown.messages().length === 1, { what: 'fresh initial' });
    expect(unknown.messages()[0]!.data).toEqual({ type: 'initial', prices: { 'sse-b': q(7) } });
    expect(unknown.messages()[0]!.id).toBe(later.id);
  });

  it('streams only coins Coinpace follows, up to the cap besides the ticker coins, and names the rest', async () => {
    const stream = await open('/api/prices/stream?ids=sse-made-up,sse-a,bitcoin,sse-b,sse-c');
    expect(stream.status).toBe(200);
    await waitFor(() => stream.messages().length === 1, { what: 'initial' });
    const initial = stream.messages()[0]!.data as PriceStreamMessage;
    expect(initial.refused).toEqual({ unknown: ['sse-made-up'], overLimit: ['sse-c'] });
    // bitcoin, a ticker coin, is priced by the simulated source here.
    expect(Object.keys(initial.prices).sort()).toEqual(['bitcoin', 'sse-a', 'sse-b']);
    const moved = tick({ 'sse-made-up': q(5), 'sse-c': q(6), bitcoin: q(7) });
    await bus.publish(BUS_TOPICS.priceTick, moved);
    await waitFor(() => stream.messages().length === 2, { what: 'update' });
    expect(stream.messages()[1]!.data).toEqual({ type: 'update', prices: { bitcoin: q(7) } });
  });

  it('refuses bad ids with a 400 JSON error', async () => {
    const response = await api.call('GET', '/api/prices/stream?ids=Bad%20Id');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/CoinGecko id/);
  });
});

describe('price stream heartbeats', () => {
  it('writes a comment heartbeat on the configured interval', async () => {
    const bus = await createTestBus('memory');
    const app = new Koa<AppState>();
    app.silent = true;
    app.use(requestContext(createLogger('silent')));
    app.use(errorHandler());
    app.use(
      priceStream({
        relay: new TickRelay(bus),
        read: async () => ({}),
        known: async (ids) => new Set(ids),
        heartbeatMs: 40,
      }),
    );
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const stream = await openSse(`http://127.0.0.1:${(server.address() as AddressInfo).port}/?ids=bitcoin`);
    try {
      await waitFor(() => stream.events.filter((e) => e.comments.includes('heartbeat')).length >= 2, {
        what: 'heartbeats',
      });
      expect(stream.messages()[0]!.data).toEqual({ type: 'initial', prices: {} });
    } finally {
      stream.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await bus.close();
    }
  });
});
