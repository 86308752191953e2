/**
 * Exchange accounts against the demo exchange: connecting (the key tried once, refusals in words),
 * syncing as jobs, syncing again (nothing added), a sync stopped midway and run again (nothing lost,
 * nothing doubled), overlapping syncs in any interleaving, and a revoked key stopping the schedule.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEMO_EXCHANGE_ID,
  ExchangeError,
  createDemoConnector,
  createMemoryBus,
  createSecretBox,
  demoHistory,
  withDemoExchange,
  type ExchangeClient,
  type ExchangeConnector,
  type KeyPermissions,
} from '@coinpace/adapters';
import { waitFor } from '@coinpace/adapters/testing';
import {
  exchangeAccounts,
  findExchangeAccount,
  holdingTransactions,
  insertEmptyHoldings,
  insertExchangeAccount,
  setExchangeAssetOverride,
  storeSyncPage,
  type SyncedRow,
} from '@coinpace/db';
import type { Engine } from '@coinpace/db/testing';
import {
  CONFIRM_READ_ONLY_MESSAGE,
  EXCHANGE_KEY_MESSAGES,
  movementTransaction,
  type ExchangeAccountView,
  type HoldingLocations,
  type PortfolioLocations,
} from '@coinpace/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { openCredentials, sealCredentials } from './credentials.ts';
import { rotateExchangeSecrets } from './rotate.ts';
import { syncExchangeAccount, type ExchangeSyncDeps } from './sync.ts';

/** A stand-in exchange whose key check answers what the test says: refusals and permissions. */
function scriptedExchange(answer: () => KeyPermissions): ExchangeConnector {
  return {
    list: () => [
      { id: 'scripted', name: 'Scripted', firstClass: false, needsPassword: true, reportsPermissions: false },
    ],
    connect: (_exchange, credentials): ExchangeClient => ({
      exchange: 'scripted',
      async checkKey() {
        const kinds = [
          'bad-key',
          'bad-secret',
          'ip-restricted',
          'clock-skew',
          'revoked',
          'unavailable',
        ] as const;
        const kind = kinds.find((k) => credentials.apiKey === k);
        if (kind) throw new ExchangeError(kind, `exchange says ${kind}`);
        return answer();
      },
      async fetchBalances() {
        return [];
      },
      async fetchMovements() {
        throw new ExchangeError('revoked', 'key deleted');
      },
      async close() {},
    }),
  };
}

/** Every transaction the demo account of 'demo-key' gives, by its exchange id. */
const DEMO_IDS = demoHistory('demo-key')
  .movements.filter((m) => movementTransaction('x', m) !== null)
  .map((m) => m.externalId);

