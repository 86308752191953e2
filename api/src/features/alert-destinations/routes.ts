/**
 * The destinations of the alert channels beside e-mail and SMS (docs/alert-channels.md): a signed webhook
 * to an HTTPS URL the user owns. Adding one shows its signing secret once; a test delivery the receiver
 * answers 2xx confirms it, and nothing else is sent to it before; its delivery log lists every attempt with
 * the status answered. URLs are held to the SSRF rules (adapters/src/webhooks/outbound-address.ts).
 * Discord and Slack hooks are added the same way; browser push and Telegram have their own files.
 */
import { randomUUID } from 'node:crypto';
import {
  RefusedAddressError,
  newWebhookSecret,
  openDestinationSecret,
  postJson,
  sealDestinationSecret,
  urlProblem,
  webhookSignature,
} from '@coinpace/adapters';
import {
  confirmAlertDestination,
  countAlertDestinations,
  deleteAlertDestination,
  findUserAlertDestination,
  insertAlertDestination,
  listAlertDestinations,
  listDestinationDeliveries,
  recordDestinationDelivery,
} from '@coinpace/db';
import {
  AppError,
  CHANNEL_NAMES,
  chatBody,
  chatWebhookProblem,
  DESTINATION_NOT_FOUND_MESSAGE,
  MAX_DESTINATIONS,
  WEBHOOK_SIGNATURE_HEADER,
  ZCreateDestination,
  parseOrThrow,
  testNotification,
  type DestinationDeliveryView,
} from '@coinpace/domain';
import { bodyOf, jsonBody } from '../../body.ts';
import type { ApiDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../middleware/auth.ts';
import { memoryLimiters } from '../../middleware/limiters.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { pathUuid } from '../../path-id.ts';
import { exchangeDeps } from '../exchange-accounts/routes.ts';
import { addPushRoutes, vapidOf } from './push-routes.ts';
import { addTelegramRoutes } from './telegram-routes.ts';
import { destinationView } from './view.ts';
import { createRouter } from '../../routers.ts';

/** Test deliveries one user may ask for per hour: each is a request from our servers to their URL. */
export const DESTINATION_TESTS_PER_HOUR = 20;
/** Destinations one user may add per hour. */
export const DESTINATION_ADDS_PER_HOUR = 20;

export function alertDestinationRoutes(deps: ApiDeps) {
  const { db, identity, limiters = memoryLimiters() } = deps;
  const { secrets } = exchangeDeps(deps);
  const allowLoopback = deps.config.channels.allowLoopbackWebhooks;
  const adds = limiters('destination-adds', { points: DESTINATION_ADDS_PER_HOUR, duration: 3600 });
  const tests = limiters('destination-tests', { points: DESTINATION_TESTS_PER_HOUR, duration: 3600 });
  const destinationId = (id: string | undefined) => pathUuid(id, DESTINATION_NOT_FOUND_MESSAGE);
  const alertsUrl = `${deps.config.publicUrl.replace(/\/$/, '')}/alerts`;

  const router = createRouter('/api');
  router.use(['/alert-destinations', '/push', '/telegram'], requireUser(identity.verifier, db));
  const { addTelegram } = addTelegramRoutes(router, { db, telegram: deps.config.channels.telegram });

  router.get('/alert-destinations', async (ctx) => {
    ctx.body = (await listAlertDestinations(db, currentUser(ctx).id)).map(destinationView);
  });

  router.post(
    '/alert-destinations',
    rateLimit(adds, (ctx) => `destination-adds:${currentUser(ctx).id}`),
    jsonBody(),
    async (ctx) => {
      const input = parseOrThrow(ZCreateDestination, bodyOf(ctx));
      const user = currentUser(ctx);
      if (input.kind === 'telegram') {
        ctx.body = await addTelegram(ctx, input.label);
        ctx.status = 201;
        return;
      }
      // The schema asks a URL of every kind but Telegram.
      const url = input.url ?? '';
      const problem =
        input.kind === 'webhook'
          ? urlProblem(url, { allowLoopback })
          : (chatWebhookProblem(input.kind, url, allowLoopback) ?? urlProblem(url, { allowLoopback }));
      if (problem) throw new AppError('BAD_REQUEST', { message: problem });
      if ((await countAlertDestinations(db, user.id, input.kind)) >= MAX_DESTINATIONS[input.kind]) {
        throw new AppError('CONFLICT', {
          message: `You already have a ${CHANNEL_NAMES[input.kind].toLowerCase()}. Delete it first to add another.`,
        });
      }
      const id = randomUUID();
      // Only the signed webhook has a secret; Discord and Slack URLs carry their own token.
      const secret = input.kind === 'webhook' ? newWebhookSecret() : null;
      const destination = await insertAlertDestination(db, {
        id,
        userId: user.id,
        kind: input.kind,
        label: input.label ?? (input.kind === 'webhook' ? new URL(url).hostname : CHANNEL_NAMES[input.kind]),
        target: url,
        ...(secret ? sealDestinationSecret(secrets, id, secret) : {}),
      });
      ctx.status = 201;
      // The only time the secret is shown.
      ctx.body = { destination: destinationView(destination), secret };
    },
  );

  router.post(
    '/alert-destinations/:id/test',
    rateLimit(tests, (ctx) => `destination-tests:${currentUser(ctx).id}`),
    async (ctx) => {
      const user = currentUser(ctx);
      const destination = await findUserAlertDestination(db, user.id, destinationId(ctx.params.id));
      // Browser subscriptions are tried when added, Telegram chats when they are linked.
      if (!destination || destination.kind === 'push' || destination.kind === 'telegram') {
        throw new AppError('NOT_FOUND', { message: DESTINATION_NOT_FOUND_MESSAGE });
      }
      const model = testNotification(randomUUID(), alertsUrl, new Date());
      const kind = destination.kind as 'webhook' | 'discord' | 'slack';
      const body = JSON.stringify(kind === 'webhook' ? model : chatBody(kind, model));
      const headers: Record<string, string> =
        kind === 'webhook'
          ? {
              [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(
                openDestinationSecret(secrets, destination),
                body,
                Math.floor(Date.now() / 1000),
              ),
            }
          : {};
      const started = Date.now();
      let status: number | null = null;
      let error: string | null = null;
      try {
        const answer = await postJson(destination.target, body, headers, {
          allowLoopback,
          timeoutMs: 10_000,
        });
        status = answer.status;
      } catch (err) {
        error = err instanceof RefusedAddressError ? err.message : `No answer: ${(err as Error).message}`;
      }
      await recordDestinationDelivery(db, {
        destinationId: destination.id,
        userId: user.id,
        kind: 'test',
        attempt: 1,
        statusCode: status,
        error,
        durationMs: Date.now() - started,
      });
      if (status === null || status < 200 || status >= 300) {
        throw new AppError('BAD_REQUEST', {
          message:
            status === null
              ? `The test delivery was not answered (${error}). The URL must answer 2xx.`
              : `The test delivery was answered ${status}. The URL must answer 2xx.`,
        });
      }
      const confirmed = await confirmAlertDestination(db, user.id, destination.id);
      if (!confirmed) throw new AppError('NOT_FOUND', { message: DESTINATION_NOT_FOUND_MESSAGE });
      ctx.body = { destination: destinationView(confirmed), statusCode: status };
    },
  );

  router.get('/alert-destinations/:id/deliveries', async (ctx) => {
    const user = currentUser(ctx);
    const destination = await findUserAlertDestination(db, user.id, destinationId(ctx.params.id));
    if (!destination) throw new AppError('NOT_FOUND', { message: DESTINATION_NOT_FOUND_MESSAGE });
    ctx.body = (await listDestinationDeliveries(db, user.id, destination.id)).map(
      (d): DestinationDeliveryView => ({
        id: d.id,
        kind: d.kind as 'alert' | 'test',
        attempt: d.attempt,
        statusCode: d.statusCode,
        error: d.error,
        durationMs: d.durationMs,
        at: d.at.toISOString(),
      }),
    );
  });

  addPushRoutes(router, {
    db,
    secrets,
    vapid: vapidOf(deps.vapid),
    allowLoopback,
    alertsUrl,
    subscribes: limiters('push-subscribes', { points: DESTINATION_ADDS_PER_HOUR, duration: 3600 }),
  });

  router.delete('/alert-destinations/:id', async (ctx) => {
    const gone = await deleteAlertDestination(db, currentUser(ctx).id, destinationId(ctx.params.id));
    if (!gone) throw new AppError('NOT_FOUND', { message: DESTINATION_NOT_FOUND_MESSAGE });
    ctx.status = 204;
  });

  return router;
}
