/**
 * Telegram through the outbox against a local peer shaped like the Bot API: a crossing on an alert that
 * asks for Telegram is sent to the linked chat once (MarkdownV2), and not again when a dispatcher that
 * died before settling sends it again; a 429 waits Telegram's retry_after; a 403 (the user blocked the
 * bot) unlinks the chat. The poller links a chat from `/start <code>`, once, one poller at a time.
 */
import { randomUUID } from 'node:crypto';
import { createHttpTelegramBot, createMailer, createSmsSender } from '@coinpace/adapters';
import { createRecordingLogger, startTelegramPeer, type TelegramPeer } from '@coinpace/adapters/testing';
import {
  alertDestinations,
  alerts,
  outboxMessages,
  rowsOf,
  telegramLinkTarget,
  TELEGRAM_UNLINKED,
} from '@coinpace/db';
import { createTestDatabase, setTestPrice, testEngines, type TestDatabase } from '@coinpace/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTick } from '../alerts/process-tick.ts';
import { pollTelegramOnce } from '../jobs/telegram-poller.ts';
import { createCoinAlert, createPaidUser, makeTick } from '../testing/alert-fixtures.ts';
import { createDispatcher } from './dispatcher.ts';

describe.each(testEngines(process.env.DATABASE_URL))('Telegram through the outbox on %s', (engine) => {
  let database: TestDatabase;
  let peer: TelegramPeer;
  const logger = createRecordingLogger();
  let seq = 0;

  beforeAll(async () => {
    [database, peer] = await Promise.all([
      createTestDatabase(engine, process.env.DATABASE_URL),
      startTelegramPeer(),
    ]);
  });
  afterAll(async () => {
    await peer?.close();
    await database?.close();
  });

  const bot = () =>
    createHttpTelegramBot({ token: peer.token, botName: 'CoinpaceTestBot', apiUrl: peer.url });
  const dispatcher = () =>
    createDispatcher({
      db: database.db,
      logger,
      mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@coinpace.test' }),
      sms: createSmsSender({ logger }),
      telegram: bot(),
      // Retries at once unless the provider asked for a wait: what the 429 case tells apart.
      retry: { baseDelayMs: 1, maxDelayMs: 1 },
    });
  const drain = async () => {
    const d = dispatcher();
    while ((await d.runOnce()) > 0);
  };
  const outboxOf = async (userId: string) =>
    database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.channel, 'telegram')));

  /** A paid user with a linked chat and a Telegram alert crossed by one tick; the outbox holds its message. */
  async function fired() {
    const user = await createPaidUser(database.db);
    const chatId = String(700_000 + ++seq);
    const [destination] = await database.db
      .insert(alertDestinations)
      .values({
        userId: user.id,
        kind: 'telegram',
        label: 'Telegram',
        target: chatId,
        confirmedAt: new Date(),
      })
      .returning();
    const coin = `tg-${engine}-${seq}`;
    const alert = await createCoinAlert(database.db, user.id, {
      coin,
      symbol: 'TGC',
      thresholdValue: 100,
      method: 'SMS',
      armedAt: new Date(Date.now() - 1000),
    });
    await database.db
      .update(alerts)
      .set({ channels: ['telegram'] })
      .where(eq(alerts.id, alert.id));
    await setTestPrice(database.db, coin, 101.5);
    const tick = makeTick({ [coin]: 101.5 }, Date.now());
    const deps = {
      db: database.db,
      logger,
      pollMs: 60_000,
      publicUrl: 'http://coinpace.test',
      now: Date.now,
    };
    await processTick(deps, tick);
    await processTick(deps, tick);
    return { user, chatId, destinationId: destination!.id };
  }

  it('sends a crossing to the linked chat once, and not again after a dispatcher died before settling', async () => {
    const { user, chatId } = await fired();
    expect(await outboxOf(user.id)).toHaveLength(1);
    const calls = peer.sendCalls;
    await drain();
    const mine = peer.sent.filter((m) => m.chatId === chatId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ parseMode: 'MarkdownV2' });
    expect(mine[0]!.text).toContain('TGC');
    expect(mine[0]!.text).toContain('[Your alerts](http://coinpace.test/alerts)');
    const [row] = await outboxOf(user.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    // The dispatcher sent it, then died before settling: its lease ran out and the message is due again.
    await database.db
      .update(outboxMessages)
      .set({ status: 'pending', nextAttemptAt: sql`now()`, claimedBy: null })
      .where(eq(outboxMessages.id, row!.id));
    await drain();
    expect(peer.sendCalls).toBe(calls + 1);
    expect(peer.sent.filter((m) => m.chatId === chatId)).toHaveLength(1);
    expect((await outboxOf(user.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it("waits a 429's retry_after before sending again", async () => {
    const { user, chatId } = await fired();
    peer.failNextSends({ status: 429, retryAfter: 120 });
    const d = dispatcher();
    await d.runOnce();
    const [row] = await outboxOf(user.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('429');
    // Retried no sooner than Telegram asked (the policy alone would retry after 1 ms).
    const [{ wait }] = rowsOf<{ wait: string | number }>(
      await database.db.execute(
        sql`select extract(epoch from ${outboxMessages.nextAttemptAt} - now()) as wait from ${outboxMessages} where ${outboxMessages.id} = ${row!.id}`,
      ),
    ) as [{ wait: string | number }];
    expect(Number(wait)).toBeGreaterThan(100);
    expect(await d.runOnce()).toBe(0);
    expect(peer.sent.filter((m) => m.chatId === chatId)).toHaveLength(0);
    await database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.id, row!.id));
    await drain();
    expect(peer.sent.filter((m) => m.chatId === chatId)).toHaveLength(1);
  });

  it('unlinks the chat when the user blocked the bot (403), and fails the message', async () => {
    const { user, chatId, destinationId } = await fired();
    peer.failNextSends({ status: 403 });
    await drain();
    const [row] = await outboxOf(user.id);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toContain('blocked');
    const [destination] = await database.db
      .select()
      .from(alertDestinations)
      .where(eq(alertDestinations.id, destinationId));
    expect(destination).toMatchObject({ target: TELEGRAM_UNLINKED, confirmedAt: null });
    expect(peer.sent.filter((m) => m.chatId === chatId)).toHaveLength(0);
  });

  it('links the chat that sends /start <code> once, answers it, and refuses the code again', async () => {
    const user = await createPaidUser(database.db);
    const code = randomUUID().replaceAll('-', '');
    const [pending] = await database.db
      .insert(alertDestinations)
      .values({ userId: user.id, kind: 'telegram', label: 'Telegram', target: telegramLinkTarget(code) })
      .returning();
    const chatId = String(800_000 + ++seq);
    peer.userWrites(chatId, `/start ${code}`);
    // Two workers poll at once: one holds the lock and handles the update; Telegram sees one poller.
    const rounds = await Promise.all(
      [0, 1].map(() => pollTelegramOnce({ db: database.db, bot: bot(), logger, longPollSeconds: 0 })),
    );
    expect(rounds.flatMap((r) => r.linked)).toEqual([pending!.id]);
    expect(peer.conflicts).toBe(0);
    const [linked] = await database.db
      .select()
      .from(alertDestinations)
      .where(eq(alertDestinations.id, pending!.id));
    expect(linked).toMatchObject({ target: chatId });
    expect(linked!.confirmedAt).not.toBeNull();
    expect(peer.sent.filter((m) => m.chatId === chatId).map((m) => m.text)).toEqual([
      expect.stringMatching(/^Linked to Coinpace/),
    ]);
    // The same code again (another chat): used, so refused, and the first chat stays linked.
    peer.userWrites('900001', `/start ${code}`);
    const again = await pollTelegramOnce({ db: database.db, bot: bot(), logger, longPollSeconds: 0 });
    expect(again).toMatchObject({ ran: true, updates: 1, linked: [] });
    expect(peer.sent.find((m) => m.chatId === '900001')?.text).toMatch(/expired or was already used/);
    // Handled updates are not read again.
    expect(await pollTelegramOnce({ db: database.db, bot: bot(), logger, longPollSeconds: 0 })).toMatchObject(
      { updates: 0 },
    );
  });
});
