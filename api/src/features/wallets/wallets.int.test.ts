/**
 * Wallets against the demo chain: adding one (secrets and malformed text refused in words, nothing kept),
 * refreshing as a job on the exchange-sync queue, its coins landing in the portfolio located at the wallet,
 * an unknown token listed unpriced, refreshing again (nothing added), overlapping and repeated refreshes
 * (nothing doubled), balances the transfers do not explain reconciled once with a transfer, and an EVM
 * wallet on anvil (the real EVM reader) recorded once.
 */
import {
  ChainError,
  createDemoChainReader,
  createEvmReader,
  createMemoryBus,
  type ChainReader,
} from '@coinpace/adapters';
import { TEST_FRESH, seedTestChain, startAnvil, waitFor } from '@coinpace/adapters/testing';
import { holdingTransactions, insertEmptyHoldings, insertWallet, wallets } from '@coinpace/db';
import type { Engine } from '@coinpace/db/testing';
import type { HoldingLocations, PortfolioLocations, WalletDetail, WalletView } from '@coinpace/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { refreshWallet, type WalletRefreshDeps } from './refresh.ts';

const engines: Engine[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

const SEED = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe.each(engines)('wallets on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  const list = async (token: string) =>
    (await api.call('GET', '/api/wallets', { token })).body as WalletView[];
  const settled = async (token: string, id: string, after: string | null = null) => {
    await waitFor(
      async () => {
        const w = (await list(token)).find((x) => x.id === id);
        return Boolean(w && !w.refreshing && w.lastRefreshAt !== null && w.lastRefreshAt !== after);
      },
      { what: 'the refresh to end', intervalMs: 100 },
    );
    return (await list(token)).find((w) => w.id === id)!;
  };
  const rowsOf = (userId: string) =>
    api.database.db
      .select()
      .from(holdingTransactions)
      .where(eq(holdingTransactions.userId, userId))
      .orderBy(asc(holdingTransactions.at), asc(holdingTransactions.createdAt));
  const deps = (chains: WalletRefreshDeps['chains']): WalletRefreshDeps => ({
    db: api.database.db,
    bus: createMemoryBus(),
    logger: createLogger('silent'),
    chains,
    retry: { attempts: 2, firstDelayMs: 1 },
  });

  it('adds a demo wallet, refreshes it as a job, and shows its coins in the portfolio at the wallet', async () => {
    const { token, user } = await api.signUp();
    const added = await api.call('POST', '/api/wallets', {
      token,
      body: { label: 'Cold storage', address: 'demo:alice' },
    });
    expect(added.status).toBe(201);
    const wallet = added.body as WalletView;
    expect(wallet).toMatchObject({ kind: 'demo', address: 'demo:alice', refreshing: true });
    const done = await settled(token, wallet.id);
    expect(done).toMatchObject({ status: 'active', lastError: null, chains: ['demo'] });

    const rows = await rowsOf(user.id);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.walletId === wallet.id && r.locationId === null)).toBe(true);
    expect(rows.every((r) => r.kind === 'transfer_in' || r.kind === 'transfer_out')).toBe(true);
    // The demo chain's balances are what its transfers add up to: nothing to reconcile.
    expect(rows.filter((r) => r.externalRef!.includes(':balance:'))).toEqual([]);

    const detail = (await api.call('GET', `/api/wallets/${wallet.id}`, { token })).body as WalletDetail;
    const unknown = detail.balances.filter((b) => b.coingeckoId === null);
    const known = detail.balances.filter((b) => b.coingeckoId !== null);
    const holdings = (await api.call('GET', '/api/portfolio', { token })).body as {
      id: string;
      coingeckoId: string;
      quantity: string;
    }[];
    expect(holdings.map((h) => h.coingeckoId).sort()).toEqual(known.map((b) => b.coingeckoId).sort());
    for (const b of known) {
      expect(Number(holdings.find((h) => h.coingeckoId === b.coingeckoId)!.quantity)).toBe(Number(b.amount));
    }
    // The token the coin list does not know is listed with its contract, and makes no holding.
    for (const b of unknown) expect(b.token).toMatch(/^0x[0-9a-f]{40}$/);

    const locations = (await api.call('GET', '/api/holding-locations', { token })).body as PortfolioLocations;
    expect(locations.wallets).toEqual([{ id: wallet.id, label: 'Cold storage', kind: 'demo' }]);
    const eth = holdings.find((h) => h.coingeckoId === known[0]!.coingeckoId)!;
    const places = (await api.call('GET', `/api/holding-locations/${eth.id}`, { token }))
      .body as HoldingLocations;
    expect(places.locations).toContainEqual(
      expect.objectContaining({ locationId: wallet.id, label: 'Cold storage', quantity: eth.quantity }),
    );

    // "Refresh now": runs, adds nothing.
    const again = await api.call('POST', `/api/wallets/${wallet.id}/refresh`, { token });
    expect(again.status).toBe(202);
    await settled(token, wallet.id, done.lastRefreshAt);
    expect(await rowsOf(user.id)).toHaveLength(rows.length);

    // Deleting the wallet keeps its transfers, as entered by hand.
    expect((await api.call('DELETE', `/api/wallets/${wallet.id}`, { token })).status).toBe(204);
    const kept = await rowsOf(user.id);
    expect(kept).toHaveLength(rows.length);
    expect(kept.every((r) => r.walletId === null)).toBe(true);
  });

  it('refuses secrets, wrong networks and malformed text in words, and keeps nothing of them', async () => {
    const { token, user } = await api.signUp();
    const cases: [string, RegExp][] = [
      [SEED, /seed phrase/],
      ['4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', /private key/],
      ['5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ', /WIF/],
      ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', /testnet/],
      ['0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', /checksum/],
      ['not an address', /no spaces/],
    ];
    for (const [address, message] of cases) {
      const answer = await api.call('POST', '/api/wallets', { token, body: { label: 'x', address } });
      expect(answer.status, address).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(message);
      expect(JSON.stringify(answer.body)).not.toContain(address.slice(0, 20));
    }
    expect(await list(token)).toEqual([]);
    const stored = await api.database.db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(stored).toEqual([]);
  });

  it('refuses the same address twice and keeps each user to their own wallets', async () => {
    const alice = await api.signUp();
    const bob = await api.signUp();
    const body = { label: 'Main', address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' };
    const first = await api.call('POST', '/api/wallets', { token: alice.token, body });
    expect(first.status).toBe(201);
    expect((first.body as WalletView).address).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    const twice = await api.call('POST', '/api/wallets', {
      token: alice.token,
      body: { ...body, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    });
    expect(twice.status).toBe(409);
    const id = (first.body as WalletView).id;
    expect((await api.call('GET', `/api/wallets/${id}`, { token: bob.token })).status).toBe(404);
    expect((await api.call('DELETE', `/api/wallets/${id}`, { token: bob.token })).status).toBe(404);
    expect((await api.call('POST', `/api/wallets/${id}/refresh`, { token: bob.token })).status).toBe(404);
    // Bob may track the same address himself.
    expect((await api.call('POST', '/api/wallets', { token: bob.token, body })).status).toBe(201);
  });

  it('doubles nothing across overlapping refreshes and a refresh run again from the start', async () => {
    const { user } = await api.signUp();
    const wallet = (await insertWallet(api.database.db, {
      userId: user.id,
      label: 'quiet',
      kind: 'demo',
      address: 'demo:overlap',
    }))!;
    const chains = { demo: createDemoChainReader() };
    const data = { walletId: wallet.id, userId: user.id, reason: 'manual' as const };
    const outcomes = await Promise.all([
      refreshWallet(deps(chains), data),
      refreshWallet(deps(chains), data),
    ]);
    expect(outcomes).toContainEqual({ skipped: 'busy' });
    const once = await rowsOf(user.id);
    expect(once.length).toBeGreaterThan(0);
    // As a worker killed before the cursor was stored leaves it: read again from the start.
    await api.database.db.update(wallets).set({ cursors: {} }).where(eq(wallets.id, wallet.id));
    expect(await refreshWallet(deps(chains), data)).toEqual({ added: 0, refused: 0 });
    expect(await rowsOf(user.id)).toHaveLength(once.length);
  });

  it('reconciles a balance the transfers do not explain with one transfer, once', async () => {
    const { user } = await api.signUp();
    const wallet = (await insertWallet(api.database.db, {
      userId: user.id,
      label: 'evm',
      kind: 'evm',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    }))!;
    let amount = '1.5';
    // Native ETH moved by plain transactions: no transfer is read, only the balance.
    const reader: ChainReader = {
      chain: 'base',
      hasActivity: () => Promise.resolve(true),
      balances: () =>
        Promise.resolve([
          {
            chain: 'base',
            asset: { kind: 'native' },
            symbol: 'ETH',
            decimals: 18,
            amount,
            coingeckoId: 'ethereum',
          },
        ]),
      transfers: () => Promise.resolve({ transfers: [], cursor: { block: 10 }, done: true }),
    };
    const failing: ChainReader = {
      ...reader,
      chain: 'ethereum',
      hasActivity: () => Promise.reject(new ChainError('bad-address', 'refused')),
    };
    const data = { walletId: wallet.id, userId: user.id, reason: 'manual' as const };
    await refreshWallet(deps({ base: reader }), data);
    expect(await refreshWallet(deps({ base: reader }), data)).toEqual({ added: 0, refused: 0 });
    amount = '1.25';
    await refreshWallet(deps({ base: reader }), data);
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => [r.kind, r.quantity])).toEqual([
      ['transfer_in', '1.500000000000000000'],
      ['transfer_out', '0.250000000000000000'],
    ]);
    const [stored] = await api.database.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(stored!.chains).toEqual(['base']);

    // A chain refusing the address for good stops the schedule and says why.
    const outcome = await refreshWallet(deps({ base: reader, ethereum: failing }), data);
    expect(outcome).toEqual({ failed: 'ethereum: refused' });
    const [stopped] = await api.database.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(stopped).toMatchObject({ status: 'stopped', lastError: 'ethereum: refused' });
  });

  it('records an EVM wallet’s ERC-20 transfers on anvil once, adds nothing on a re-scan, and reconciles its ETH', async () => {
    const anvil = await startAnvil();
    try {
      const token = await seedTestChain(anvil.url);
      const { user } = await api.signUp();
      // The token is known to the coin list by its contract: a holding added by address.
      await insertEmptyHoldings(api.database.db, user.id, [
        { symbol: 'TUSD', name: 'Test USD', coingeckoId: 'usd-coin' },
      ]);
      await api.database.db.execute(
        sql`update portfolio_items set address = ${token.toLowerCase()} where user_id = ${user.id}`,
      );
      const wallet = (await insertWallet(api.database.db, {
        userId: user.id,
        label: 'anvil',
        kind: 'evm',
        address: TEST_FRESH,
      }))!;
      const chains = {
        ethereum: createEvmReader({ chain: 'ethereum', rpcUrl: anvil.url, chainId: 31337, pageBlocks: 3n }),
      };
      const data = { walletId: wallet.id, userId: user.id, reason: 'manual' as const };
      expect(await refreshWallet(deps(chains), data)).toEqual({ added: 2, refused: 0 });
      const rows = await rowsOf(user.id);
      expect(rows.map((r) => [r.kind, Number(r.quantity), r.externalRef!.split(':')[0]]).sort()).toEqual([
        ['transfer_in', 0.5, 'wallet'],
        ['transfer_in', 250, 'wallet'],
      ]);
      // Again, and again from the start (a lost cursor): nothing added.
      expect(await refreshWallet(deps(chains), data)).toEqual({ added: 0, refused: 0 });
      await api.database.db.update(wallets).set({ cursors: {} }).where(eq(wallets.id, wallet.id));
      expect(await refreshWallet(deps(chains), data)).toEqual({ added: 0, refused: 0 });
      expect(await rowsOf(user.id)).toHaveLength(2);
      const [stored] = await api.database.db.select().from(wallets).where(eq(wallets.id, wallet.id));
      expect(stored!.chains).toEqual(['ethereum']);
    } finally {
      await anvil.stop();
    }
  });
});
