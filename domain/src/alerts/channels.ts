/**
 * The alert channels beside e-mail and SMS (docs/alert-channels.md): each goes to destinations the user
 * added and confirmed, through the same outbox as e-mail and SMS, and is not metered against the plan's
 * allowance but held to {@link CHANNEL_MESSAGES_PER_HOUR} per user and channel. One notification model
 * ({@link notificationModel}) makes the webhook's JSON body and the Markdown of the chat channels.
 */
import { z } from 'zod';
import { describeCondition, MESSAGE_BRAND, type AlertNotice } from './notification.ts';

export const EXTRA_CHANNELS = ['webhook', 'push', 'discord', 'slack', 'telegram'] as const;
export type ExtraChannel = (typeof EXTRA_CHANNELS)[number];

/** The channels an alert may ask for. */
export const AVAILABLE_CHANNELS = [
  'webhook',
  'push',
  'discord',
  'slack',
  'telegram',
] as const satisfies readonly ExtraChannel[];
export type AvailableChannel = (typeof AVAILABLE_CHANNELS)[number];

/** Messages one user is sent per hour on one of these channels; past it a notice is left out of that channel. */
export const CHANNEL_MESSAGES_PER_HOUR = 60;
/** How long a webhook delivery is retried (with back-off) before it is marked failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The header that carries a webhook's signature. */
export const WEBHOOK_SIGNATURE_HEADER = 'Coinpace-Signature';
/**
 * Destinations of one kind a user may keep: one webhook (one signing secret per user), a browser
 * subscription per browser they turn notifications on in.
 */
export const MAX_DESTINATIONS: Readonly<Record<ExtraChannel, number>> = Object.freeze({
  webhook: 1,
  push: 10,
  discord: 1,
  slack: 1,
  telegram: 1,
});

export const CHANNEL_NAMES: Readonly<Record<ExtraChannel, string>> = Object.freeze({
  webhook: 'Webhook',
  push: 'Browser notifications',
  discord: 'Discord',
  slack: 'Slack',
  telegram: 'Telegram',
});

/** An alert's `channels`: each at most once. */
export const zAlertChannels = z
  .array(z.enum(AVAILABLE_CHANNELS, { message: `channels may hold only ${AVAILABLE_CHANNELS.join(', ')}` }), {
    message: 'channels must be a list',
  })
  .max(EXTRA_CHANNELS.length)
  .transform((list) => [...new Set(list)]);

export const DESTINATION_NOT_FOUND_MESSAGE = 'No such alert destination.';

/**
 * POST /api/alert-destinations: a signed webhook to an HTTPS URL the user owns, a Discord or Slack
 * incoming webhook (their hosts only, see {@link chatWebhookProblem}), or a Telegram chat (no URL: the
 * answer holds the t.me link that links the chat).
 */
export const ZCreateDestination = z
  .strictObject({
    kind: z.enum(['webhook', 'discord', 'slack', 'telegram'], {
      message: 'kind must be webhook, discord, slack or telegram',
    }),
    url: z
      .url({ protocol: /^https?$/, message: 'url must be an https URL' })
      .max(500, { message: 'url must be at most 500 characters' })
      .optional(),
    label: z
      .string({ message: 'label must be text' })
      .trim()
      .min(1, { message: 'label is required' })
      .max(60, { message: 'label must be at most 60 characters' })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'telegram' && v.url !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'a Telegram destination takes no url' });
    } else if (v.kind !== 'telegram' && v.url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'url is required' });
    }
  });
export type CreateDestination = z.output<typeof ZCreateDestination>;

/** A destination as the account page shows it: never its secret. */
export interface AlertDestinationView {
  id: string;
  kind: ExtraChannel;
  label: string;
  /** The URL (webhooks, chat hooks), without its query; null where it is secret. */
  target: string | null;
  confirmed: boolean;
  confirmedAt: string | null;
  createdAt: string;
  /** Telegram only: the chat blocked the bot, so nothing is sent until the user links again. */
  unlinked?: boolean;
}

/** One attempt in a destination's delivery log. */
export interface DestinationDeliveryView {
  id: string;
  kind: 'alert' | 'test';
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  at: string;
}

