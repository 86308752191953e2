/**
 * Proving a wallet is the user's (Sign-In-with-Ethereum): the nonces issued for it, each used once, and
 * the wallet marked verified. Taking a nonce deletes its row in the same statement that reads it, so two
 * requests carrying the same signed message cannot both get it.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { walletSignInNonces, wallets } from '../schema/index.ts';

/** Keeps a nonce for the user's wallet until `expiresAt`, and forgets the user's expired ones. */
export async function insertWalletNonce(
  db: AppDb,
  values: { nonce: string; userId: string; walletId: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db
    .delete(walletSignInNonces)
    .where(and(eq(walletSignInNonces.userId, values.userId), lt(walletSignInNonces.expiresAt, now)));
  await db.insert(walletSignInNonces).values(values);
}

/**
 * Takes the nonce of the user's wallet, whatever comes of the signature: 'taken' when it was issued and
 * is still valid, 'expired' when it was issued but its time is up, 'unknown' when it was never issued for
 * this wallet or was taken already.
 */
export async function takeWalletNonce(
  db: AppDb,
  key: { nonce: string; userId: string; walletId: string },
  now: Date,
): Promise<'taken' | 'expired' | 'unknown'> {
  const [row] = await db
    .delete(walletSignInNonces)
    .where(
      and(
        eq(walletSignInNonces.nonce, key.nonce),
        eq(walletSignInNonces.userId, key.userId),
        eq(walletSignInNonces.walletId, key.walletId),
      ),
    )
    .returning({ expiresAt: walletSignInNonces.expiresAt });
  if (!row) return 'unknown';
  return row.expiresAt.getTime() > now.getTime() ? 'taken' : 'expired';
}

/** Marks the user's wallet proved at `at`; answers the wallet, or null when it is not theirs. */
export async function markWalletVerified(db: AppDb, userId: string, walletId: string, at: Date) {
  const [row] = await db
    .update(wallets)
    .set({ verifiedAt: at })
    .where(and(eq(wallets.userId, userId), eq(wallets.id, walletId)))
    .returning();
  return row ?? null;
}
