/** Reference scenarios of exchange accounts and holding locations (see reference-scenarios.ts). */
import { randomUUID } from 'node:crypto';
import { waitFor } from '@coinpace/adapters/testing';
import { exchangeAccounts, insertExchangeAccount } from '@coinpace/db';
import { MAX_EXCHANGE_ACCOUNTS_PER_USER } from '@coinpace/domain';
import { eq } from 'drizzle-orm';
import type { TestApi } from '../../testing/harness.ts';
import { type Scenario, holdingOf, signedIn, untilLimited } from './reference-kit.ts';

const demo = (label = 'Demo') => ({ exchange: 'demo', label, apiKey: 'reference-key', secret: 's' });

/** A demo account connected through the API, its first sync finished (no longer syncing, with a time). */
async function connected(api: TestApi, token: string): Promise<string> {
  const { id } = (await api.call('POST', '/api/exchange-accounts', { token, body: demo() })).body as {
    id: string;
  };
  await waitFor(
    async () =>
      (
        (await api.call('GET', '/api/exchange-accounts', { token })).body as {
          id: string;
          syncing: boolean;
          lastSyncAt: string | null;
        }[]
      ).some((a) => a.id === id && !a.syncing && a.lastSyncAt !== null),
    { what: 'the first sync', intervalMs: 100 },
  );
  return id;
}

/** The signed-in user's id, read back from the token's profile. */
async function userIdOf(api: TestApi, token: string): Promise<string> {
  return ((await api.call('GET', '/api/users/me', { token })).body as { user: { id: string } }).user.id;
}

