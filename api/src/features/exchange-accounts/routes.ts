/**
 * Exchange accounts synced read-only (docs/exchanges.md): the picker, the user's accounts, connecting one
 * with a read-only API key (tried once before it is kept), deleting one (its sealed key with it) and
 * "Sync now". No route ever returns a key or a secret.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ExchangeError,
  createSecretBox,
  withDemoChain,
  withDemoExchange,
  type ExchangeConnector,
  type ExchangeInfo,
  type KeyPermissions,
  type SecretBox,
} from '@coinpace/adapters';
import {
  countExchangeAccounts,
  deleteExchangeAccount,
  findUserExchangeAccount,
  insertExchangeAccount,
  listExchangeAccounts,
  mapExchangeAsset,
  markSyncRequested,
  type ExchangeAccountSummary,
} from '@coinpace/db';
import {
  AppError,
  CONFIRM_READ_ONLY_MESSAGE,
  EXCHANGE_ACCOUNT_NOT_FOUND_MESSAGE,
  EXCHANGE_KEY_MESSAGES,
  EXCHANGE_NEEDS_PASSWORD_MESSAGE,
  MAX_EXCHANGE_ACCOUNTS_PER_USER,
  ZConnectExchangeAccount,
  ZMapExchangeAsset,
  parseOrThrow,
  type ExchangeAccountView,
} from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { pathUuid } from '../../path-id.ts';
import { sealCredentials } from './credentials.ts';
import { addLocationRoutes } from './locations.ts';
import {
  SYNC_EVERY_MS,
  SYNC_LEASE_MS,
  localExchangeSyncQueue,
  requestSync,
  type ExchangeSyncQueue,
} from './sync.ts';
import { createRouter } from '../../routers.ts';

/**
 * Connections one user may try per hour: each is a signed call to an exchange with the pasted key, so a
 * stream of them would spend the exchange's patience with our address; a person fixing a typo needs a few.
 */
export const EXCHANGE_CONNECTS_PER_HOUR = 20;
/** "Sync now" one user may press per hour: each reads the exchange's history since the last sync. */
export const EXCHANGE_SYNCS_PER_HOUR = 30;

/** Why an exchange refused a key, as the user reads it: 400 for the key, 503 when the exchange is away. */
function keyRefusal(error: ExchangeError): AppError {
  const message = EXCHANGE_KEY_MESSAGES[error.kind] ?? error.message;
  if (error.transient) return new AppError('UNAVAILABLE', { message });
  return new AppError('BAD_REQUEST', { message });
}

/**
 * Syncing: a sync holds the account, or one was asked for and has not ended yet (its job waits for a
 * worker). A request older than the schedule's period is not shown: its job was lost, and the schedule
 * syncs the account anyway.
 */
function viewOf(account: ExchangeAccountSummary, infos: ReadonlyMap<string, ExchangeInfo>, now: number) {
  const running = account.syncingSince !== null && now - account.syncingSince.getTime() < SYNC_LEASE_MS;
  const asked =
    account.syncRequestedAt !== null &&
    account.status === 'active' &&
    now - account.syncRequestedAt.getTime() < SYNC_EVERY_MS;
  const syncing = running || asked;
  return {
    id: account.id,
    exchange: account.exchange,
    exchangeName: infos.get(account.exchange)?.name ?? account.exchange,
    label: account.label,
    status: account.status === 'stopped' ? 'stopped' : 'active',
    syncing,
    lastSyncAt: account.lastSyncAt?.toISOString() ?? null,
    lastError: account.lastError,
    unmappedAssets: account.unmappedAssets ?? [],
    createdAt: account.createdAt.toISOString(),
  } satisfies ExchangeAccountView;
}

const defaults = new WeakMap<ApiDeps, { exchanges: ExchangeConnector; secrets: SecretBox }>();

/**
 * The process's connector and secrets, with their defaults: one pair per app, so the routes that seal a
 * key and the queue's worker that opens it share the box.
 */
