import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import {
  chatWebhookProblem,
  notificationTelegramText,
  testNotification,
  ZCreateDestination,
  type NotificationModel,
} from './channels.ts';

describe('Discord and Slack webhook URLs', () => {
  it('accepts only their hosts and webhook paths, and a local peer only under the switch', () => {
    expect(chatWebhookProblem('discord', 'https://discord.com/api/webhooks/123/abc-DEF')).toBeNull();
    expect(chatWebhookProblem('discord', 'https://discordapp.com/api/webhooks/1/x')).toBeNull();
    expect(chatWebhookProblem('discord', 'https://evil.example/api/webhooks/1/x')).toMatch(/Discord/);
    expect(chatWebhookProblem('discord', 'https://discord.com.evil.example/api/webhooks/1/x')).toMatch(
      /Discord/,
    );
    expect(chatWebhookProblem('discord', 'https://discord.com/channels/1')).toMatch(/Discord/);
    expect(chatWebhookProblem('slack', 'https://hooks.slack.com/services/T1/B2/xyz')).toBeNull();
    expect(chatWebhookProblem('slack', 'https://slack.com/services/T1/B2/xyz')).toMatch(/Slack/);
    expect(chatWebhookProblem('slack', 'http://127.0.0.1:9/services/T1/B2/x')).toMatch(/Slack/);
    expect(chatWebhookProblem('slack', 'http://127.0.0.1:9/services/T1/B2/x', true)).toBeNull();
  });
});

describe('Telegram', () => {
  const model = (condition: string, url = 'https://coinpace.example/alerts'): NotificationModel => ({
    ...testNotification('id-1', url, new Date('2026-12-07T08:00:00Z')),
    type: 'alert.triggered',
    alerts: [
      {
        condition,
        scope: 'coin',
        coin: null,
        thresholdType: 'Above',
        thresholdValue: 1,
        value: 1,
        currency: 'usd',
        context: { referenceValue: null, observed: null, highWater: null, measure: null, crossed: [] },
      },
    ],
  });

  it("escapes MarkdownV2's reserved characters in the conditions and keeps the link", () => {
    const text = notificationTelegramText(model('BTC rose above $70,000.00 (+5.2%) [x_y]'));
    expect(text).toBe(
      [
        '*Coinpace alert*',
        '• BTC rose above $70,000\\.00 \\(\\+5\\.2%\\) \\[x\\_y\\]',
        '[Your alerts](https://coinpace.example/alerts)',
      ].join('\n'),
    );
    expect(notificationTelegramText(model('x', 'https://a.example/(b)'))).toContain(
      '(https://a.example/(b\\))',
    );
  });

  it('takes no url for a Telegram destination and asks one of the others', () => {
    expect(ZCreateDestination.safeParse({ kind: 'telegram' }).success).toBe(true);
    expect(
      ZCreateDestination.safeParse({ kind: 'telegram', url: 'https://x.example' }).error?.issues[0]?.message,
    ).toBe('a Telegram destination takes no url');
    expect(ZCreateDestination.safeParse({ kind: 'webhook' }).error?.issues[0]?.message).toBe(
      'url is required',
    );
  });

  it('needs the bot name with the token', () => {
    expect(() => parseConfig({ TELEGRAM_BOT_TOKEN: '123:abcdefghijklmnopqrstuvwxyz' })).toThrow(
      /TELEGRAM_BOT_NAME/,
    );
    expect(
      parseConfig({ TELEGRAM_BOT_TOKEN: '123:abcdefghijklmnopqrstuvwxyz', TELEGRAM_BOT_NAME: 'CoinpaceBot' })
        .channels.telegram,
    ).toEqual({
      token: '123:abcdefghijklmnopqrstuvwxyz',
      botName: 'CoinpaceBot',
      apiUrl: 'https://api.telegram.org',
    });
    expect(parseConfig({}).channels.telegram).toBeNull();
  });
});
