/**
 * The data of bench:api, written before the server starts (PGlite allows one process at a time): a local
 * user signed in with the server's own key (kept in DATA_DIR), 200 holdings priced in latest_prices, and the
 * ticker coins' prices. PRICE_POLL_MS in the server's env keeps these prices fresh for the whole run.
 */
import { createLocalIdentity } from '@coinpace/adapters';
import { connect } from '@coinpace/db';
import { createTestHolding, createTestUser, setTestPrice } from '@coinpace/db/testing';
import { TICKER_COIN_IDS } from '@coinpace/domain';

export const HOLDINGS = 200;

export interface Seeded {
  token: string;
  /** The signed-in user's identity subject (the bare baseline looks the user up by it). */
  subject: string;
  /** The ids GET /api/prices asks for. */
  priceIds: string[];
}

export async function seed(options: { dataDir: string; databaseUrl?: string }): Promise<Seeded> {
  const identity = await createLocalIdentity({ dataDir: options.dataDir });
  const database = await connect({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    const subject = identity.newSubject();
    const user = await createTestUser(database.db, { identitySubject: subject });
    for (let i = 0; i < HOLDINGS; i += 1) {
      const id = `bench-coin-${i}`;
      await createTestHolding(database.db, user.id, {
        coingeckoId: id,
        symbol: `BC${i}`,
        name: `Bench Coin ${i}`,
        quantity: String(1 + (i % 17) * 0.125),
        purchasePrice: String(10 + i),
      });
      await setTestPrice(database.db, id, 12 + i * 1.01);
    }
    const priceIds = [...TICKER_COIN_IDS];
    for (const [i, id] of priceIds.entries()) await setTestPrice(database.db, id, 100 + i);
    return { token: identity.issueToken(subject), subject, priceIds };
  } finally {
    await database.close();
  }
}
