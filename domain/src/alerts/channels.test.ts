import { describe, expect, it } from 'vitest';
import { chatWebhookProblem } from './channels.ts';

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
