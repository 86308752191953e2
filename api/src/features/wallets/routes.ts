/**
 * Wallets tracked by public address (docs/wallets.md): adding one (the pasted text recognised first, any
 * secret refused with what it was), the user's wallets, one wallet's balances per chain, deleting one and
 * "Refresh now", and proving an EVM wallet is the user's (verification.ts). Refreshes run on the
 * exchange-sync queue (refresh.ts).
 */
import {
  findUserWallet,
  countWallets,
  deleteWallet,
  insertWallet,
  listWallets,
  type WalletRecord,
} from '@coinpace/db';
import {
  AppError,
  MAX_WALLETS_PER_USER,
  WALLET_ADDS_PER_HOUR,
  WALLET_ALREADY_ADDED_MESSAGE,
  WALLET_NOT_FOUND_MESSAGE,
  WALLET_REFRESHES_PER_HOUR,
  ZAddWallet,
  parseOrThrow,
  recogniseAddress,
  type WalletChain,
  type WalletDetail,
  type WalletKind,
  type WalletView,
} from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { pathUuid } from '../../path-id.ts';
import { syncQueueOf } from '../exchange-accounts/routes.ts';
import { WALLET_LEASE_MS, requestRefresh } from './refresh.ts';
import { addWalletVerificationRoutes } from './verification.ts';
import { createRouter } from '../../routers.ts';

export function walletView(wallet: WalletRecord, now: number): WalletView {
  return {
    id: wallet.id,
    label: wallet.label,
    kind: wallet.kind as WalletKind,
    address: wallet.address,
    verified: wallet.verifiedAt !== null,
    verifiedAt: wallet.verifiedAt?.toISOString() ?? null,
    status: wallet.status === 'stopped' ? 'stopped' : 'active',
    refreshing: wallet.refreshingSince !== null && now - wallet.refreshingSince.getTime() < WALLET_LEASE_MS,
    chains: wallet.chains as WalletChain[],
    lastRefreshAt: wallet.lastRefreshAt?.toISOString() ?? null,
    lastError: wallet.lastError,
    createdAt: wallet.createdAt.toISOString(),
  };
}

function detailOf(wallet: WalletRecord, now: number): WalletDetail {
  return {
    ...walletView(wallet, now),
    balances: (wallet.balances ?? []).map((b) => ({
      chain: b.chain as WalletChain,
      token: b.token,
      symbol: b.symbol,
      amount: b.amount,
      coingeckoId: b.coingeckoId,
    })),
  };
}

export function walletRoutes(deps: ApiDeps) {
  const { db, identity, limiters = memoryLimiters() } = deps;
  const adds = limiters('wallet-adds', { points: WALLET_ADDS_PER_HOUR, duration: 3600 });
  const refreshNow = limiters('wallet-refreshes', { points: WALLET_REFRESHES_PER_HOUR, duration: 3600 });
  const walletId = (id: string | undefined) => pathUuid(id, WALLET_NOT_FOUND_MESSAGE);

  const router = createRouter('/api');
  router.use('/wallets', requireUser(identity.verifier, db));

  router.get('/wallets', async (ctx) => {
    const now = Date.now();
    ctx.body = (await listWallets(db, currentUser(ctx).id)).map((w) => walletView(w, now));
  });

  router.post(
    '/wallets',
    rateLimit(adds, (ctx) => `wallet-adds:${currentUser(ctx).id}`),
    jsonBody(),
    async (ctx) => {
      const input = parseOrThrow(ZAddWallet, bodyOf(ctx));
      const user = currentUser(ctx);
      // A secret is refused in words naming what it was; it is neither stored nor logged.
      const recognised = recogniseAddress(input.address);
      if (!recognised.ok) throw new AppError('BAD_REQUEST', { message: recognised.message });
      if ((await countWallets(db, user.id)) >= MAX_WALLETS_PER_USER) {
        throw new AppError('CONFLICT', {
          message: `At most ${MAX_WALLETS_PER_USER} wallets can be tracked. Delete one first.`,
        });
      }
      const wallet = await insertWallet(db, {
        userId: user.id,
        label: input.label,
        kind: recognised.kind,
        address: recognised.address,
      });
      if (!wallet) throw new AppError('CONFLICT', { message: WALLET_ALREADY_ADDED_MESSAGE });
      await requestRefresh(syncQueueOf(deps), wallet, 'add');
      ctx.status = 201;
      ctx.body = { ...walletView(wallet, Date.now()), refreshing: true } satisfies WalletView;
    },
  );

  router.get('/wallets/:id', async (ctx) => {
    const wallet = await findUserWallet(db, currentUser(ctx).id, walletId(ctx.params.id));
    if (!wallet) throw new AppError('NOT_FOUND', { message: WALLET_NOT_FOUND_MESSAGE });
    ctx.body = detailOf(wallet, Date.now());
  });

  router.delete('/wallets/:id', async (ctx) => {
    const gone = await deleteWallet(db, currentUser(ctx).id, walletId(ctx.params.id));
    if (!gone) throw new AppError('NOT_FOUND', { message: WALLET_NOT_FOUND_MESSAGE });
    ctx.status = 204;
  });

  router.post(
    '/wallets/:id/refresh',
    rateLimit(refreshNow, (ctx) => `wallet-refreshes:${currentUser(ctx).id}`),
    async (ctx) => {
      const wallet = await findUserWallet(db, currentUser(ctx).id, walletId(ctx.params.id));
      if (!wallet) throw new AppError('NOT_FOUND', { message: WALLET_NOT_FOUND_MESSAGE });
      if (wallet.status === 'stopped') {
        throw new AppError('CONFLICT', {
          message: `${wallet.lastError ?? 'A chain refused the address.'} Delete the wallet and add it again.`,
        });
      }
      const jobId = await requestRefresh(syncQueueOf(deps), wallet, 'manual');
      ctx.status = 202;
      ctx.body = { jobId, wallet: { ...walletView(wallet, Date.now()), refreshing: true } };
    },
  );

  addWalletVerificationRoutes(router, deps, walletId, walletView);

  return router;
}
