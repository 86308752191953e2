import { createMailer, createSmsSender, type Mailer, type SmsSender } from '@coinpace/adapters';
import {
  createRecordingLogger,
  startSmtpPeer,
  startTwilioPeer,
  waitFor,
  type SmtpPeer,
  type TwilioPeer,
} from '@coinpace/adapters/testing';
import {
  alertEvents,
  claimOutboxMessage,
  enqueueOutbox,
  outboxMessages,
  usagePeriods,
  type NewOutboxMessage,
} from '@coinpace/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@coinpace/db/testing';
import { renderAlertEmail, renderAlertSms } from '@coinpace/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaidUser } from '../testing/alert-fixtures.ts';
import { createDispatcher, type DispatcherOptions } from './dispatcher.ts';

const notice = {
  scope: 'coin' as const,
  coinSymbol: 'BTC',
  coinName: 'Bitcoin',
  thresholdType: 'Above' as const,
  thresholdValue: 50000,
  price: 50500,
  alertsUrl: 'http://coinpace.test/alerts',
};

describe.each(testEngines(process.env.DATABASE_URL))('outbox dispatcher on %s', (engine) => {
  let database: TestDatabase;
  let smtp: SmtpPeer;
  let twilio: TwilioPeer;
  let mailer: Mailer;
  let sms: SmsSender;
  const logger = createRecordingLogger();
  const dispatcher = (extra: Partial<DispatcherOptions> = {}) =>
    createDispatcher({
      db: database.db,
      mailer,
      sms,
      logger,
      retry: { baseDelayMs: 1000, maxDelayMs: 8000, maxAttempts: 4 },
      ...extra,
    });
  /** Lets time pass for a message: its retry is due, or its lease has run out (database clock). */
  const elapse = (id?: string) =>
    database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now() - interval '1 millisecond'` })
      .where(id ? eq(outboxMessages.id, id) : sql`true`);
  /** How long after the attempt began the message is due again, ms. */
  const retryGap = (row: { nextAttemptAt: Date; attemptStartedAt: Date | null }) =>
    row.nextAttemptAt.getTime() - row.attemptStartedAt!.getTime();

  beforeAll(async () => {
    [database, smtp, twilio] = await Promise.all([
      createTestDatabase(engine, process.env.DATABASE_URL),
      startSmtpPeer(),
      startTwilioPeer(),
    ]);
    mailer = createMailer({
      smtpUrl: `${smtp.url}?connectionTimeout=2000`,
      from: 'Coinpace <alerts@coinpace.test>',
    });
    sms = createSmsSender({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      fromNumber: '+15005550006',
      apiUrl: twilio.url,
    });
  });
  afterAll(async () => {
    await Promise.all([smtp?.close(), twilio?.close()]);
    await database?.close();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    twilio.messages.length = 0;
    twilio.clearFailures();
    await smtp.up();
    // Each test sees only its own messages: earlier ones are settled as sent.
    await database.db.update(outboxMessages).set({ status: 'sent' });
  });

  let seq = 0;
  const enqueue = async (message: Partial<NewOutboxMessage> & { channel: 'email' | 'sms' }) => {
    seq += 1;
    const mail = renderAlertEmail(notice);
    const row = await enqueueOutbox(database.db, {
      kind: 'alert',
      recipient: message.channel === 'email' ? 'ada@example.test' : '+15551230000',
      subject: message.channel === 'email' ? mail.subject : undefined,
      bodyText: message.channel === 'email' ? mail.text : renderAlertSms(notice),
      bodyHtml: message.channel === 'email' ? mail.html : undefined,
      dedupeKey: `test:${engine}:${seq}`,
      ...message,
    });
    return row!;
  };
  const read = async (id: string) =>
    (await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

  it('the SMTP peer receives the alert e-mail: text and HTML, coin, condition, price, link', async () => {
    const message = await enqueue({ channel: 'email' });
    expect(await dispatcher().runOnce()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.rcptTo).toEqual(['ada@example.test']);
    expect(mail!.subject).toBe('Coinpace alert: BTC is above $50,000.00');
    expect(mail!.text).toContain(
      'Bitcoin (BTC) is now $50,500.00, at or above your alert price of $50,000.00.',
    );
    expect(mail!.text).toContain('http://coinpace.test/alerts');
    expect(mail!.html).toContain('<a href="http://coinpace.test/alerts">');
    expect(await read(message.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await read(message.id)).providerId).toBeTruthy();
    expect(await dispatcher().runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it('the Twilio peer receives the SMS', async () => {
    const message = await enqueue({ channel: 'sms' });
    await dispatcher().runOnce();
    expect(twilio.messages).toEqual([
      expect.objectContaining({
        to: '+15551230000',
        from: '+15005550006',
        body: 'Coinpace: BTC is above $50,000.00, now $50,500.00. http://coinpace.test/alerts',
      }),
    ]);
    expect(await read(message.id)).toMatchObject({ status: 'sent', providerId: twilio.messages[0]!.sid });
  });

  it('SMTP down: retries with exponential backoff, then delivers once when it is back', async () => {
    const message = await enqueue({ channel: 'email' });
    await smtp.down();
    const d = dispatcher();
    await d.runOnce();
    let row = await read(message.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/SMTP/);
    expect(retryGap(row)).toBeGreaterThanOrEqual(1000);
    expect(retryGap(row)).toBeLessThan(2000);
    expect(await d.runOnce()).toBe(0); // not due yet
    await elapse(message.id);
    await d.runOnce();
    row = await read(message.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(retryGap(row)).toBeGreaterThanOrEqual(2000);
    expect(retryGap(row)).toBeLessThan(4000);
    await smtp.up();
    await elapse(message.id);
    await d.runOnce();
    expect(await read(message.id)).toMatchObject({ status: 'sent', attempts: 3 });
    await elapse();
    await d.runOnce();
    expect(smtp.messages).toHaveLength(1);
  });

  it('every attempt of an e-mail carries the Message-ID of its outbox message', async () => {
    const message = await enqueue({ channel: 'email' });
    smtp.rejectRecipient('ada@example.test', 451);
    await dispatcher().runOnce();
    expect(await read(message.id)).toMatchObject({ status: 'pending', attempts: 1 });
    smtp.acceptRecipient('ada@example.test');
    await elapse(message.id);
    await dispatcher().runOnce();
    const row = await read(message.id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 2,
      providerId: `<outbox.${message.id}@coinpace.test>`,
    });
    expect(smtp.messages.map((m) => m.headers.get('message-id'))).toEqual([row.providerId]);
  });

  it('marks a message failed after the last attempt', async () => {
    const message = await enqueue({ channel: 'sms' });
    twilio.fail({ status: 503, code: 20503, message: 'Service unavailable' });
    const d = dispatcher();
    for (let i = 0; i < 6; i += 1) {
      await d.runOnce();
      await elapse(message.id);
    }
    const row = await read(message.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 4 });
    expect(row.lastError).toMatch(/^gave up after 4 attempts: Twilio/);
    expect(twilio.requests).toBeGreaterThanOrEqual(4);
    expect(twilio.messages).toHaveLength(0);
  });

  it('a permanent DeliveryError fails the message at once', async () => {
    smtp.rejectRecipient('nobody@example.test');
    const mail = await enqueue({ channel: 'email', recipient: 'nobody@example.test' });
    const text = await enqueue({ channel: 'sms', recipient: '+1555' });
    await dispatcher().runOnce();
    expect(await read(mail.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await read(text.id)).toMatchObject({ status: 'failed', attempts: 1 });
    smtp.acceptRecipient('nobody@example.test');
  });

  it('delivers the other kinds in the outbox too (contact form, reports)', async () => {
    const contact = await enqueue({
      channel: 'email',
      kind: 'contact',
      subject: 'Contact: hi',
      bodyText: 'hello',
      bodyHtml: undefined,
      recipient: 'support@coinpace.test',
    });
    await dispatcher().runOnce();
    expect(await read(contact.id)).toMatchObject({ status: 'sent' });
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Contact: hi']);
  });

  it('a message left sending by a dead dispatcher is sent by another once its lease ends', async () => {
    const message = await enqueue({ channel: 'sms' });
    const claimed = await claimOutboxMessage(database.db, { claimedBy: 'dead', leaseMs: 60_000 });
    expect(claimed).toMatchObject({ id: message.id, claimedBy: 'dead', status: 'sending' });
    expect(await dispatcher().runOnce()).toBe(0);
    await elapse(message.id);
    await dispatcher({ name: 'alive' }).runOnce();
    expect(await read(message.id)).toMatchObject({ status: 'sent', attempts: 2, claimedBy: 'alive' });
    expect(twilio.messages).toHaveLength(1);
  });

  // Clock skew needs several processes, hence Postgres: PGlite runs in this process and its now() is our clock.
  if (engine === 'postgres')
    it("a dispatcher whose clock runs an hour fast cannot take a live one's message (leases are on the database clock)", async () => {
      const message = await enqueue({ channel: 'sms' });
      await claimOutboxMessage(database.db, { claimedBy: 'live', leaseMs: 60_000 });
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_600_000 });
      try {
        expect(await dispatcher({ name: 'fast-clock' }).runOnce()).toBe(0);
      } finally {
        vi.useRealTimers();
      }
      expect(await read(message.id)).toMatchObject({ status: 'sending', claimedBy: 'live' });
      const row = await read(message.id);
      // The lease runs from the database's clock, not the claimer's.
      expect(retryGap(row)).toBe(60_000);
      expect(twilio.messages).toHaveLength(0);
    });

  it('an SMS the dead dispatcher had already handed to Twilio is recorded, not sent again', async () => {
    const message = await enqueue({ channel: 'sms' });
    const other = await enqueue({ channel: 'sms' });
    await claimOutboxMessage(database.db, { claimedBy: 'dead', leaseMs: 60_000 });
    // The same text to the same number, sent for another message: its id is not this message's.
    await claimOutboxMessage(database.db, { claimedBy: 'alive', leaseMs: 60_000 });
    const reachedTwilio = await sms.send({ to: message.recipient, body: message.bodyText });
    const otherSid = (await sms.send({ to: other.recipient, body: other.bodyText })).sid;
    await database.db
      .update(outboxMessages)
      .set({ status: 'sent', providerId: otherSid })
      .where(eq(outboxMessages.id, other.id));
    // ...and then it died, before recording the result.
    await elapse(message.id);
    await dispatcher().runOnce();
    expect(await read(message.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      providerId: reachedTwilio.sid,
    });
    expect(twilio.messages).toHaveLength(2);
  });

  it('a dispatcher holds leases only on the messages it is sending; a slow send keeps its lease', async () => {
    for (let i = 0; i < 5; i += 1) await enqueue({ channel: 'sms', recipient: `+1555777000${i}` });
    twilio.hold(5);
    const slow = dispatcher({ concurrency: 2, leaseMs: 300 });
    const round = slow.runOnce();
    await waitFor(() => twilio.held === 2, { what: 'two sends waiting on Twilio' });
    const sending = async () =>
      (await database.db.select().from(outboxMessages).where(eq(outboxMessages.status, 'sending'))).length;
    expect(await sending()).toBe(2);
    // Three leases long: renewed all along, so another dispatcher takes none of the two.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    twilio.hold(0);
    const other = dispatcher({ name: 'other', leaseMs: 300 });
    expect(await other.runOnce()).toBe(3);
    twilio.release();
    await round;
    expect(twilio.messages).toHaveLength(5);
    expect(new Set(twilio.messages.map((m) => m.to)).size).toBe(5);
  });

  it('concurrent dispatchers send each message once (FOR UPDATE SKIP LOCKED)', async () => {
    const ids = [];
    for (let i = 0; i < 12; i += 1)
      ids.push(
        (
          await enqueue({
            channel: i % 2 ? 'sms' : 'email',
            recipient: i % 2 ? `+1555123${String(i).padStart(4, '0')}` : `p${i}@example.test`,
          })
        ).id,
      );
    const dispatchers = [dispatcher({ batch: 3 }), dispatcher({ batch: 3 }), dispatcher({ batch: 3 })];
    for (let round = 0; round < 5; round += 1) await Promise.all(dispatchers.map((d) => d.runOnce()));
    expect(smtp.messages).toHaveLength(6);
    expect(twilio.messages).toHaveLength(6);
    for (const id of ids) expect((await read(id)).status).toBe('sent');
  });

  it('settles the alert event and gives back the allowance a failure used', async () => {
    const user = await createPaidUser(database.db);
    const periodStart = new Date(Date.now() - 86_400_000);
    await database.db.insert(usagePeriods).values({
      userId: user.id,
      periodStart,
      periodEnd: new Date(Date.now() + 86_400_000),
      notificationsSent: 2,
      emailSent: 2,
      smsSent: 2,
    });
    const [delivered, failed] = await database.db
      .insert(alertEvents)
      .values([
        {
          userId: user.id,
          idempotencyKey: `e1:${engine}`,
          tickId: 't',
          outcome: 'queued',
          channels: ['email', 'sms'],
          firedAt: new Date(),
        },
        {
          userId: user.id,
          idempotencyKey: `e2:${engine}`,
          tickId: 't',
          outcome: 'queued',
          channels: ['email', 'sms'],
          firedAt: new Date(),
        },
      ])
      .returning();
    await enqueue({ channel: 'email', alertEventId: delivered!.id });
    await enqueue({ channel: 'sms', alertEventId: delivered!.id });
    await enqueue({ channel: 'email', alertEventId: failed!.id, recipient: 'bounce@example.test' });
    await enqueue({ channel: 'sms', alertEventId: failed!.id, recipient: '+1' });
    smtp.rejectRecipient('bounce@example.test');
    await dispatcher().runOnce();
    const events = await database.db.select().from(alertEvents).where(eq(alertEvents.userId, user.id));
    expect(Object.fromEntries(events.map((e) => [e.id, e.outcome]))).toEqual({
      [delivered!.id]: 'delivered',
      [failed!.id]: 'failed',
    });
    const [usage] = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toMatchObject({ notificationsSent: 1, emailSent: 1, smsSent: 1 });
  });
});
