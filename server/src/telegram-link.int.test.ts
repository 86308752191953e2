/**
 * Linking a Telegram chat end to end: the real API answers the t.me link, the real alert worker's poller
 * reads a local peer shaped like the Bot API, and the chat that sends `/start <code>` is linked; the
 * account page's list shows it confirmed, and the bot answered the chat. A server without
 * TELEGRAM_BOT_TOKEN says Telegram is not configured.
 */
import { createHttpTelegramBot, createMailer, createSmsSender } from '@coinpace/adapters';
import { startTelegramPeer, waitFor, type TelegramPeer } from '@coinpace/adapters/testing';
import { startTestApi, type TestApi } from '@coinpace/api/testing';
import { unlinkTelegramDestination } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { startAlertWorker, type AlertWorker } from '@coinpace/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const logger = { debug() {}, info() {}, warn() {}, error() {} };

describe.each(testEngines(process.env.DATABASE_URL))('Telegram linking on %s', (engine) => {
  let peer: TelegramPeer;
  let api: TestApi;
  let bare: TestApi;
  let worker: AlertWorker;

  beforeAll(async () => {
    peer = await startTelegramPeer();
    [api, bare] = await Promise.all([
      startTestApi(engine, {
        TELEGRAM_BOT_TOKEN: peer.token,
        TELEGRAM_BOT_NAME: 'CoinpaceTestBot',
        TELEGRAM_API_URL: peer.url,
      }),
      startTestApi(engine),
    ]);
    worker = startAlertWorker({
      db: api.database.db,
      bus: api.bus,
      mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@coinpace.test' }),
      sms: createSmsSender({ logger }),
      logger,
      pollMs: 60_000,
      publicUrl: 'http://coinpace.test',
      consumerName: `telegram-${engine}`,
      telegram: createHttpTelegramBot({ ...api.config.channels.telegram! }),
      // PGlite's one connection would be held by a long poll: it asks and returns at once there.
      telegramLongPollSeconds: engine === 'postgres' ? 1 : 0,
      telegramIdleMs: 20,
    });
    await worker.ready();
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await Promise.all([api?.close(), bare?.close(), peer?.close()]);
  });

  it('says Telegram is not configured on a server without a bot token', async () => {
    const { token } = await bare.signUp();
    expect((await bare.call('GET', '/api/telegram', { token })).body).toEqual({
      configured: false,
      botName: null,
    });
    const refused = await bare.call('POST', '/api/alert-destinations', { token, body: { kind: 'telegram' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Telegram is not configured on this server.');
  });

  it('links the chat that opens the t.me link, through the worker poll, and answers it', async () => {
    const { token } = await api.signUp();
    expect((await api.call('GET', '/api/telegram', { token })).body).toEqual({
      configured: true,
      botName: 'CoinpaceTestBot',
    });
    expect(
      (
        await api.call('POST', '/api/alert-destinations', {
          token,
          body: { kind: 'telegram', url: 'https://x.test' },
        })
      ).status,
    ).toBe(400);
    const added = await api.call('POST', '/api/alert-destinations', { token, body: { kind: 'telegram' } });
    expect(added.status).toBe(201);
    expect(added.body.destination).toMatchObject({
      kind: 'telegram',
      confirmed: false,
      target: null,
      unlinked: false,
    });
    const link = new URL(added.body.link as string);
    expect(`${link.origin}${link.pathname}`).toBe('https://t.me/CoinpaceTestBot');
    const code = link.searchParams.get('start')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(Date.parse(added.body.linkExpiresAt as string)).toBeGreaterThan(Date.now());

    peer.userWrites('424242', `/start ${code}`);
    const list = async () =>
      (await api.call('GET', '/api/alert-destinations', { token })).body as { confirmed: boolean }[];
    await waitFor(async () => (await list())[0]?.confirmed === true, { what: 'the chat linked' });
    await waitFor(() => peer.sent.some((m) => m.chatId === '424242'), { what: 'the answer to the chat' });
    expect(peer.sent.filter((m) => m.chatId === '424242').map((m) => m.text)).toEqual([
      expect.stringMatching(/^Linked to Coinpace/),
    ]);
    expect(peer.conflicts).toBe(0);
    // Linked: another link is refused until this chat is deleted.
    expect(
      (await api.call('POST', '/api/alert-destinations', { token, body: { kind: 'telegram' } })).status,
    ).toBe(409);

    // The chat blocked the bot (the dispatcher saw a 403): the list says so, and a new link replaces it.
    const id = added.body.destination.id as string;
    await unlinkTelegramDestination(api.database.db, id);
    expect(await list()).toMatchObject([{ id, confirmed: false, unlinked: true }]);
    const again = await api.call('POST', '/api/alert-destinations', { token, body: { kind: 'telegram' } });
    expect(again.status).toBe(201);
    expect(await list()).toMatchObject([{ id: again.body.destination.id, unlinked: false }]);
  });
});