/** One alert of a notification, in the webhook body. */
export interface NotificationItem {
  /** What crossed, in words: 'BTC rose above $70,000.00'. */
  condition: string;
  scope: string;
  coin: { symbol: string; name: string | null } | null;
  thresholdType: string;
  thresholdValue: number;
  /** The price or value it fired on, in `currency`. */
  value: number;
  currency: string;
  /** The holding's (or portfolio's) context where the kind has it. */
  context: {
    referenceValue: number | null;
    observed: number | null;
    highWater: number | null;
    measure: string | null;
    crossed: { symbol: string; changePercent: number }[];
    /** movement and sync_problem: the place, and the coin and amount moved or why syncs fail. */
    event?: { place: string; symbol: string | null; quantity: string | null; error: string | null };
  };
}

/** The one notification model every channel's text is made from. */
export interface NotificationModel {
  type: 'alert.triggered' | 'destination.test';
  id: string;
  createdAt: string;
  simulated: boolean;
  alerts: NotificationItem[];
  /** Back to the alerts page. */
  url: string;
}

/** The model of one user's notice of one tick. */
export function notificationModel(
  id: string,
  notices: readonly AlertNotice[],
  createdAt: Date,
): NotificationModel {
  return {
    type: 'alert.triggered',
    id,
    createdAt: createdAt.toISOString(),
    simulated: notices.some((n) => n.simulated),
    alerts: notices.map((n) => ({
      condition: describeCondition(n),
      scope: n.scope,
      coin: n.coinSymbol ? { symbol: n.coinSymbol, name: n.coinName } : null,
      thresholdType: n.thresholdType,
      thresholdValue: n.thresholdValue,
      value: n.price,
      currency: n.currency ?? 'usd',
      context: {
        referenceValue: n.referenceValue ?? null,
        observed: n.observed ?? null,
        highWater: n.highWater ?? null,
        measure: n.measure ?? null,
        crossed: (n.crossed ?? []).map((c) => ({ symbol: c.symbol, changePercent: c.changePercent })),
        ...(n.event && {
          event: {
            place: n.event.place,
            symbol: n.event.symbol ?? null,
            quantity: n.event.quantity ?? null,
            error: n.event.error ?? null,
          },
        }),
      },
    })),
    url: notices[0]?.alertsUrl ?? '',
  };
}

/** The test delivery a destination must answer 2xx before it is used. */
export function testNotification(id: string, alertsUrl: string, createdAt: Date): NotificationModel {
  return {
    type: 'destination.test',
    id,
    createdAt: createdAt.toISOString(),
    simulated: false,
    alerts: [],
    url: alertsUrl,
  };
}

/** The Markdown text of a model, for Telegram, Discord and Slack. */
export function notificationMarkdown(model: NotificationModel): string {
  if (model.type === 'destination.test')
    return `**${MESSAGE_BRAND}**: test message. This channel is ready for alerts.`;
  const lines = model.alerts.map((a) => `- ${a.condition}`);
  return [`**${MESSAGE_BRAND} alert**`, ...lines, `[Your alerts](${model.url})`].join('\n');
}

/** A browser push message: what the service worker shows. */
export interface PushMessage {
  title: string;
  body: string;
  /** Opened when the notification is clicked. */
  url: string;
  tag: string;
}

/** The push message of a model: a title and the conditions, one a line. */
export function notificationPush(model: NotificationModel): PushMessage {
  if (model.type === 'destination.test') {
    return {
      title: MESSAGE_BRAND,
      body: 'Browser notifications are on.',
      url: model.url,
      tag: 'coinpace-test',
    };
  }
  const lines = model.alerts.map((a) => a.condition);
  return {
    title:
      model.alerts.length === 1
        ? `${MESSAGE_BRAND} alert`
        : `${MESSAGE_BRAND}: ${model.alerts.length} alerts`,
    body: (lines.length > 4 ? [...lines.slice(0, 3), `and ${lines.length - 3} more`] : lines).join('\n'),
    url: model.url,
    tag: `coinpace-${model.id}`,
  };
}

