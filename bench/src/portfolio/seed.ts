/**
 * The data of bench:portfolio, written before the server starts: two local users with
 * the same 200 priced holdings, one with 100 transactions per holding (20,000 in all), the other with only
 * each holding's opening transaction. The long histories are buys and sells on fixed days (deterministic),
 * and each holding's row is derived from its history as the API writes it.
 */
import { createLocalIdentity } from '@coinpace/adapters';
import { changeHoldingHistory, connect, holdingTransactions, type AppDb } from '@coinpace/db';
import { createTestHolding, createTestUser, setTestPrice } from '@coinpace/db/testing';

export const HOLDINGS = 200;
export const TRANSACTIONS_PER_HOLDING = 100;

export interface SeededPortfolios {
  /** Token of the user whose holdings have 100 transactions each. */
  longToken: string;
  /** Token of the user whose holdings have one transaction each. */
  shortToken: string;
  transactions: { long: number; short: number };
}

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);

async function holdingsOf(db: AppDb, userId: string, history: boolean): Promise<number> {
  let count = 0;
  for (let i = 0; i < HOLDINGS; i += 1) {
    const holding = await createTestHolding(db, userId, {
      coingeckoId: `bench-coin-${i}`,
      symbol: `BC${i}`,
      name: `Bench Coin ${i}`,
      quantity: '10',
      purchasePrice: String(10 + i),
      createdAt: new Date(START),
    });
    count += 1;
    if (!history) continue;
    // 99 more: a buy of 2 then a sell of 1, alternating, one a day after the opening buy.
    const rows = Array.from({ length: TRANSACTIONS_PER_HOLDING - 1 }, (_, k) => ({
      holdingId: holding.id,
      userId,
      kind: k % 2 === 0 ? 'buy' : 'sell',
      at: new Date(START + (k + 1) * DAY),
      quantity: k % 2 === 0 ? '2' : '1',
      pricePerCoin: String(10 + i + (k % 7)),
      fee: k % 3 === 0 ? '0.5' : '0',
      note: k % 10 === 0 ? `bench note ${k}` : null,
      createdAt: new Date(START + (k + 1) * DAY),
    }));
    await db.insert(holdingTransactions).values(rows);
    count += rows.length;
    const outcome = await changeHoldingHistory(db, userId, holding.id, { op: 'rederive' });
    if (outcome.status !== 'ok') throw new Error(`bench history of BC${i} is ${outcome.status}`);
  }
  return count;
}

export async function seedPortfolios(options: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<SeededPortfolios> {
  const identity = await createLocalIdentity({ dataDir: options.dataDir });
  const database = await connect({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    const longSubject = identity.newSubject();
    const shortSubject = identity.newSubject();
    const long = await createTestUser(database.db, { identitySubject: longSubject });
    const short = await createTestUser(database.db, { identitySubject: shortSubject });
    for (let i = 0; i < HOLDINGS; i += 1) await setTestPrice(database.db, `bench-coin-${i}`, 12 + i * 1.01);
    const transactions = {
      long: await holdingsOf(database.db, long.id, true),
      short: await holdingsOf(database.db, short.id, false),
    };
    return {
      longToken: identity.issueToken(longSubject),
      shortToken: identity.issueToken(shortSubject),
      transactions,
    };
  } finally {
    await database.close();
  }
}