export function exchangeDeps(deps: ApiDeps): {
  exchanges: ExchangeConnector;
  secrets: SecretBox;
} {
  let made = defaults.get(deps);
  if (!made) {
    made = {
      exchanges: deps.exchanges ?? withDemoExchange(),
      // main.ts always passes the box of SECRETS_KEY (or DATA_DIR); a box of a random key serves tests only.
      secrets: deps.secrets ?? createSecretBox(randomBytes(32)),
    };
    defaults.set(deps, made);
  }
  return made;
}

const localQueues = new WeakMap<ApiDeps, ExchangeSyncQueue>();

/**
 * The queue exchange syncs and wallet refreshes share: the one given, else one in-process queue per app
 * (made on first use, its worker started).
 */
export function syncQueueOf(deps: ApiDeps): ExchangeSyncQueue {
  if (deps.exchangeSyncs) return deps.exchangeSyncs;
  let queue = localQueues.get(deps);
  if (!queue) {
    const { exchanges, secrets } = exchangeDeps(deps);
    queue = localExchangeSyncQueue({
      db: deps.db,
      bus: deps.bus,
      logger: deps.logger,
      exchanges,
      secrets,
      chains: deps.chains ?? withDemoChain(),
    });
    localQueues.set(deps, queue);
  }
  return queue;
}