/** POST /api/push/subscriptions: the browser's PushSubscription as `toJSON()` gives it. */
export const ZPushSubscription = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, message: 'endpoint must be an https URL' })
    .max(1000, { message: 'endpoint must be at most 1000 characters' }),
  expirationTime: z.union([z.number(), z.null()]).optional(),
  keys: z.strictObject({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { message: 'keys.p256dh must be a P-256 key' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, { message: 'keys.auth must be 16 bytes' }),
  }),
});
export type PushSubscriptionInput = z.output<typeof ZPushSubscription>;

/** The hosts a Discord incoming webhook lives on. */
const DISCORD_HOSTS = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'];

/**
 * Why `url` is not an incoming webhook of `kind`: Discord's `https://discord.com/api/webhooks/…` (or
 * discordapp.com), Slack's `https://hooks.slack.com/services/…`. `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK)
 * lets a local peer on 127.0.0.1 stand in for either, with the same path.
 */
export function chatWebhookProblem(
  kind: 'discord' | 'slack',
  url: string,
  allowLoopback = false,
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The URL is not valid.';
  }
  const local = allowLoopback && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (kind === 'discord') {
    const ok =
      (local || DISCORD_HOSTS.includes(parsed.hostname)) &&
      /^\/api\/webhooks\/\d+\/[\w-]+/.test(parsed.pathname);
    return ok ? null : 'Paste the Discord webhook URL: https://discord.com/api/webhooks/…';
  }
  const ok = (local || parsed.hostname === 'hooks.slack.com') && /^\/services\/[\w/]+/.test(parsed.pathname);
  return ok ? null : 'Paste the Slack webhook URL: https://hooks.slack.com/services/…';
}

/** Slack's mrkdwn of a model: *bold* and <url|text> links. */
export function notificationSlackText(model: NotificationModel): string {
  if (model.type === 'destination.test')
    return `*${MESSAGE_BRAND}*: test message. This channel is ready for alerts.`;
  const lines = model.alerts.map((a) => `• ${a.condition}`);
  return [`*${MESSAGE_BRAND} alert*`, ...lines, `<${model.url}|Your alerts>`].join('\n');
}

/** The JSON an incoming webhook of `kind` takes: Discord's `content` (no mentions), Slack's `text`. */
export function chatBody(kind: 'discord' | 'slack', model: NotificationModel): Record<string, unknown> {
  if (kind === 'discord') return { content: notificationMarkdown(model), allowed_mentions: { parse: [] } };
  return { text: notificationSlackText(model) };
}

/** How long a Telegram link (`t.me/<bot>?start=<code>`) may be opened after it was made. */
export const TELEGRAM_LINK_TTL_MS = 60 * 60 * 1000;
/** What the bot answers a chat it linked. */
export const TELEGRAM_LINKED_TEXT =
  'Linked to Coinpace. Alerts you send to Telegram will arrive in this chat.';
/** What the API and the alert channels section say when TELEGRAM_BOT_TOKEN is not set. */
export const TELEGRAM_NOT_CONFIGURED_MESSAGE = 'Telegram is not configured on this server.';

/** Telegram's MarkdownV2 reserves these characters outside entities: each is escaped with a backslash. */
function telegramEscape(text: string): string {
  return text.replace(/[_*[\]()~`>#+\-=|{}.!\\]/g, (c) => `\\${c}`);
}

/** The MarkdownV2 text of a model, for Telegram's sendMessage: *bold*, a bullet a line, a link back. */
export function notificationTelegramText(model: NotificationModel): string {
  if (model.type === 'destination.test') {
    return `*${telegramEscape(MESSAGE_BRAND)}*: test message\\. This chat is ready for alerts\\.`;
  }
  const lines = model.alerts.map((a) => `• ${telegramEscape(a.condition)}`);
  // Inside a link's (...) only ')' and '\' are escaped.
  const url = model.url.replace(/[)\\]/g, (c) => `\\${c}`);
  return [`*${telegramEscape(MESSAGE_BRAND)} alert*`, ...lines, `[Your alerts](${url})`].join('\n');
}
