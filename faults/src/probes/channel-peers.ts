/**
 * The peers of the alert channels beside e-mail and SMS, each behind a TCP proxy of its own standing for
 * the network between the workers and the service: a push service (VAPID checked, payload decrypted),
 * a Telegram Bot API peer, and three webhook receivers (Discord, Slack, the signed webhook). A proxy is
 * cut to take its peer down, or made to hang to hold a send in flight. Every arrival is stamped with the
 * time the harness first saw it (sampled every 20 ms), and is traced back to its alert by its target: a
 * browser subscription, a chat id or a URL path of its own per alert.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { newWebhookSecret, sealDestinationSecret, type SecretBox } from '@coinpace/adapters';
import {
  freePort,
  startPushServicePeer,
  startTcpProxy,
  startTelegramPeer,
  startWebhookReceiver,
  type PushServicePeer,
  type TcpProxy,
  type TelegramPeer,
  type WebhookReceiver,
} from '@coinpace/adapters/testing';
import { alertDestinations, type AppDb } from '@coinpace/db';

/** The channels beside e-mail and SMS, in the order reports list them. */
export const EXTRA_CHANNELS = ['push', 'telegram', 'discord', 'slack', 'webhook'] as const;
export type ExtraChannel = (typeof EXTRA_CHANNELS)[number];

const SAMPLE_MS = 20;

/** One arrival at a channel's peer: the alert's key on that peer and when it was seen. */
export interface ChannelArrival {
  channel: ExtraChannel;
  /** The subscription id, chat id or URL path the destination was made with. */
  target: string;
  at: number;
}

/** What one alert's destinations are called at the peers, by channel. */
export type ChannelTargets = Record<ExtraChannel, string>;

export interface ChannelPeers {
  readonly push: PushServicePeer;
  readonly telegram: TelegramPeer;
  readonly receivers: Record<'discord' | 'slack' | 'webhook', WebhookReceiver>;
  /** The proxy in front of each channel's peer (Discord, Slack and the webhook have one each). */
  readonly proxies: Record<ExtraChannel, TcpProxy>;
  /** The roles' environment for these channels. */
  readonly env: Record<string, string>;
  /** Confirmed destinations of every extra channel for `userId`, as the API would leave them. */
  addDestinations(db: AppDb, secrets: SecretBox, userId: string): Promise<ChannelTargets>;
  /** Every arrival so far, stamped. */
  arrivals(): ChannelArrival[];
  /** Takes every channel's peer off the network (connections refused) or brings them back. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

const TELEGRAM_TOKEN = `${randomInt(100_000, 999_999)}:FAULT-${randomBytes(12).toString('hex')}`;

export async function startChannelPeers(): Promise<ChannelPeers> {
  const pushPort = await freePort();
  const push = await startPushServicePeer({ publicOrigin: `http://127.0.0.1:${pushPort}` });
  const [telegram, discord, slack, webhook] = await Promise.all([
    startTelegramPeer(TELEGRAM_TOKEN),
    startWebhookReceiver(),
    startWebhookReceiver(),
    startWebhookReceiver(),
  ]);
  const receivers = { discord, slack, webhook };
  const behind = (url: string) => ({ host: '127.0.0.1', port: Number(new URL(url).port) });
  const proxies: Record<ExtraChannel, TcpProxy> = {
    push: await startTcpProxy({ targets: [{ host: '127.0.0.1', port: push.port }], port: pushPort }),
    telegram: await startTcpProxy({ targets: [behind(telegram.url)] }),
    discord: await startTcpProxy({ targets: [behind(discord.url)] }),
    slack: await startTcpProxy({ targets: [behind(slack.url)] }),
    webhook: await startTcpProxy({ targets: [behind(webhook.url)] }),
  };
  const via = (channel: ExtraChannel) => `http://${proxies[channel].host}`;

  // Arrival times: each peer keeps what it took in an array; new entries are stamped as they appear.
  const stamped: ChannelArrival[] = [];
  const seen = { push: 0, telegram: 0, discord: 0, slack: 0, webhook: 0 };
  const sample = () => {
    const now = Date.now();
    for (const m of push.messages.slice(seen.push))
      stamped.push({ channel: 'push', target: m.subscriptionId, at: now });
    seen.push = push.messages.length;
    for (const m of telegram.sent.slice(seen.telegram))
      stamped.push({ channel: 'telegram', target: m.chatId, at: now });
    seen.telegram = telegram.sent.length;
    for (const channel of ['discord', 'slack', 'webhook'] as const) {
      const received = receivers[channel].received;
      for (const r of received.slice(seen[channel])) stamped.push({ channel, target: r.path, at: now });
      seen[channel] = received.length;
    }
  };
  const timer = setInterval(sample, SAMPLE_MS);

  return {
    push,
    telegram,
    receivers,
    proxies,
    env: {
      // The peers are on 127.0.0.1, which the SSRF rules refuse otherwise.
      WEBHOOK_ALLOW_LOOPBACK: '1',
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_BOT_NAME: 'coinpace_fault_bot',
      TELEGRAM_API_URL: via('telegram'),
    },
    async addDestinations(db, secrets, userId) {
      const tag = randomBytes(6).toString('hex');
      const subscription = push.subscribe();
      const chatId = String(randomInt(1_000_000_000, 2_000_000_000));
      const targets: ChannelTargets = {
        push: subscription.endpoint.replace(/^.*\/push\//, ''),
        telegram: chatId,
        discord: `/api/webhooks/${randomInt(1e9, 2e9)}/${tag}`,
        slack: `/services/T${tag}/B${tag}/${tag}`,
        webhook: `/hook/${tag}`,
      };
      const rows = [
        { kind: 'push', target: subscription.endpoint, secret: JSON.stringify(subscription.keys) },
        { kind: 'telegram', target: chatId },
        { kind: 'discord', target: `${via('discord')}${targets.discord}` },
        { kind: 'slack', target: `${via('slack')}${targets.slack}` },
        { kind: 'webhook', target: `${via('webhook')}${targets.webhook}`, secret: newWebhookSecret() },
      ];
      for (const row of rows) {
        const id = crypto.randomUUID();
        await db.insert(alertDestinations).values({
          id,
          userId,
          kind: row.kind,
          label: row.kind,
          target: row.target,
          confirmedAt: new Date(),
          ...(row.secret !== undefined && sealDestinationSecret(secrets, id, row.secret)),
        });
      }
      return targets;
    },
    arrivals() {
      sample();
      return stamped;
    },
    async down() {
      await Promise.all(Object.values(proxies).map((proxy) => proxy.cut()));
    },
    async up() {
      await Promise.all(Object.values(proxies).map((proxy) => proxy.resume()));
    },
    async close() {
      clearInterval(timer);
      await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
      await Promise.all([push.close(), telegram.close(), discord.close(), slack.close(), webhook.close()]);
    },
  };
}
