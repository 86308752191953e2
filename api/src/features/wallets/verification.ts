/**
 * "Prove it is mine" for an EVM wallet (docs/wallets.md): the server issues a Sign-In-with-Ethereum
 * message (EIP-4361) with a nonce kept for the wallet, single use and expiring; the browser has the wallet
 * sign it (personal_sign) and sends it back; the server checks it with viem and marks the wallet verified.
 * Nothing of the signature is kept.
 */
import type Router from '@koa/router';
import { checkSignIn, createSignInMessage, createSignInNonce, nonceOfSignIn } from '@coinpace/adapters';
import { findUserWallet, insertWalletNonce, markWalletVerified, takeWalletNonce } from '@coinpace/db';
import {
  AppError,
  WALLET_NOT_FOUND_MESSAGE,
  WALLET_SIGN_INS_PER_HOUR,
  WALLET_SIGN_IN_BAD_SIGNATURE_MESSAGE,
  WALLET_SIGN_IN_EVM_ONLY_MESSAGE,
  WALLET_SIGN_IN_EXPIRED_MESSAGE,
  WALLET_SIGN_IN_TTL_MS,
  WALLET_SIGN_IN_UNKNOWN_MESSAGE,
  ZConfirmWalletSignIn,
  parseOrThrow,
  type WalletSignInChallenge,
  type WalletView,
} from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser } from '../../middleware/auth.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';

/** Adds the two routes to the wallets router (behind its sign-in check). */
export function addWalletVerificationRoutes(
  router: Router<AppState>,
  deps: ApiDeps,
  walletId: (id: string | undefined) => string,
  view: (wallet: NonNullable<Awaited<ReturnType<typeof findUserWallet>>>, now: number) => WalletView,
): void {
  const { db, config, limiters = memoryLimiters() } = deps;
  const issues = limiters('wallet-sign-ins', { points: WALLET_SIGN_INS_PER_HOUR, duration: 3600 });
  // The message names this site, so a wallet shows the user where the signature goes, and a message
  // signed for another site is refused here.
  const site = new URL(config.publicUrl);

  router.post(
    '/wallets/:id/verification',
    rateLimit(issues, (ctx) => `wallet-sign-ins:${currentUser(ctx).id}`),
    async (ctx) => {
      const user = currentUser(ctx);
      const wallet = await findUserWallet(db, user.id, walletId(ctx.params.id));
      if (!wallet) throw new AppError('NOT_FOUND', { message: WALLET_NOT_FOUND_MESSAGE });
      if (wallet.kind !== 'evm') throw new AppError('CONFLICT', { message: WALLET_SIGN_IN_EVM_ONLY_MESSAGE });
      const now = new Date();
      const expiresAt = new Date(now.getTime() + WALLET_SIGN_IN_TTL_MS);
      const nonce = createSignInNonce();
      await insertWalletNonce(db, { nonce, userId: user.id, walletId: wallet.id, expiresAt }, now);
      const message = createSignInMessage({
        address: wallet.address,
        domain: site.host,
        uri: site.origin,
        nonce,
        issuedAt: now,
        expiresAt,
      });
      ctx.status = 201;
      ctx.body = { message, nonce, expiresAt: expiresAt.toISOString() } satisfies WalletSignInChallenge;
    },
  );

  router.post('/wallets/:id/verification/confirm', jsonBody(), async (ctx) => {
    const input = parseOrThrow(ZConfirmWalletSignIn, bodyOf(ctx));
    const user = currentUser(ctx);
    const wallet = await findUserWallet(db, user.id, walletId(ctx.params.id));
    if (!wallet) throw new AppError('NOT_FOUND', { message: WALLET_NOT_FOUND_MESSAGE });
    const nonce = nonceOfSignIn(input.message);
    if (!nonce) throw new AppError('BAD_REQUEST', { message: WALLET_SIGN_IN_UNKNOWN_MESSAGE });
    const now = new Date();
    // Used up whatever comes of the signature, so a message can be tried once.
    const taken = await takeWalletNonce(db, { nonce, userId: user.id, walletId: wallet.id }, now);
    if (taken === 'expired') throw new AppError('BAD_REQUEST', { message: WALLET_SIGN_IN_EXPIRED_MESSAGE });
    if (taken === 'unknown') throw new AppError('BAD_REQUEST', { message: WALLET_SIGN_IN_UNKNOWN_MESSAGE });
    const checked = await checkSignIn({
      message: input.message,
      signature: input.signature,
      address: wallet.address,
      domain: site.host,
      nonce,
      now,
    });
    if (!checked.ok) {
      throw new AppError('BAD_REQUEST', {
        message:
          checked.reason === 'bad-signature'
            ? WALLET_SIGN_IN_BAD_SIGNATURE_MESSAGE
            : WALLET_SIGN_IN_UNKNOWN_MESSAGE,
      });
    }
    const verified = await markWalletVerified(db, user.id, wallet.id, now);
    if (!verified) throw new AppError('NOT_FOUND', { message: WALLET_NOT_FOUND_MESSAGE });
    ctx.body = view(verified, now.getTime());
  });
}
