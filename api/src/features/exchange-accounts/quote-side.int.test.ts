/**
 * The quote side of synced trades: a trade quoted in a coin moves that coin too (a buy pays it, a sale
 * receives it), a dollar stablecoin only where the user holds it, and a second sync doubles nothing. A
 * trade quoted in a coin is recorded in that coin, as a file import records it, so both sides are valued
 * with the coin's stored close of the day.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  createMemoryBus,
  createSecretBox,
  type ExchangeConnector,
  type ExchangeMovement,
} from '@coinpace/adapters';
import {
  exchangeAccounts,
  holdingTransactions,
  insertExchangeAccount,
  saveMarketHistory,
} from '@coinpace/db';
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
    // Bitcoin's dollar close on the days of the ETH/BTC trades.
    const closes: [number, number][] = [
      [Date.parse(day(1)), 50_000],
      [Date.parse(day(2)), 60_000],
      [Date.parse(day(5)), 70_000],
    ];
    await saveMarketHistory(api.database.db, {
      coingeckoId: 'bitcoin',
      currency: 'usd',
      granularity: 'daily',
      source: 'coingecko',
      span: { from: closes[0]![0], to: closes[2]![0] + 86_400_000 },
      points: closes.map(([at, price]) => ({ at, price })),
    });
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
      .select({
        ref: holdingTransactions.externalRef,
        kind: holdingTransactions.kind,
        price: holdingTransactions.pricePerCoin,
        fee: holdingTransactions.fee,
        currency: holdingTransactions.currency,
      })
      .from(holdingTransactions)
      .where(eq(holdingTransactions.userId, user.id));
    const row = (suffix: string) => rows.find((r) => r.ref!.endsWith(suffix))!;
    // Both sides of a coin-quoted trade carry its own figures, in the quote coin; none is left at 0.
    expect([row('trade:1'), row('trade:1:btc')].map((r) => [r.kind, Number(r.price), r.currency])).toEqual([
      ['buy', 0.05, 'bitcoin'],
      ['sell', 1, 'bitcoin'],
    ]);
    expect(Number(row('trade:1').fee)).toBe(0.001);
    expect([row('trade:4'), row('trade:4:btc')].map((r) => [r.kind, Number(r.price), r.currency])).toEqual([
      ['sell', 0.06, 'bitcoin'],
      ['buy', 1, 'bitcoin'],
    ]);
    expect(row('trade:2')).toMatchObject({ currency: 'usd' });
    expect(Number(row('trade:2').price)).toBe(20);
    expect(
      rows
        .filter((r) => r.ref!.endsWith(':btc'))
        .map((r) => r.kind)
        .sort(),
    ).toEqual(['buy', 'sell']);
    expect(rows.some((r) => r.ref!.endsWith(':usdc'))).toBe(false);
    // Valued in dollars with bitcoin's close of the trade's day: 0.05 BTC at 60,000 is 3,000 per ETH, and
    // the 0.001 BTC fee (60 dollars) over the 2 ETH bought adds 30.
    const costs = Object.fromEntries(
      (
        (await api.call('GET', '/api/portfolio', { token })).body as {
          symbol: string;
          purchasePrice: string;
        }[]
      ).map((h) => [h.symbol, Number(h.purchasePrice)]),
    );
    expect(costs.ETH).toBeCloseTo(3030, 6);

    // Read again from the start (as after an asset is mapped): nothing doubled.
    await api.database.db.update(exchangeAccounts).set({ cursor: null }).where(eq(exchangeAccounts.id, id));
    expect(await syncExchangeAccount(deps, data)).toEqual({ added: 0, refused: 0 });
    expect(await held()).toEqual({ BTC: 0.9585, USDT: 799.8, ETH: 1, SOL: 10, DOGE: 100 });
  });
});
