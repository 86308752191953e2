import { subscribeUserEvents } from '@coinpace/adapters';
import { createTestBus, waitFor, type TestBus } from '@coinpace/adapters/testing';
import { testEngines } from '@coinpace/db/testing';
import type { UserEvent } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

// PGlite runs with the in-process bus; the postgres engine (CI) with Redis when REDIS_URL is set.
const setups = testEngines(process.env.DATABASE_URL).map((engine) => ({
  engine,
  bus: engine === 'postgres' && process.env.REDIS_URL ? ('redis' as const) : ('memory' as const),
}));

describe.each(setups)('portfolio:changed events on $engine with the $bus bus', ({ engine, bus: kind }) => {
  let api: TestApi;
  let bus: TestBus;
  const events: UserEvent[] = [];
  let unsubscribe: () => Promise<void>;

  beforeAll(async () => {
    bus = await createTestBus(kind, { redisUrl: process.env.REDIS_URL });
    api = await startTestApi(engine, {}, { bus });
    unsubscribe = await subscribeUserEvents(await bus.peer(), (event) => events.push(event));
  });
  afterAll(async () => {
    await unsubscribe?.();
    await api?.close();
    await bus?.close();
  });

  const reasonsFor = (userId: string) =>
    events.filter((e) => e.userId === userId && e.type === 'portfolio:changed').map((e) => e.payload);

  it('announces add, edit, import and delete to the user, and nothing for failed or read-only calls', async () => {
    const { token, user } = await api.signUp();
    const other = await api.signUp();
    const btc = { coingeckoId: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', quantity: 1, purchasePrice: 1 };

    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: btc });
    await waitFor(() => reasonsFor(user.id).length === 1, { what: 'added event' });

    await api.call('PUT', `/api/portfolio/${holding.id}`, { token, body: { purchasePrice: 2 } });
    await api.call('POST', '/api/portfolio/bulk', {
      token,
      body: { portfolioItems: [{ name: 'Ether', symbol: 'ETH', quantity: 1, purchasePrice: 0 }] },
    });
    await api.call('DELETE', `/api/portfolio/${holding.id}`, { token });
    await waitFor(() => reasonsFor(user.id).length === 4, { what: 'four events' });
    expect(reasonsFor(user.id)).toEqual([
      { reason: 'added' },
      { reason: 'updated' },
      { reason: 'imported' },
      { reason: 'deleted' },
    ]);

    // Adding a coin already held records a buy on it: the holding is updated.
    await api.call('POST', '/api/portfolio', {
      token,
      body: { coingeckoId: 'ethereum', name: 'Ethereum', symbol: 'eth', quantity: 1, purchasePrice: 1 },
    });
    await waitFor(() => reasonsFor(user.id).length === 5, { what: 'updated event' });
    expect(reasonsFor(user.id)[4]).toEqual({ reason: 'updated' });

    // Nothing changes: an all-duplicate import, a list, a foreign delete.
    await api.call('POST', '/api/portfolio/bulk', {
      token,
      body: { portfolioItems: [{ name: 'Ether', symbol: 'eth', quantity: 1, purchasePrice: 0 }] },
    });
    await api.call('GET', '/api/portfolio', { token });
    const { body: theirs } = await api.call('POST', '/api/portfolio', { token: other.token, body: btc });
    await api.call('DELETE', `/api/portfolio/${theirs.id}`, { token });
    // The other user's add is a marker: once it arrived, anything sent before it has too.
    await waitFor(() => reasonsFor(other.user.id).length === 1, { what: 'marker event' });
    expect(reasonsFor(user.id)).toHaveLength(5);
  });
});