export const EXCHANGE_SCENARIOS: Record<string, Scenario> = {
  'GET /api/exchanges 200': async ({ main }) =>
    main.call('GET', '/api/exchanges', { token: await signedIn(main) }),
  'GET /api/exchange-accounts 200': async ({ main }) => {
    const token = await signedIn(main);
    await connected(main, token);
    return main.call('GET', '/api/exchange-accounts', { token });
  },
  'POST /api/exchange-accounts 201': async ({ main }) =>
    main.call('POST', '/api/exchange-accounts', { token: await signedIn(main), body: demo() }),
  'POST /api/exchange-accounts 409': async ({ main }) => {
    const token = await signedIn(main);
    const userId = await userIdOf(main, token);
    // Accounts kept as a connect keeps them, without their syncs: the limit is what is counted.
    for (let i = 0; i < MAX_EXCHANGE_ACCOUNTS_PER_USER; i += 1) {
      await insertExchangeAccount(main.database.db, {
        id: randomUUID(),
        userId,
        exchange: 'demo',
        label: `Full ${i}`,
        credentials: 'v1.unused',
        keyId: 'unused',
      });
    }
    return main.call('POST', '/api/exchange-accounts', { token, body: demo() });
  },
  'POST /api/exchange-accounts 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() => tight.call('POST', '/api/exchange-accounts', { token, body: demo() }));
  },
  'POST /api/exchange-accounts 503': async ({ upstream }) =>
    upstream.call('POST', '/api/exchange-accounts', {
      token: await signedIn(upstream),
      body: { exchange: 'down', label: 'Down', apiKey: 'k', secret: 's' },
    }),
  'DELETE /api/exchange-accounts/{id} 204': async ({ main }) => {
    const token = await signedIn(main);
    const id = await connected(main, token);
    return main.call('DELETE', `/api/exchange-accounts/${id}`, { token });
  },
  'DELETE /api/exchange-accounts/{id} 404': async ({ main }) =>
    main.call('DELETE', `/api/exchange-accounts/${randomUUID()}`, { token: await signedIn(main) }),
  'POST /api/exchange-accounts/{id}/sync 202': async ({ main }) => {
    const token = await signedIn(main);
    const id = await connected(main, token);
    return main.call('POST', `/api/exchange-accounts/${id}/sync`, { token });
  },
  'POST /api/exchange-accounts/{id}/sync 404': async ({ main }) =>
    main.call('POST', `/api/exchange-accounts/${randomUUID()}/sync`, { token: await signedIn(main) }),
  'POST /api/exchange-accounts/{id}/sync 409': async ({ main }) => {
    const token = await signedIn(main);
    const id = await connected(main, token);
    // As a sync leaves an account whose key the exchange revoked.
    await main.database.db
      .update(exchangeAccounts)
      .set({ status: 'stopped', lastError: 'The exchange says this key was deleted or has expired.' })
      .where(eq(exchangeAccounts.id, id));
    return main.call('POST', `/api/exchange-accounts/${id}/sync`, { token });
  },
  'POST /api/exchange-accounts/{id}/sync 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const id = await connected(tight, token);
    return untilLimited(() => tight.call('POST', `/api/exchange-accounts/${id}/sync`, { token }));
  },
  'POST /api/exchange-accounts/{id}/assets 200': async ({ main }) => {
    const token = await signedIn(main);
    const id = await connected(main, token);
    // As a sync leaves an account whose exchange reported a code no coin is known for.
    await main.database.db
      .update(exchangeAccounts)
      .set({ unmappedAssets: ['XDG'] })
      .where(eq(exchangeAccounts.id, id));
    return main.call('POST', `/api/exchange-accounts/${id}/assets`, {
      token,
      body: { asset: 'XDG', coingeckoId: 'dogecoin' },
    });
  },
  'POST /api/exchange-accounts/{id}/assets 404': async ({ main }) =>
    main.call('POST', `/api/exchange-accounts/${randomUUID()}/assets`, {
      token: await signedIn(main),
      body: { asset: 'XDG', coingeckoId: 'dogecoin' },
    }),
  'POST /api/exchange-accounts/{id}/assets 409': async ({ main }) => {
    const token = await signedIn(main);
    const id = await connected(main, token);
    await main.database.db
      .update(exchangeAccounts)
      .set({ status: 'stopped', lastError: 'The exchange says this key was deleted or has expired.' })
      .where(eq(exchangeAccounts.id, id));
    return main.call('POST', `/api/exchange-accounts/${id}/assets`, {
      token,
      body: { asset: 'XDG', coingeckoId: 'dogecoin' },
    });
  },
  'POST /api/exchange-accounts/{id}/assets 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const id = await connected(tight, token);
    return untilLimited(() =>
      tight.call('POST', `/api/exchange-accounts/${id}/assets`, {
        token,
        body: { asset: 'XDG', coingeckoId: 'dogecoin' },
      }),
    );
  },
  'GET /api/holding-locations 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    await connected(main, token);
    return main.call('GET', '/api/holding-locations', { token });
  },
  'GET /api/holding-locations/{holdingId} 200': async ({ main }) => {
    const token = await signedIn(main);
    const { id } = await holdingOf(main, token);
    await connected(main, token);
    return main.call('GET', `/api/holding-locations/${id}`, { token });
  },
  'GET /api/holding-locations/{holdingId} 404': async ({ main }) =>
    main.call('GET', `/api/holding-locations/${randomUUID()}`, { token: await signedIn(main) }),
  'POST /api/holding-locations/{holdingId}/adjust 200': async ({ main }) => {
    const token = await signedIn(main);
    // SOL by hand, then the demo account, whose staking rewards its movements do not explain.
    const sol = (
      await main.call('POST', '/api/portfolio', {
        token,
        body: { coingeckoId: 'solana', symbol: 'SOL', name: 'Solana', quantity: '1', purchasePrice: '100' },
      })
    ).body as { id: string };
    const accountId = await connected(main, token);
    return main.call('POST', `/api/holding-locations/${sol.id}/adjust`, { token, body: { accountId } });
  },
  'POST /api/holding-locations/{holdingId}/adjust 404': async ({ main }) => {
    const token = await signedIn(main);
    const { id } = await holdingOf(main, token);
    return main.call('POST', `/api/holding-locations/${id}/adjust`, {
      token,
      body: { accountId: randomUUID() },
    });
  },
};
