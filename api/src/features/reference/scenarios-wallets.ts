/** Reference scenarios of wallets tracked by public address (see reference-scenarios.ts). */
import { randomUUID } from 'node:crypto';
import { testSigner, waitFor } from '@coinpace/adapters/testing';
import { insertWallet, wallets } from '@coinpace/db';
import { MAX_WALLETS_PER_USER } from '@coinpace/domain';
import { eq } from 'drizzle-orm';
import type { TestApi } from '../../testing/harness.ts';
import { type Scenario, signedIn, untilLimited } from './reference-kit.ts';

const demoWallet = (name = 'reference') => ({ label: 'Demo wallet', address: `demo:${name}` });

/** A demo wallet added through the API, its first refresh finished (told by its time). */
async function added(api: TestApi, token: string, name = 'reference'): Promise<string> {
  const { id } = (await api.call('POST', '/api/wallets', { token, body: demoWallet(name) })).body as {
    id: string;
  };
  await waitFor(
    async () =>
      (
        (await api.call('GET', '/api/wallets', { token })).body as {
          id: string;
          refreshing: boolean;
          lastRefreshAt: string | null;
        }[]
      ).some((w) => w.id === id && !w.refreshing && w.lastRefreshAt !== null),
    { what: 'the first refresh', intervalMs: 100 },
  );
  return id;
}

/** An EVM wallet of the test signer's address, kept as an add keeps it (no refresh). */
async function evmWallet(api: TestApi, token: string): Promise<string> {
  const wallet = await insertWallet(api.database.db, {
    userId: await userIdOf(api, token),
    label: 'Main',
    kind: 'evm',
    address: testSigner().address,
  });
  return wallet!.id;
}

/** The sign-in message issued for the wallet, signed by its address. */
async function issuedAndSigned(api: TestApi, token: string, id: string) {
  const { message } = (await api.call('POST', `/api/wallets/${id}/verification`, { token })).body as {
    message: string;
  };
  return { message, signature: await testSigner().signMessage(message) };
}

async function userIdOf(api: TestApi, token: string): Promise<string> {
  return ((await api.call('GET', '/api/users/me', { token })).body as { user: { id: string } }).user.id;
}

export const WALLET_SCENARIOS: Record<string, Scenario> = {
  'GET /api/wallets 200': async ({ main }) => {
    const token = await signedIn(main);
    await added(main, token);
    return main.call('GET', '/api/wallets', { token });
  },
  'POST /api/wallets 201': async ({ main }) =>
    main.call('POST', '/api/wallets', { token: await signedIn(main), body: demoWallet() }),
  'POST /api/wallets 409': async ({ main }) => {
    const token = await signedIn(main);
    const userId = await userIdOf(main, token);
    for (let i = 0; i < MAX_WALLETS_PER_USER; i += 1) {
      await insertWallet(main.database.db, {
        userId,
        label: `Full ${i}`,
        kind: 'demo',
        address: `demo:full-${i}`,
      });
    }
    return main.call('POST', '/api/wallets', { token, body: demoWallet() });
  },
  'POST /api/wallets 429': async ({ tight }) => {
    const token = await signedIn(tight);
    let n = 0;
    return untilLimited(() =>
      tight.call('POST', '/api/wallets', { token, body: demoWallet(`limit-${n++}`) }),
    );
  },
  'GET /api/wallets/{id} 200': async ({ main }) => {
    const token = await signedIn(main);
    const id = await added(main, token);
    return main.call('GET', `/api/wallets/${id}`, { token });
  },
  'GET /api/wallets/{id} 404': async ({ main }) =>
    main.call('GET', `/api/wallets/${randomUUID()}`, { token: await signedIn(main) }),
  'DELETE /api/wallets/{id} 204': async ({ main }) => {
    const token = await signedIn(main);
    const id = await added(main, token);
    return main.call('DELETE', `/api/wallets/${id}`, { token });
  },
  'DELETE /api/wallets/{id} 404': async ({ main }) =>
    main.call('DELETE', `/api/wallets/${randomUUID()}`, { token: await signedIn(main) }),
  'POST /api/wallets/{id}/refresh 202': async ({ main }) => {
    const token = await signedIn(main);
    const id = await added(main, token);
    return main.call('POST', `/api/wallets/${id}/refresh`, { token });
  },
  'POST /api/wallets/{id}/refresh 404': async ({ main }) =>
    main.call('POST', `/api/wallets/${randomUUID()}/refresh`, { token: await signedIn(main) }),
  'POST /api/wallets/{id}/refresh 409': async ({ main }) => {
    const token = await signedIn(main);
    const id = await added(main, token);
    // As a refresh leaves a wallet a chain refused for good.
    await main.database.db
      .update(wallets)
      .set({ status: 'stopped', lastError: 'demo: This is not a demo wallet address.' })
      .where(eq(wallets.id, id));
    return main.call('POST', `/api/wallets/${id}/refresh`, { token });
  },
  'POST /api/wallets/{id}/refresh 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const id = await added(tight, token);
    return untilLimited(() => tight.call('POST', `/api/wallets/${id}/refresh`, { token }));
  },
  'POST /api/wallets/{id}/verification 201': async ({ main }) => {
    const token = await signedIn(main);
    return main.call('POST', `/api/wallets/${await evmWallet(main, token)}/verification`, { token });
  },
  'POST /api/wallets/{id}/verification 404': async ({ main }) =>
    main.call('POST', `/api/wallets/${randomUUID()}/verification`, { token: await signedIn(main) }),
  'POST /api/wallets/{id}/verification 409': async ({ main }) => {
    const token = await signedIn(main);
    const id = await added(main, token);
    return main.call('POST', `/api/wallets/${id}/verification`, { token });
  },
  'POST /api/wallets/{id}/verification 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const id = await evmWallet(tight, token);
    return untilLimited(() => tight.call('POST', `/api/wallets/${id}/verification`, { token }));
  },
  'POST /api/wallets/{id}/verification/confirm 200': async ({ main }) => {
    const token = await signedIn(main);
    const id = await evmWallet(main, token);
    const body = await issuedAndSigned(main, token, id);
    return main.call('POST', `/api/wallets/${id}/verification/confirm`, { token, body });
  },
  // The same signed message twice: the second finds its nonce used.
  'POST /api/wallets/{id}/verification/confirm 400': async ({ main }) => {
    const token = await signedIn(main);
    const id = await evmWallet(main, token);
    const body = await issuedAndSigned(main, token, id);
    await main.call('POST', `/api/wallets/${id}/verification/confirm`, { token, body });
    return main.call('POST', `/api/wallets/${id}/verification/confirm`, { token, body });
  },
  'POST /api/wallets/{id}/verification/confirm 404': async ({ main }) =>
    main.call('POST', `/api/wallets/${randomUUID()}/verification/confirm`, {
      token: await signedIn(main),
      body: { message: 'coinpace.test wants you to sign in', signature: `0x${'1b'.repeat(65)}` },
    }),
};
