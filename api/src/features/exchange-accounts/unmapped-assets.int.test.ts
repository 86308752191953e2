/**
 * Asset codes a sync cannot map to a coin: their movements wait (nothing stored, the codes kept on the
 * account), the user maps a code to a coin, and the sync asked for then imports them, each once.
 */
import { randomBytes } from 'node:crypto';
import {
  DEMO_EXCHANGE_ID,
  createSecretBox,
  demoHistory,
  withDemoExchange,
  type ExchangeConnector,
  type ExchangeMovement,
} from '@coinpace/adapters';
import { waitFor } from '@coinpace/adapters/testing';
import { holdingTransactions } from '@coinpace/db';
import type { Engine } from '@coinpace/db/testing';
import { movementTransaction, type ExchangeAccountView } from '@coinpace/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

/** The demo exchange, with Dogecoin under a code no coin list knows ('XDG', as Kraken names it). */
function renamingDoge(): ExchangeConnector {
  const demo = withDemoExchange(undefined, { pageSize: 30 });
  const rename = (code: string) => (code === 'DOGE' ? 'XDG' : code);
  const renamed = (m: ExchangeMovement): ExchangeMovement => {
    const fee = m.fee ? { ...m.fee, asset: rename(m.fee.asset) } : m.fee;
    return m.kind === 'trade'
      ? { ...m, base: rename(m.base), quote: rename(m.quote), fee }
      : { ...m, asset: rename(m.asset), fee };
  };
  return {
    list: () => demo.list(),
    connect(exchange, credentials) {
      const client = demo.connect(exchange, credentials);
      return {
        ...client,
        checkKey: () => client.checkKey(),
        close: () => client.close(),
        fetchBalances: async () =>
          (await client.fetchBalances()).map((b) => ({ ...b, asset: rename(b.asset) })),
        async fetchMovements(cursor) {
          const page = await client.fetchMovements(cursor);
          return { ...page, movements: page.movements.map(renamed) };
        },
      };
    },
  };
}

const history = demoHistory('demo-key').movements.filter((m) => movementTransaction('x', m) !== null);
const dogeIds = history
  .filter((m) => (m.kind === 'trade' ? m.base : m.asset) === 'DOGE')
  .map((m) => m.externalId);

const engines: Engine[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

describe.each(engines)('unmapped exchange assets on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(
      engine,
      {},
      { exchanges: renamingDoge(), secrets: createSecretBox(randomBytes(32)) },
    );
  });
  afterAll(() => api?.close());

  const accountOf = async (token: string, id: string) =>
    ((await api.call('GET', '/api/exchange-accounts', { token })).body as ExchangeAccountView[]).find(
      (a) => a.id === id,
    )!;
  const settled = async (token: string, id: string, after: string | null) => {
    await waitFor(
      async () => {
        const a = await accountOf(token, id);
        return !a.syncing && a.lastSyncAt !== null && a.lastSyncAt !== after;
      },
      { what: 'the sync to end', intervalMs: 100 },
    );
    return accountOf(token, id);
  };

  it('keeps the movements of a code no coin is known for until it is mapped, then imports them once', async () => {
    expect(dogeIds.length).toBeGreaterThan(0);
    const { token, user } = await api.signUp();
    const connected = await api.call('POST', '/api/exchange-accounts', {
      token,
      body: { exchange: DEMO_EXCHANGE_ID, label: 'Renamed', apiKey: 'demo-key', secret: 'demo-secret' },
    });
    expect(connected.status).toBe(201);
    const id = (connected.body as ExchangeAccountView).id;
    const first = await settled(token, id, null);
    expect(first.unmappedAssets).toEqual(['XDG']);
    const refs = async () =>
      (
        await api.database.db
          .select({ ref: holdingTransactions.externalRef })
          .from(holdingTransactions)
          .where(eq(holdingTransactions.userId, user.id))
      ).map((r) => r.ref!.split(':').slice(2).join(':'));
    expect(await refs()).toHaveLength(history.length - dogeIds.length);
    const symbols = async () =>
      ((await api.call('GET', '/api/portfolio', { token })).body as { symbol: string; coingeckoId: string }[])
        .map((h) => `${h.symbol}:${h.coingeckoId}`)
        .sort();
    expect(await symbols()).toEqual(['BTC:bitcoin', 'ETH:ethereum', 'SOL:solana']);

    // Someone else's account is not found; a bad body is a 400 in words.
    const other = await api.signUp();
    const foreign = await api.call('POST', `/api/exchange-accounts/${id}/assets`, {
      token: other.token,
      body: { asset: 'XDG', coingeckoId: 'dogecoin' },
    });
    expect(foreign.status).toBe(404);
    const bad = await api.call('POST', `/api/exchange-accounts/${id}/assets`, {
      token,
      body: { asset: 'XDG', coingeckoId: 'Not A Coin' },
    });
    expect(bad.status).toBe(400);

    const mapped = await api.call('POST', `/api/exchange-accounts/${id}/assets`, {
      token,
      body: { asset: 'xdg', coingeckoId: 'dogecoin' },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body).toMatchObject({ syncing: true, unmappedAssets: [] });
    const after = await settled(token, id, first.lastSyncAt);
    expect(after.unmappedAssets).toEqual([]);
    const all = await refs();
    expect(all).toHaveLength(history.length);
    expect(new Set(all)).toEqual(new Set(history.map((m) => m.externalId)));
    expect(await symbols()).toEqual(['BTC:bitcoin', 'ETH:ethereum', 'SOL:solana', 'XDG:dogecoin']);

    // Synced again: nothing new, nothing twice.
    expect((await api.call('POST', `/api/exchange-accounts/${id}/sync`, { token })).status).toBe(202);
    await settled(token, id, after.lastSyncAt);
    expect(await refs()).toHaveLength(history.length);
  });
});
