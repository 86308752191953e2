/**
 * The quote side of synced trades: a trade quoted in a coin moves that coin too (a buy pays it, a sale
 * receives it), a dollar stablecoin only where the user holds it, and a second sync doubles nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  createMemoryBus,
  createSecretBox,
  type ExchangeConnector,
  type ExchangeMovement,
} from '@coinpace/adapters';
import { exchangeAccounts, holdingTransactions, insertExchangeAccount } from '@coinpace/db';
import type { Engine } from '@coinpace/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { sealCredentials } from './credentials.ts';
import { syncExchangeAccount } from './sync.ts';

const day = (n: number) => new Date(Date.UTC(2026, 5, n)).toISOString();
const trade = (
  id: number,
  n: number,
  side: 'buy' | 'sell',
  pair: string,
  amount: string,
  price: string,
  fee: string,
): ExchangeMovement => {
  const [base, quote] = pair.split('/') as [string, string];
  return {
    kind: 'trade',
    externalId: `trade:${id}`,
    at: day(n),
    side,
    base,
    quote,
    amount,
    price,
    fee: { asset: quote, amount: fee },
  };
};
const MOVEMENTS: ExchangeMovement[] = [
  { kind: 'deposit', externalId: 'deposit:1', at: day(1), asset: 'BTC', amount: '1', fee: null },
  { kind: 'deposit', externalId: 'deposit:2', at: day(1), asset: 'USDT', amount: '1000', fee: null },
  trade(1, 2, 'buy', 'ETH/BTC', '2', '0.05', '0.001'),
  trade(2, 3, 'buy', 'SOL/USDT', '10', '20', '0.2'),
  trade(3, 4, 'buy', 'DOGE/USDC', '100', '0.4', '0'),
  trade(4, 5, 'sell', 'ETH/BTC', '1', '0.06', '0.0005'),
];

/** An exchange answering MOVEMENTS in two pages. */
const fixed: ExchangeConnector = {
  list: () => [
    { id: 'fixed', name: 'Fixed', firstClass: false, needsPassword: false, reportsPermissions: true },
  ],
  connect: () => ({
    exchange: 'fixed',
    checkKey: async () => 'read-only',
    fetchBalances: async () => [],
    async fetchMovements(cursor) {
      const from = Number(cursor?.n ?? 0);
      const to = Math.min(from + 3, MOVEMENTS.length);
      return {
        movements: MOVEMENTS.slice(from, to),
        cursor: { n: to },
        done: to === MOVEMENTS.length,
        progress: null,
      };
    },
    close: async () => {},
  }),
};

const engines: Engine[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

describe.each(engines)('the quote side of synced trades on %s', (engine) => {
  let api: TestApi;
  const secrets = createSecretBox(randomBytes(32));
  beforeAll(async () => {
    api = await startTestApi(engine, {}, { exchanges: fixed, secrets });
  });
  afterAll(() => api?.close());

  it('moves the coin a trade is quoted in, a stablecoin where held, once whatever the syncs', async () => {
    const { token, user } = await api.signUp();
    const id = randomUUID();
    await insertExchangeAccount(api.database.db, {
      id,
      userId: user.id,
      exchange: 'fixed',
      label: 'Fixed',
      ...sealCredentials(secrets, id, { apiKey: 'k', secret: 's' }),
    });
    const deps = {
      db: api.database.db,
      bus: createMemoryBus(),
      logger: createLogger('silent'),
      exchanges: fixed,
      secrets,
    };
    const data = { accountId: id, userId: user.id, reason: 'manual' as const };
    expect(await syncExchangeAccount(deps, data)).toEqual({ added: 9, refused: 0 });
    const held = async () =>
      Object.fromEntries(
        (
          (await api.call('GET', '/api/portfolio', { token })).body as { symbol: string; quantity: string }[]
        ).map((h) => [h.symbol, Number(h.quantity)]),
      );
    expect(await held()).toEqual({ BTC: 0.9585, USDT: 799.8, ETH: 1, SOL: 10, DOGE: 100 });
    const rows = await api.database.db
      .select({ ref: holdingTransactions.externalRef, kind: holdingTransactions.kind })
      .from(holdingTransactions)
      .where(eq(holdingTransactions.userId, user.id));
    expect(
      rows
        .filter((r) => r.ref!.endsWith(':btc'))
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['buy', 'sell']);
    expect(rows.some((r) => r.ref!.endsWith(':usdc'))).toBe(false);

    // Read again from the start (as after an asset is mapped): nothing doubled.
    await api.database.db.update(exchangeAccounts).set({ cursor: null }).where(eq(exchangeAccounts.id, id));
    expect(await syncExchangeAccount(deps, data)).toEqual({ added: 0, refused: 0 });
    expect(await held()).toEqual({ BTC: 0.9585, USDT: 799.8, ETH: 1, SOL: 10, DOGE: 100 });
  });
});
