/**
 * "Prove it is mine" (Sign-In-with-Ethereum) against the API: a message issued for the wallet, signed by a
 * viem local account as a browser wallet would, marks it verified; a wrong signer, a replayed message, an
 * expired one, a message of another wallet or another site, and a non-EVM wallet are refused in words.
 */
import { TEST_SIGNER_KEYS, testSigner } from '@coinpace/adapters/testing';
import { insertWallet, walletSignInNonces, wallets } from '@coinpace/db';
import type { Engine } from '@coinpace/db/testing';
import {
  WALLET_SIGN_IN_BAD_SIGNATURE_MESSAGE,
  WALLET_SIGN_IN_EVM_ONLY_MESSAGE,
  WALLET_SIGN_IN_EXPIRED_MESSAGE,
  WALLET_SIGN_IN_UNKNOWN_MESSAGE,
  type WalletSignInChallenge,
  type WalletView,
} from '@coinpace/domain';
import { eq } from 'drizzle-orm';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const engines: Engine[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];
const owner = testSigner(TEST_SIGNER_KEYS[0]);
const stranger = testSigner(TEST_SIGNER_KEYS[1]);

describe.each(engines)('proving a wallet is yours on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  /** A user with an EVM wallet of `owner`'s address (kept as an add keeps it, without a refresh). */
  async function userWithWallet(address = owner.address.toLowerCase()) {
    const { token, user } = await api.signUp();
    const wallet = await insertWallet(api.database.db, {
      userId: user.id,
      label: 'Main',
      kind: 'evm',
      address,
    });
    return { token, userId: user.id, walletId: wallet!.id };
  }
  const ask = (token: string, walletId: string) =>
    api.call('POST', `/api/wallets/${walletId}/verification`, { token });
  const confirm = (token: string, walletId: string, body: unknown) =>
    api.call('POST', `/api/wallets/${walletId}/verification/confirm`, { token, body });

  it('issues an EIP-4361 message for the address and marks the wallet verified once it is signed', async () => {
    const { token, walletId } = await userWithWallet(owner.address);
    const issued = await ask(token, walletId);
    expect(issued.status).toBe(201);
    const challenge = issued.body as WalletSignInChallenge;
    expect(challenge.message).toContain(`${new URL(api.config.publicUrl).host} wants you to sign in`);
    expect(challenge.message).toContain(owner.address);
    expect(challenge.message).toContain(`Nonce: ${challenge.nonce}`);
    expect(Date.parse(challenge.expiresAt)).toBeGreaterThan(Date.now());

    const signature = await owner.signMessage(challenge.message);
    const done = await confirm(token, walletId, { message: challenge.message, signature });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: walletId, verified: true });
    expect(Date.parse((done.body as WalletView).verifiedAt!)).toBeGreaterThan(0);
    const listed = (await api.call('GET', '/api/wallets', { token })).body as WalletView[];
    expect(listed.find((w) => w.id === walletId)).toMatchObject({ verified: true });

    // Replayed: the nonce was used.
    const again = await confirm(token, walletId, { message: challenge.message, signature });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(WALLET_SIGN_IN_UNKNOWN_MESSAGE);
    // Nothing of the signature is kept anywhere.
    const [row] = await api.database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(JSON.stringify(row)).not.toContain(signature.slice(2, 40));
  });

  it('refuses a signature by another account, and the message cannot be tried twice', async () => {
    const { token, walletId } = await userWithWallet();
    const { message } = (await ask(token, walletId)).body as WalletSignInChallenge;
    const wrong = await confirm(token, walletId, { message, signature: await stranger.signMessage(message) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(WALLET_SIGN_IN_BAD_SIGNATURE_MESSAGE);
    const right = await confirm(token, walletId, { message, signature: await owner.signMessage(message) });
    expect(right.status).toBe(400);
    expect(right.body.error).toBe(WALLET_SIGN_IN_UNKNOWN_MESSAGE);
    const wallet = (await api.call('GET', `/api/wallets/${walletId}`, { token })).body as WalletView;
    expect(wallet).toMatchObject({ verified: false, verifiedAt: null });
  });

  it('refuses an expired message', async () => {
    const { token, walletId } = await userWithWallet();
    const { message, nonce } = (await ask(token, walletId)).body as WalletSignInChallenge;
    await api.database.db
      .update(walletSignInNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletSignInNonces.nonce, nonce));
    const late = await confirm(token, walletId, { message, signature: await owner.signMessage(message) });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(WALLET_SIGN_IN_EXPIRED_MESSAGE);
  });

  it("refuses a message issued for another wallet, or naming another site with the wallet's nonce", async () => {
    const a = await userWithWallet();
    const b = await userWithWallet();
    const forA = (await ask(a.token, a.walletId)).body as WalletSignInChallenge;
    const crossed = await confirm(b.token, b.walletId, {
      message: forA.message,
      signature: await owner.signMessage(forA.message),
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error).toBe(WALLET_SIGN_IN_UNKNOWN_MESSAGE);

    const { nonce } = (await ask(b.token, b.walletId)).body as WalletSignInChallenge;
    const phished = createSiweMessage({
      address: owner.address as `0x${string}`,
      chainId: 1,
      domain: 'evil.example',
      uri: 'https://evil.example',
      nonce,
      version: '1',
    });
    const refused = await confirm(b.token, b.walletId, {
      message: phished,
      signature: await owner.signMessage(phished),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(WALLET_SIGN_IN_UNKNOWN_MESSAGE);
  });

  it('refuses a wallet that is not an EVM address, another user’s wallet, and a malformed signature', async () => {
    const { token, userId } = await api.signUp().then((s) => ({ token: s.token, userId: s.user.id }));
    const demo = await insertWallet(api.database.db, {
      userId,
      label: 'Demo',
      kind: 'demo',
      address: 'demo:bob',
    });
    const notEvm = await ask(token, demo!.id);
    expect(notEvm.status).toBe(409);
    expect(notEvm.body.error).toBe(WALLET_SIGN_IN_EVM_ONLY_MESSAGE);

    const other = await userWithWallet();
    expect((await ask(token, other.walletId)).status).toBe(404);
    const { message } = (await ask(other.token, other.walletId)).body as WalletSignInChallenge;
    const foreign = await confirm(token, other.walletId, {
      message,
      signature: await owner.signMessage(message),
    });
    expect(foreign.status).toBe(404);

    const malformed = await confirm(other.token, other.walletId, { message, signature: '0x1234' });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('65 bytes in hex');
    // The foreign try did not use the owner's nonce up.
    const own = await confirm(other.token, other.walletId, {
      message,
      signature: await owner.signMessage(message),
    });
    expect(own.status).toBe(200);
  });
});
