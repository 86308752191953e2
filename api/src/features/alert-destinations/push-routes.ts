/**
 * Browser push subscriptions (docs/alert-channels.md): the VAPID public key a browser subscribes with, and
 * the subscription it got, kept as a destination of kind `push` once a first message ("Browser
 * notifications are on") was taken by its push service. Deleted like any destination
 * (DELETE /api/alert-destinations/{id}).
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import {
  RefusedAddressError,
  generateVapidKeys,
  sealDestinationSecret,
  sendPush,
  urlProblem,
  type SecretBox,
  type VapidKeys,
} from '@coinpace/adapters';
import {
  confirmAlertDestination,
  countAlertDestinations,
  deleteAlertDestination,
  insertAlertDestination,
  listAlertDestinations,
  recordDestinationDelivery,
  type AppDb,
} from '@coinpace/db';
import {
  AppError,
  MAX_DESTINATIONS,
  ZPushSubscription,
  notificationPush,
  parseOrThrow,
  testNotification,
} from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { AppState } from '../../context.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { destinationView } from './view.ts';

/** Keys of a process started without them (tests); main.ts always passes the configured or kept pair. */
let fallbackKeys: VapidKeys | undefined;
export function vapidOf(vapid: VapidKeys | undefined): VapidKeys {
  fallbackKeys ??= generateVapidKeys();
  return vapid ?? fallbackKeys;
}

export function addPushRoutes(
  router: Router<AppState>,
  deps: {
    db: AppDb;
    secrets: SecretBox;
    vapid: VapidKeys;
    allowLoopback: boolean;
    alertsUrl: string;
    subscribes: RateLimiterAbstract;
  },
): void {
  const { db, secrets, vapid, allowLoopback } = deps;

  router.get('/push/public-key', (ctx) => {
    ctx.body = { publicKey: vapid.publicKey };
  });

  router.post(
    '/push/subscriptions',
    rateLimit(deps.subscribes, (ctx) => `push-subscribes:${currentUser(ctx).id}`),
    jsonBody(),
    async (ctx) => {
      const input = parseOrThrow(ZPushSubscription, bodyOf(ctx));
      const user = currentUser(ctx);
      const problem = urlProblem(input.endpoint, { allowLoopback });
      if (problem) throw new AppError('BAD_REQUEST', { message: problem.replace('The URL', 'The endpoint') });
      // The same browser subscribing again replaces its subscription.
      for (const old of await listAlertDestinations(db, user.id)) {
        if (old.kind === 'push' && old.target === input.endpoint)
          await deleteAlertDestination(db, user.id, old.id);
      }
      if ((await countAlertDestinations(db, user.id, 'push')) >= MAX_DESTINATIONS.push) {
        throw new AppError('CONFLICT', {
          message: `Browser notifications are on in ${MAX_DESTINATIONS.push} browsers already. Turn them off in one first.`,
        });
      }
      const id = randomUUID();
      const destination = await insertAlertDestination(db, {
        id,
        userId: user.id,
        kind: 'push',
        label: new URL(input.endpoint).hostname,
        target: input.endpoint,
        ...sealDestinationSecret(secrets, id, JSON.stringify(input.keys)),
      });
      // The first message confirms the subscription: its push service must take it.
      const payload = JSON.stringify(
        notificationPush(testNotification(randomUUID(), deps.alertsUrl, new Date())),
      );
      const started = Date.now();
      let status: number | null = null;
      let error: string | null = null;
      try {
        status = (
          await sendPush({ endpoint: input.endpoint, keys: input.keys }, payload, vapid, { allowLoopback })
        ).status;
      } catch (err) {
        error = err instanceof RefusedAddressError ? err.message : `No answer: ${(err as Error).message}`;
      }
      await recordDestinationDelivery(db, {
        destinationId: id,
        userId: user.id,
        kind: 'test',
        attempt: 1,
        statusCode: status,
        error,
        durationMs: Date.now() - started,
      });
      if (status === null || status < 200 || status >= 300) {
        await deleteAlertDestination(db, user.id, id);
        throw new AppError('BAD_REQUEST', {
          message: `The browser's push service did not take the first message (${status ?? error}).`,
        });
      }
      const confirmed = (await confirmAlertDestination(db, user.id, destination.id))!;
      ctx.status = 201;
      ctx.body = { destination: destinationView(confirmed) };
    },
  );
}
