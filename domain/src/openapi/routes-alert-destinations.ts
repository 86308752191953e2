/** The reference's entries for the destinations of the alert channels beside e-mail and SMS (docs/alert-channels.md). */
import { z } from 'zod';
import {
  EXTRA_CHANNELS,
  ZCreateDestination,
  ZPushSubscription,
  type AlertDestinationView,
  type DestinationDeliveryView,
} from '../alerts/channels.ts';
import { BODY_LIMITS, formatBodyLimit } from '../limits.ts';
import type { RouteDoc } from './route-doc.ts';
import { isoTime, nullable, responseSchema } from './schema-helpers.ts';

export const ZAlertDestinationView = responseSchema<AlertDestinationView>()(
  z
    .strictObject({
      id: z.uuid(),
      kind: z.enum(EXTRA_CHANNELS),
      label: z.string(),
      target: nullable(z.string()).meta({
        description: 'The URL without its query; null where it is secret.',
      }),
      confirmed: z.boolean().meta({ description: 'It answered a test delivery; nothing is sent before.' }),
      confirmedAt: nullable(isoTime),
      createdAt: isoTime,
      unlinked: z.boolean().optional().meta({
        description: 'Telegram only: the chat blocked the bot; nothing is sent until it is linked again.',
      }),
    })
    .meta({ id: 'AlertDestination' }),
);

const ZDeliveryView = responseSchema<DestinationDeliveryView>()(
  z
    .strictObject({
      id: z.uuid(),
      kind: z.enum(['alert', 'test']),
      attempt: z.number().int(),
      statusCode: nullable(z.number().int()).meta({
        description: 'The status answered; null when none came.',
      }),
      error: nullable(z.string()),
      durationMs: z.number().int(),
      at: isoTime,
    })
    .meta({ id: 'DestinationDelivery' }),
);

const destinationId = { id: { schema: z.uuid(), description: 'The destination id.' } };

export const ALERT_DESTINATION_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/alert-destinations',
    tag: 'Alerts',
    access: 'user',
    summary: 'Alert channel destinations',
    description: 'The webhooks (and later other channels) alerts may go out on. Never a secret.',
    responses: {
      200: { description: 'The destinations, oldest first.', schema: z.array(ZAlertDestinationView) },
    },
  },
  {
    method: 'post',
    path: '/api/alert-destinations',
    tag: 'Alerts',
    access: 'user',
    summary: 'Add a signed webhook, a Discord or Slack incoming webhook, or a Telegram chat',
    description:
      'webhook: an https URL the user owns, not a private or loopback address; the answer holds the ' +
      'signing secret, shown this once. discord / slack: the incoming webhook URL of those services ' +
      '(discord.com/api/webhooks/…, hooks.slack.com/services/…). Used only after a test delivery is answered 2xx. ' +
      'telegram (no url): the answer holds a one-time link, https://t.me/<bot>?start=<code>, valid for an hour; ' +
      'the chat that opens it and presses Start is linked and the destination confirmed. Adding Telegram again ' +
      'replaces a link not used yet or a chat that blocked the bot.',
    body: { schema: ZCreateDestination, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      201: {
        description: 'Added, not yet confirmed.',
        schema: z.strictObject({
          destination: ZAlertDestinationView,
          secret: nullable(z.string()).meta({
            description:
              'whsec_…: signs every delivery of a webhook; shown only here. Null for the other kinds.',
          }),
          link: z.url().optional().meta({ description: 'Telegram: opens the bot with /start <code>.' }),
          linkExpiresAt: isoTime.optional().meta({ description: 'Telegram: when the link stops working.' }),
        }),
      },
      400:
        'Not an https URL, a private or loopback address, not a Discord / Slack webhook URL, or Telegram ' +
        'asked of a server without TELEGRAM_BOT_TOKEN ("Telegram is not configured on this server.").',
      409: 'The user has one of that kind already (for Telegram: a linked chat).',
    },
    rateLimit: '20 per user per hour',
  },
  {
    method: 'post',
    path: '/api/alert-destinations/{id}/test',
    tag: 'Alerts',
    access: 'user',
    summary: 'Send a test delivery',
    description:
      'Posts a signed `destination.test` body; a 2xx answer confirms the destination. Logged with the answer.',
    params: destinationId,
    responses: {
      200: {
        description: 'Answered 2xx; confirmed.',
        schema: z.strictObject({ destination: ZAlertDestinationView, statusCode: z.number().int() }),
      },
      400: 'The URL answered something other than 2xx, or did not answer.',
      404: 'No such webhook, Discord or Slack destination of this user (browser and Telegram destinations are tried when added or linked).',
    },
    rateLimit: '20 per user per hour',
  },
  {
    method: 'get',
    path: '/api/alert-destinations/{id}/deliveries',
    tag: 'Alerts',
    access: 'user',
    summary: 'Delivery log',
    description: 'The latest 50 attempts (alerts and tests), newest first, with the status answered.',
    params: destinationId,
    responses: {
      200: { description: 'The attempts.', schema: z.array(ZDeliveryView) },
      404: 'No such destination of this user.',
    },
  },
  {
    method: 'delete',
    path: '/api/alert-destinations/{id}',
    tag: 'Alerts',
    access: 'user',
    summary: 'Delete a destination',
    description: 'Its messages not yet delivered fail; alerts that ask for its channel go out on the others.',
    params: destinationId,
    responses: { 204: 'Deleted.', 404: 'No such destination of this user.' },
  },
  {
    method: 'get',
    path: '/api/telegram',
    tag: 'Alerts',
    access: 'user',
    summary: 'Whether Telegram alerts are configured',
    description:
      'configured is false on a server without TELEGRAM_BOT_TOKEN, where the option says Telegram is not configured.',
    responses: {
      200: {
        description: 'The state.',
        schema: z.strictObject({
          configured: z.boolean(),
          botName: nullable(z.string()).meta({
            description: 'The bot the t.me link opens; null when not configured.',
          }),
        }),
      },
    },
  },
  {
    method: 'get',
    path: '/api/push/public-key',
    tag: 'Alerts',
    access: 'user',
    summary: 'The VAPID public key',
    description: 'The applicationServerKey a browser subscribes to push messages with.',
    responses: {
      200: {
        description: 'The key.',
        schema: z.strictObject({ publicKey: z.string().meta({ description: 'base64url, 65 bytes.' }) }),
      },
    },
  },
  {
    method: 'post',
    path: '/api/push/subscriptions',
    tag: 'Alerts',
    access: 'user',
    summary: 'Turn on browser notifications',
    description:
      "The browser's PushSubscription (toJSON). A first message ('Browser notifications are on') is sent; " +
      'the subscription is kept, confirmed, only when its push service takes it. The same endpoint again ' +
      'replaces it. Turned off with DELETE /api/alert-destinations/{id}.',
    body: { schema: ZPushSubscription, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      201: {
        description: 'Subscribed and confirmed.',
        schema: z.strictObject({ destination: ZAlertDestinationView }),
      },
      400: 'Not a push subscription, an endpoint refused by the SSRF rules, or its push service refused the first message.',
      409: 'Notifications are on in the most browsers allowed.',
    },
    rateLimit: '20 per user per hour',
  },
];