export function exchangeAccountRoutes(deps: ApiDeps) {
  const { db, identity, bus, limiters = memoryLimiters() } = deps;
  const { exchanges, secrets } = exchangeDeps(deps);
  const syncs = syncQueueOf(deps);
  const connects = limiters('exchange-connects', { points: EXCHANGE_CONNECTS_PER_HOUR, duration: 3600 });
  const syncNow = limiters('exchange-syncs', { points: EXCHANGE_SYNCS_PER_HOUR, duration: 3600 });
  const infos = () => new Map(exchanges.list().map((e) => [e.id, e]));
  const accountId = (id: string | undefined) => pathUuid(id, EXCHANGE_ACCOUNT_NOT_FOUND_MESSAGE);

  const router = createRouter('/api');
  router.use(['/exchanges', '/exchange-accounts', '/holding-locations'], requireUser(identity.verifier, db));

  router.get('/exchanges', (ctx) => {
    ctx.body = exchanges.list();
  });

  router.get('/exchange-accounts', async (ctx) => {
    const known = infos();
    const now = Date.now();
    ctx.body = (await listExchangeAccounts(db, currentUser(ctx).id)).map((a) => viewOf(a, known, now));
  });

  router.post(
    '/exchange-accounts',
    rateLimit(connects, (ctx) => `exchange-connects:${currentUser(ctx).id}`),
    jsonBody(),
    async (ctx) => {
      const input = parseOrThrow(ZConnectExchangeAccount, bodyOf(ctx));
      const user = currentUser(ctx);
      const known = infos();
      const info = known.get(input.exchange);
      if (!info) throw new AppError('BAD_REQUEST', { message: EXCHANGE_KEY_MESSAGES.unsupported });
      if (info.needsPassword && !input.password) {
        throw new AppError('BAD_REQUEST', { message: EXCHANGE_NEEDS_PASSWORD_MESSAGE });
      }
      if ((await countExchangeAccounts(db, user.id)) >= MAX_EXCHANGE_ACCOUNTS_PER_USER) {
        throw new AppError('CONFLICT', {
          message: `At most ${MAX_EXCHANGE_ACCOUNTS_PER_USER} exchange accounts can be connected. Delete one first.`,
        });
      }
      const credentials = {
        apiKey: input.apiKey,
        secret: input.secret,
        ...(input.password ? { password: input.password } : {}),
      };
      // The key is tried once before anything is kept.
      let permissions: KeyPermissions;
      try {
        const client = exchanges.connect(info.id, credentials);
        try {
          permissions = await client.checkKey();
        } finally {
          await client.close().catch(() => undefined);
        }
      } catch (error) {
        if (error instanceof ExchangeError) throw keyRefusal(error);
        throw error;
      }
      if (permissions === 'trade' || permissions === 'withdraw') {
        throw new AppError('BAD_REQUEST', { message: EXCHANGE_KEY_MESSAGES['not-read-only'] });
      }
      if (permissions === 'unknown' && input.confirmReadOnly !== true) {
        throw new AppError('BAD_REQUEST', { message: CONFIRM_READ_ONLY_MESSAGE });
      }
      const id = randomUUID();
      const account = await insertExchangeAccount(db, {
        id,
        userId: user.id,
        exchange: info.id,
        label: input.label,
        ...sealCredentials(secrets, id, credentials),
        syncRequestedAt: new Date(),
      });
      await requestSync(syncs, account, 'connect');
      ctx.status = 201;
      ctx.body = viewOf(account, known, Date.now());
    },
  );

  router.delete('/exchange-accounts/:id', async (ctx) => {
    const gone = await deleteExchangeAccount(db, currentUser(ctx).id, accountId(ctx.params.id));
    if (!gone) throw new AppError('NOT_FOUND', { message: EXCHANGE_ACCOUNT_NOT_FOUND_MESSAGE });
    ctx.status = 204;
  });

  router.post(
    '/exchange-accounts/:id/sync',
    rateLimit(syncNow, (ctx) => `exchange-syncs:${currentUser(ctx).id}`),
    async (ctx) => {
      const user = currentUser(ctx);
      const account = await findUserExchangeAccount(db, user.id, accountId(ctx.params.id));
      if (!account) throw new AppError('NOT_FOUND', { message: EXCHANGE_ACCOUNT_NOT_FOUND_MESSAGE });
      if (account.status === 'stopped') {
        throw new AppError('CONFLICT', {
          message: `${account.lastError ?? 'The exchange refused the key.'} Delete the account and connect a new key.`,
        });
      }
      const now = new Date();
      await markSyncRequested(db, account.id, now);
      const jobId = await requestSync(syncs, account, 'manual', now.getTime());
      ctx.status = 202;
      ctx.body = { jobId, account: viewOf({ ...account, syncRequestedAt: now }, infos(), now.getTime()) };
    },
  );

  // Mapping an asset code reads the account's history again: it shares "Sync now"'s hourly allowance.
  router.post(
    '/exchange-accounts/:id/assets',
    rateLimit(syncNow, (ctx) => `exchange-syncs:${currentUser(ctx).id}`),
    jsonBody(),
    async (ctx) => {
      const user = currentUser(ctx);
      const id = accountId(ctx.params.id);
      const input = parseOrThrow(ZMapExchangeAsset, bodyOf(ctx));
      const account = await findUserExchangeAccount(db, user.id, id);
      if (!account) throw new AppError('NOT_FOUND', { message: EXCHANGE_ACCOUNT_NOT_FOUND_MESSAGE });
      if (account.status === 'stopped') {
        throw new AppError('CONFLICT', {
          message: `${account.lastError ?? 'The exchange refused the key.'} Delete the account and connect a new key.`,
        });
      }
      // Only a code the account's syncs could not place: anything else would be a mapping nothing reads.
      if (!(account.unmappedAssets ?? []).includes(input.asset)) {
        throw new AppError('NOT_FOUND', {
          message: `This account has no unrecognised asset ${input.asset}.`,
        });
      }
      await mapExchangeAsset(db, user.id, input.asset, input.coingeckoId);
      const now = new Date();
      await markSyncRequested(db, id, now);
      const mapped = await findUserExchangeAccount(db, user.id, id);
      if (!mapped) throw new AppError('NOT_FOUND', { message: EXCHANGE_ACCOUNT_NOT_FOUND_MESSAGE });
      await requestSync(syncs, mapped, 'manual', now.getTime(), `map-${input.asset}`);
      ctx.body = viewOf(mapped, infos(), now.getTime());
    },
  );

  addLocationRoutes(router, { db, bus });
  return router;
}