// Postgres when there is one (the engine of a deployment); PGlite otherwise.
const engines: Engine[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

describe.each(engines)('exchange accounts on %s', (engine) => {
  let api: TestApi;
  let permissions: KeyPermissions = 'read-only';
  const secretsKeyBytes = randomBytes(32);
  const secrets = createSecretBox(secretsKeyBytes);
  // Pages of 30: a sync of the demo account reads several.
  const exchanges = withDemoExchange(
    scriptedExchange(() => permissions),
    { pageSize: 30 },
  );
  beforeAll(async () => {
    api = await startTestApi(engine, {}, { exchanges, secrets });
  });
  afterAll(() => api?.close());

  const accounts = async (token: string) =>
    (await api.call('GET', '/api/exchange-accounts', { token })).body as ExchangeAccountView[];
  const settled = async (token: string, id: string) => {
    await waitFor(
      async () => {
        const account = (await accounts(token)).find((a) => a.id === id);
        return Boolean(account && !account.syncing && (account.lastSyncAt || account.lastError));
      },
      { what: 'the sync to end', intervalMs: 100 },
    );
    return (await accounts(token)).find((a) => a.id === id)!;
  };
  const transactionsOf = (userId: string) =>
    api.database.db.select().from(holdingTransactions).where(eq(holdingTransactions.userId, userId));
  const connectDemo = async (token: string) => {
    const answer = await api.call('POST', '/api/exchange-accounts', {
      token,
      body: { exchange: DEMO_EXCHANGE_ID, label: 'My demo', apiKey: 'demo-key', secret: 'demo-secret-value' },
    });
    expect(answer.status).toBe(201);
    return answer.body as ExchangeAccountView;
  };
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
  const suffixes = (rows: { externalRef: string | null }[]) =>
    new Set(rows.map((r) => r.externalRef!.split(':').slice(2).join(':')));
  const syncDeps = (over: Partial<ExchangeSyncDeps> = {}): ExchangeSyncDeps => ({
    db: api.database.db,
    bus: createMemoryBus(),
    logger: createLogger('silent'),
    exchanges,
    secrets,
    retry: { attempts: 3, firstDelayMs: 1 },
    ...over,
  });

  it('connects the demo exchange, syncs it as a job, and never shows or stores the key in the clear', async () => {
    const { token, user } = await api.signUp();
    const picker = await api.call('GET', '/api/exchanges', { token });
    expect(picker.body).toContainEqual(expect.objectContaining({ id: 'demo', name: 'Demo exchange' }));

    const account = await connectDemo(token);
    expect(JSON.stringify(account)).not.toMatch(/demo-key|demo-secret-value/);
    const done = await settled(token, account.id);
    expect(done).toMatchObject({ status: 'active', lastError: null, exchangeName: 'Demo exchange' });

    const rows = await transactionsOf(user.id);
    expect(rows).toHaveLength(DEMO_IDS.length);
    expect(
      rows.every((r) => r.locationId === account.id && r.externalRef!.startsWith(`exchange:${account.id}:`)),
    ).toBe(true);
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['buy', 'sell', 'transfer_in', 'transfer_out']));
    const holdings = (await api.call('GET', '/api/portfolio', { token })).body as {
      symbol: string;
      coingeckoId: string;
    }[];
    expect(holdings.map((h) => h.symbol).sort()).toEqual(['BTC', 'DOGE', 'ETH', 'SOL']);
    expect(holdings.find((h) => h.symbol === 'SOL')?.coingeckoId).toBe('solana');

    const [stored] = await api.database.db
      .select()
      .from(exchangeAccounts)
      .where(eq(exchangeAccounts.id, account.id));
    expect(stored!.credentials).not.toMatch(/demo-key|demo-secret/);
    expect(stored!.keyId).toBe(secrets.keyId);
    expect(openCredentials(secrets, stored!)).toEqual({ apiKey: 'demo-key', secret: 'demo-secret-value' });

    // "Sync now" again: the job runs, and adds nothing.
    const again = await api.call('POST', `/api/exchange-accounts/${account.id}/sync`, { token });
    expect(again.status).toBe(202);
    await waitFor(
      async () => {
        const a = (await accounts(token)).find((x) => x.id === account.id)!;
        return !a.syncing && a.lastSyncAt !== done.lastSyncAt;
      },
      { intervalMs: 100 },
    );
    expect(await transactionsOf(user.id)).toHaveLength(rows.length);
  });

  it('answers a refused key in words, refuses keys that can trade, and asks to confirm unknown permissions', async () => {
    const { token } = await api.signUp();
    const post = (body: Record<string, unknown>) =>
      api.call('POST', '/api/exchange-accounts', {
        token,
        body: { exchange: 'scripted', label: 'x', apiKey: 'fine', secret: 's', password: 'p', ...body },
      });
    for (const kind of ['bad-key', 'bad-secret', 'ip-restricted', 'clock-skew'] as const) {
      const answer = await post({ apiKey: kind });
      expect(answer.status, kind).toBe(400);
      expect(answer.body.error).toBe(EXCHANGE_KEY_MESSAGES[kind]);
    }
    expect((await post({ apiKey: 'unavailable' })).status).toBe(503);
    permissions = 'trade';
    expect((await post({})).body.error).toBe(EXCHANGE_KEY_MESSAGES['not-read-only']);
    permissions = 'withdraw';
    expect((await post({ confirmReadOnly: true })).status).toBe(400);
    permissions = 'unknown';
    expect(await post({})).toMatchObject({ status: 400, body: { error: CONFIRM_READ_ONLY_MESSAGE } });
    expect((await post({ password: undefined, confirmReadOnly: true })).status).toBe(400);
    expect((await post({ exchange: 'nowhere' })).status).toBe(400);
    const kept = await post({ confirmReadOnly: true });
    expect(kept.status).toBe(201);
    permissions = 'read-only';

    // Its first sync finds the key revoked: the account stops, saying why.
    const stopped = await settled(token, (kept.body as ExchangeAccountView).id);
    expect(stopped).toMatchObject({ status: 'stopped', lastError: EXCHANGE_KEY_MESSAGES.revoked });
    const sync = await api.call('POST', `/api/exchange-accounts/${stopped.id}/sync`, { token });
    expect(sync.status).toBe(409);
  });

  it('deletes an account and its key for its owner only', async () => {
    const owner = await api.signUp();
    const other = await api.signUp();
    const account = await quietDemoAccount(owner.user.id);
    await syncExchangeAccount(syncDeps(), { accountId: account.id, userId: owner.user.id, reason: 'manual' });
    for (const [method, path] of [
      ['DELETE', `/api/exchange-accounts/${account.id}`],
      ['POST', `/api/exchange-accounts/${account.id}/sync`],
    ] as const) {
      expect((await api.call(method, path, { token: other.token })).status).toBe(404);
    }
    expect(
      (await api.call('DELETE', '/api/exchange-accounts/not-an-id', { token: owner.token })).status,
    ).toBe(404);
    expect(
      (await api.call('DELETE', `/api/exchange-accounts/${account.id}`, { token: owner.token })).status,
    ).toBe(204);
    expect(await findExchangeAccount(api.database.db, account.id)).toBeNull();
    // Its history stays, as entered by hand.
    const rows = await transactionsOf(owner.user.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.locationId === null)).toBe(true);
  });

  it('a sync stopped after a page and run again loses nothing and doubles nothing', async () => {
    const session = await api.signUp();
    const { user } = session;
    const account = await quietDemoAccount(user.id);
    let pages = 0;
    const stopping = syncDeps({
      afterPage: async () => {
        pages += 1;
        if (pages === 2) throw new Error('worker killed');
      },
    });
    const data = { accountId: account.id, userId: user.id, reason: 'manual' as const };
    // The user's own choice of coin for an ambiguous code wins over the coin list.
    await setExchangeAssetOverride(api.database.db, user.id, 'doge', 'dogecoin-on-another-chain');
    await expect(syncExchangeAccount(stopping, data)).rejects.toThrow('worker killed');
    const midway = await transactionsOf(user.id);
    expect(midway.length).toBeGreaterThan(0);
    expect(midway.length).toBeLessThan(DEMO_IDS.length);
    // The stopped sync gave its lease back: the next one runs at once.
    expect(await syncExchangeAccount(syncDeps(), data)).toMatchObject({ refused: 0 });
    const after = await transactionsOf(user.id);
    expect(after).toHaveLength(DEMO_IDS.length);
    expect(suffixes(after)).toEqual(new Set(DEMO_IDS));
    const coins = (await api.call('GET', '/api/portfolio', { token: session.token })).body as {
      symbol: string;
      coingeckoId: string;
    }[];
    expect(coins.find((c) => c.symbol === 'DOGE')?.coingeckoId).toBe('dogecoin-on-another-chain');
    expect(coins.find((c) => c.symbol === 'BTC')?.coingeckoId).toBe('bitcoin');
    // Run again: nothing new.
    expect(await syncExchangeAccount(syncDeps(), data)).toEqual({ added: 0, refused: 0 });
  });

  it('overlapping syncs in any interleaving store every movement once', async () => {
    const { user } = await api.signUp();
    const account = await quietDemoAccount(user.id);
    const made = await insertEmptyHoldings(
      api.database.db,
      user.id,
      ['BTC', 'ETH', 'SOL', 'DOGE'].map((symbol) => ({ symbol, name: symbol, coingeckoId: null })),
    );
    const holdings = new Map(made.map((h) => [h.symbol, h.id]));
    const demo = createDemoConnector({ pageSize: 40 });
    let run = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 24 }),
        async (turns) => {
          run += 1;
          await api.database.db.delete(holdingTransactions).where(eq(holdingTransactions.userId, user.id));
          await api.database.db
            .update(exchangeAccounts)
            .set({ cursor: null })
            .where(eq(exchangeAccounts.id, account.id));
          // Three readers, each at its own cursor; a turn lets one read its next page and store it.
          const readers = [0, 1, 2].map(() => ({
            client: demo.connect(DEMO_EXCHANGE_ID, { apiKey: 'demo-key', secret: '' }),
            cursor: null as Record<string, string | number> | null,
            done: false,
          }));
          const step = async (reader: (typeof readers)[number]) => {
            if (reader.done) return;
            const from = reader.cursor;
            const page = await reader.client.fetchMovements(from);
            const groups = new Map<string, SyncedRow[]>();
            for (const m of page.movements) {
              const t = movementTransaction(account.id, m)!;
              const id = holdings.get(t.asset)!;
              groups.set(id, [...(groups.get(id) ?? []), { ...t, at: new Date(t.at) }]);
            }
            const stored = await storeSyncPage(api.database.db, {
              accountId: account.id,
              userId: user.id,
              from,
              cursor: page.cursor,
              holdings: [...groups].map(([holdingId, rows]) => ({ holdingId, rows })),
            });
            if (stored.status === 'moved-on') reader.cursor = stored.cursor;
            else {
              reader.cursor = page.cursor;
              reader.done = page.done;
            }
          };
          // The interleaving fast-check chose, some turns at once, then every reader to its end.
          for (let i = 0; i < turns.length; i += 2) {
            await Promise.all([step(readers[turns[i]!]!), step(readers[turns[i + 1] ?? 0]!)]);
          }
          while (readers.some((r) => !r.done)) await Promise.all(readers.map(step));
          const rows = await transactionsOf(user.id);
          expect(new Set(rows.map((r) => r.externalRef)).size).toBe(rows.length);
          expect(suffixes(rows)).toEqual(new Set(DEMO_IDS));
          expect(rows).toHaveLength(DEMO_IDS.length);
        },
      ),
      { numRuns: 4 },
    );
    expect(run).toBe(4);
  });

  it('retries a rate-limited exchange with back-off, and keeps the schedule when the tries run out', async () => {
    const { user } = await api.signUp();
    const account = await quietDemoAccount(user.id);
    let refusals = 0;
    const flaky = (limit: number): ExchangeConnector => ({
      list: () => exchanges.list(),
      connect: (exchange, credentials) => {
        const real = exchanges.connect(exchange, credentials);
        return {
          ...real,
          fetchMovements: async (cursor) => {
            if (refusals < limit) {
              refusals += 1;
              throw new ExchangeError('rate-limited', 'slow down', 1);
            }
            return real.fetchMovements(cursor);
          },
        };
      },
    });
    const data = { accountId: account.id, userId: user.id, reason: 'schedule' as const };
    // Two refusals, three tries a call: the sync gets through.
    expect(await syncExchangeAccount(syncDeps({ exchanges: flaky(2) }), data)).toMatchObject({ refused: 0 });
    expect(refusals).toBe(2);
    // Refused every time: the sync fails in words, the account stays on the schedule.
    refusals = 0;
    const failed = await syncExchangeAccount(syncDeps({ exchanges: flaky(100) }), data);
    expect(failed).toEqual({ failed: EXCHANGE_KEY_MESSAGES['rate-limited'] });
    expect(refusals).toBe(3);
    expect(await findExchangeAccount(api.database.db, account.id)).toMatchObject({
      status: 'active',
      lastError: EXCHANGE_KEY_MESSAGES['rate-limited'],
      syncingSince: null,
    });
  });

  it('shows a holding per location and adjusts it to the exchange’s balance', async () => {
    const { token, user } = await api.signUp();
    // Some SOL entered by hand, then the demo account synced.
    const added = await api.call('POST', '/api/portfolio', {
      token,
      body: { coingeckoId: 'solana', symbol: 'SOL', name: 'Solana', quantity: '2', purchasePrice: '100' },
    });
    expect(added.status).toBe(201);
    const account = await quietDemoAccount(user.id);
    await syncExchangeAccount(syncDeps(), { accountId: account.id, userId: user.id, reason: 'manual' });
    const sol = added.body.id as string;

    const before = (await api.call('GET', `/api/holding-locations/${sol}`, { token }))
      .body as HoldingLocations;
    expect(before.locations[0]).toMatchObject({ locationId: null, label: 'By hand', quantity: '2' });
    const onExchange = before.locations.find((l) => l.locationId === account.id)!;
    // The demo's staking rewards: the exchange holds 0.75 SOL more than its movements explain.
    expect(onExchange.differs).toBe(true);
    expect(Number(onExchange.exchangeBalance) - Number(onExchange.quantity)).toBeCloseTo(0.75, 12);

    const all = (await api.call('GET', '/api/holding-locations', { token })).body as PortfolioLocations;
    expect(all.accounts).toEqual([{ id: account.id, label: 'quiet', exchange: 'demo' }]);
    expect(all.holdings[sol]!.sort()).toEqual(['', account.id].sort());

    const adjusted = await api.call('POST', `/api/holding-locations/${sol}/adjust`, {
      token,
      body: { accountId: account.id },
    });
    expect(adjusted.status).toBe(200);
    const after = (adjusted.body as HoldingLocations).locations;
    expect(after.find((l) => l.locationId === account.id)).toMatchObject({
      quantity: onExchange.exchangeBalance,
      differs: false,
    });
    expect(after.find((l) => l.locationId === null)?.quantity).toBe('2');
    const holding = (await api.call('GET', '/api/portfolio', { token })).body.find(
      (h: { id: string }) => h.id === sol,
    );
    expect(Number(holding.quantity)).toBeCloseTo(2 + Number(onExchange.exchangeBalance), 12);
    // Another user's holding is not found.
    const other = await api.signUp();
    expect((await api.call('GET', `/api/holding-locations/${sol}`, { token: other.token })).status).toBe(404);
  });

  it('rotates the secrets key: every record re-sealed under the new key, an unknown key counted', async () => {
    const { user } = await api.signUp();
    const account = await quietDemoAccount(user.id);
    const stranger = createSecretBox(randomBytes(32));
    const lost = randomUUID();
    await insertExchangeAccount(api.database.db, {
      id: lost,
      userId: user.id,
      exchange: DEMO_EXCHANGE_ID,
      label: 'sealed elsewhere',
      ...sealCredentials(stranger, lost, { apiKey: 'k', secret: 's' }),
    });
    const newKey = randomBytes(32);
    // The old key only opens; the new one seals.
    const rotated = createSecretBox(newKey, [randomBytes(32), randomBytes(32)]);
    const report = await rotateExchangeSecrets(api.database.db, createSecretBox(newKey, [randomBytes(32)]));
    expect(report.unknownKeys[secrets.keyId]).toBeGreaterThan(0);
    const withOld = createSecretBox(newKey, [randomBytes(32), ...[secretsKeyBytes]]);
    const done = await rotateExchangeSecrets(api.database.db, withOld);
    expect(done.resealed).toBeGreaterThan(0);
    expect(done.unknownKeys).toEqual({ [stranger.keyId]: 1 });
    const stored = (await findExchangeAccount(api.database.db, account.id))!;
    expect(stored.keyId).toBe(rotated.keyId);
    expect(openCredentials(createSecretBox(newKey), stored)).toEqual({ apiKey: 'demo-key', secret: 's' });
    // Run again: nothing left but the record no key opens.
    expect(await rotateExchangeSecrets(api.database.db, withOld)).toEqual({
      resealed: 0,
      unknownKeys: { [stranger.keyId]: 1 },
      changed: 0,
    });
  });
});
