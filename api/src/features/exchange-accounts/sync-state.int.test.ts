/**
 * What an exchange account's sync state shows and holds: a sync asked for reads as running while its
 * job waits for a worker, and a running sync renews its hold on the account while the hold of a dead
 * worker's sync lapses.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEMO_EXCHANGE_ID,
  createMemoryBus,
  createMemoryQueue,
  createSecretBox,
  withDemoExchange,
} from '@coinpace/adapters';
import { exchangeAccounts, findExchangeAccount, insertExchangeAccount } from '@coinpace/db';
import type { Engine } from '@coinpace/db/testing';
import type { ExchangeAccountView } from '@coinpace/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { sealCredentials } from './credentials.ts';
import {
  EXCHANGE_SYNC_QUEUE,
  SYNC_LEASE_MS,
  syncExchangeAccount,
  type ExchangeSyncDeps,
  type ExchangeSyncQueue,
} from './sync.ts';

const engines: Engine[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

describe.each(engines)('exchange sync state on %s', (engine) => {
  let api: TestApi;
  const secrets = createSecretBox(randomBytes(32));
  // Pages of 30: a sync of the demo account reads several.
  const exchanges = withDemoExchange(undefined, { pageSize: 30 });
  beforeAll(async () => {
    api = await startTestApi(engine, {}, { exchanges, secrets });
  });
  afterAll(() => api?.close());

  /** A demo account kept as connect keeps it, with no sync started. */
  const quietDemoAccount = async (userId: string) => {
    const id = randomUUID();
    return insertExchangeAccount(api.database.db, {
      id,
      userId,
      exchange: DEMO_EXCHANGE_ID,
      label: 'quiet',
      ...sealCredentials(secrets, id, { apiKey: 'demo-key', secret: 's' }),
    });
  };
  const syncDeps = (over: Partial<ExchangeSyncDeps> = {}): ExchangeSyncDeps => ({
    db: api.database.db,
    bus: createMemoryBus(),
    logger: createLogger('silent'),
    exchanges,
    secrets,
    retry: { attempts: 3, firstDelayMs: 1 },
    ...over,
  });

  it('shows a sync as running from the moment it is asked for, while its job waits for a worker', async () => {
    // A queue no worker takes jobs from: every sync asked for stays waiting until the test runs it.
    const waiting: ExchangeSyncQueue = createMemoryQueue(EXCHANGE_SYNC_QUEUE);
    const idle = await startTestApi(engine, {}, { exchanges, secrets, exchangeSyncs: waiting });
    try {
      const { token, user } = await idle.signUp();
      const list = async () =>
        ((await idle.call('GET', '/api/exchange-accounts', { token })).body as ExchangeAccountView[])[0]!;
      const connected = await idle.call('POST', '/api/exchange-accounts', {
        token,
        body: {
          exchange: DEMO_EXCHANGE_ID,
          label: 'Queued',
          apiKey: 'demo-key',
          secret: 'demo-secret-value',
        },
      });
      expect(connected.body).toMatchObject({ syncing: true, lastSyncAt: null });
      // Read again, as a page reloaded right after connecting reads it.
      expect(await list()).toMatchObject({ syncing: true, lastSyncAt: null });
      const id = (connected.body as ExchangeAccountView).id;
      const deps = syncDeps({ db: idle.database.db });
      await syncExchangeAccount(deps, { accountId: id, userId: user.id, reason: 'connect' });
      const synced = await list();
      expect(synced.syncing).toBe(false);
      expect(synced.lastSyncAt).not.toBeNull();
      // "Sync now": running again at once, and after that sync ends no longer.
      const pressed = await idle.call('POST', `/api/exchange-accounts/${id}/sync`, { token });
      expect(pressed.status).toBe(202);
      expect(await list()).toMatchObject({ syncing: true });
      await syncExchangeAccount(deps, { accountId: id, userId: user.id, reason: 'manual' });
      expect(await list()).toMatchObject({ syncing: false });
    } finally {
      await idle.close();
      await waiting.close();
    }
  });

  it('a running sync renews its hold on the account; the hold of a sync whose worker died lapses', async () => {
    const { user } = await api.signUp();
    const account = await quietDemoAccount(user.id);
    const data = { accountId: account.id, userId: user.id, reason: 'manual' as const };
    const holds: (Date | null)[] = [];
    let second: unknown;
    const slow = syncDeps({
      leaseRenewMs: 20,
      afterPage: async ({ added }) => {
        if (holds.length > 0 || added === 0) return;
        for (let i = 0; i < 3; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 60));
          holds.push((await findExchangeAccount(api.database.db, account.id))!.syncingSince);
        }
        second = await syncExchangeAccount(syncDeps(), data);
      },
    });
    expect(await syncExchangeAccount(slow, data)).toMatchObject({ refused: 0 });
    expect(holds.every((h) => h !== null)).toBe(true);
    expect(new Set(holds.map((h) => h!.getTime())).size).toBe(3);
    expect(second).toEqual({ skipped: 'busy' });
    expect((await findExchangeAccount(api.database.db, account.id))!.syncingSince).toBeNull();
    // A hold older than the lease belongs to a dead worker: the next sync takes the account.
    await api.database.db
      .update(exchangeAccounts)
      .set({ syncingSince: new Date(Date.now() - SYNC_LEASE_MS - 1_000) })
      .where(eq(exchangeAccounts.id, account.id));
    expect(await syncExchangeAccount(syncDeps(), data)).toEqual({ added: 0, refused: 0 });
  });
});
