import { createMailer, createSmsSender, subscribeUserEvents } from '@coinpace/adapters';
import {
  busKinds,
  createRecordingLogger,
  createTestBus,
  startSmtpPeer,
  startTwilioPeer,
  waitFor,
  type SmtpPeer,
  type TestBus,
  type TwilioPeer,
} from '@coinpace/adapters/testing';
import {
  alertEvents,
  alerts,
  listAlertEvents,
  outboxMessages,
  subscriptions,
  usagePeriods,
} from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  setTestPrice,
  testEngines,
  type TestDatabase,
} from '@coinpace/db/testing';
import { BUS_STREAMS, SMS_MAX_CHARS, type PriceTick, type UserEvent } from '@coinpace/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../dispatcher/dispatcher.ts';
import {
  createCoinAlert,
  createPaidUser,
  createWideAlert,
  makeTick,
  readAlert,
} from '../testing/alert-fixtures.ts';
import { startAlertConsumer } from './consumer.ts';
import { processTick, type TickResult } from './process-tick.ts';

const POLL_MS = 60_000;
const cases = testEngines(process.env.DATABASE_URL).flatMap((engine) =>
  busKinds(process.env.REDIS_URL).map((bus) => [engine, bus] as const),
);

/**
 * Alert storms: a market-wide move that crosses many alerts of one user at once, and firings skipped
 * because the allowance is used up. The consumer fires, the dispatcher sends to real SMTP and Twilio peers.
 */
describe.each(cases)('alert storms on %s with the %s bus', (engine, busKind) => {
  let database: TestDatabase;
  let bus: TestBus;
  let smtp: SmtpPeer;
  let twilio: TwilioPeer;
  const logger = createRecordingLogger();
  const handled: { tick: PriceTick; result: TickResult }[] = [];
  const events: UserEvent[] = [];
  const stops: (() => Promise<void>)[] = [];
  let coinSeq = 0;
  const deps = () => ({
    db: database.db,
    logger,
    pollMs: POLL_MS,
    publicUrl: 'http://coinpace.test',
    now: Date.now,
  });

  beforeAll(async () => {
    [database, bus, smtp, twilio] = await Promise.all([
      createTestDatabase(engine, process.env.DATABASE_URL),
      createTestBus(busKind, { redisUrl: process.env.REDIS_URL }),
      startSmtpPeer(),
      startTwilioPeer(),
    ]);
    stops.push(await subscribeUserEvents(bus, (e) => events.push(e)));
    const consumer = startAlertConsumer({
      ...deps(),
      bus,
      consumerName: 'storm',
      blockMs: 100,
      onTick: (tick, result) => handled.push({ tick, result }),
    });
    stops.push(() => consumer.stop());
    await consumer.ready();
  });
  afterAll(async () => {
    while (stops.length) await stops.pop()!();
    await bus?.close();
    await Promise.all([smtp?.close(), twilio?.close()]);
    await database?.close();
  });

  /** Sends every due message to the peers. */
  const dispatch = async () => {
    const dispatcher = createDispatcher({
      db: database.db,
      logger,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'Coinpace <alerts@coinpace.test>' }),
      sms: createSmsSender({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        fromNumber: '+15005550006',
        apiUrl: twilio.url,
      }),
    });
    while ((await dispatcher.runOnce()) > 0);
  };
  const send = async (tick: PriceTick) => {
    await bus.append(BUS_STREAMS.ticks, tick);
    await waitFor(() => handled.some((h) => h.tick.id === tick.id), { timeoutMs: 10_000 });
  };
  const newCoin = () => `storm-${engine}-${busKind}-${++coinSeq}`;
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.rcptTo.includes(email));
  const smsTo = (phone: string) => twilio.messages.filter((m) => m.to === phone);
  const eventsOf = (ids: string[]) =>
    database.db.select().from(alertEvents).where(inArray(alertEvents.alertId, ids));
  const usageOf = async (userId: string) =>
    (await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, userId)))[0];
  const exhaust = async (userId: string) => {
    const [s] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    await database.db.insert(usagePeriods).values({
      userId,
      periodStart: s!.currentPeriodStart!,
      periodEnd: s!.currentPeriodEnd!,
      notificationsSent: 50,
      emailSent: 25,
      smsSent: 25,
    });
  };
  /** 'Protect my portfolio': a 10% loss alert on each of `n` holdings bought at $100. */
  const protectPortfolio = async (userId: string, n: number, extra: { currency?: 'eur' } = {}) => {
    const coins = Array.from({ length: n }, () => newCoin());
    const made = [];
    for (const [i, coin] of coins.entries()) {
      const symbol = `S${String(i + 1).padStart(2, '0')}`;
      const item = await createTestHolding(database.db, userId, {
        coingeckoId: coin,
        symbol,
        quantity: '1',
        purchasePrice: '100',
      });
      await setTestPrice(database.db, coin, 100);
      made.push(
        await createCoinAlert(database.db, userId, {
          coin,
          symbol,
          thresholdType: 'Loss',
          thresholdValue: 10,
          referencePrice: 100,
          portfolioItemId: item.id,
          method: 'Both',
          armedAt: new Date(Date.now() - 1_000),
          ...(i === 0 ? extra : {}),
        }),
      );
    }
    return { coins, alerts: made };
  };
  /** A market-wide dip: every coin at `price` in one tick. */
  const dip = (coins: string[], price: number) =>
    ({
      ...makeTick(Object.fromEntries(coins.map((c) => [c, price])), Date.now()),
      rates: { eur: 0.9 },
    }) satisfies PriceTick;

  it('16 loss alerts crossing in one tick send one e-mail and one SMS, counted once each; a redelivered tick sends nothing twice', async () => {
    const user = await createPaidUser(database.db);
    // One of them set in euros: the combined e-mail tells it in euros, as its own e-mail would.
    const { coins, alerts: made } = await protectPortfolio(user.id, 16, { currency: 'eur' });
    const tick = dip(coins, 85);
    await send(tick);
    await dispatch();

    const mails = mailsTo(user.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Coinpace: 16 alerts fired');
    expect(mails[0]!.text).toContain('16 alerts fired:');
    for (let i = 2; i <= 16; i += 1) {
      const symbol = `S${String(i).padStart(2, '0')}`;
      expect(mails[0]!.text).toContain(`- ${symbol} is down 10% or more`);
    }
    expect(mails[0]!.text).toContain('(S01) is now €76.50, -15.00% from €90.00.');
    expect(mails[0]!.text).toContain('(S16) is now $85.00, -15.00% from $100.00.');
    const texts = smsTo(user.phone!);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(texts[0]!.body).toMatch(
      /^Coinpace: 16 alerts fired: S01 down 10%, S02 down 10%, .* and \d+ more\. Details: http:\/\/coinpace\.test\/alerts$/,
    );
    expect(await usageOf(user.id)).toMatchObject({ notificationsSent: 1, emailSent: 1, smsSent: 1 });

    // Each alert keeps its own event, its own history entry and its own cool-down.
    const fired = await eventsOf(made.map((a) => a.id));
    expect(fired).toHaveLength(16);
    expect(new Set(fired.map((e) => e.outcome))).toEqual(new Set(['delivered']));
    for (const alert of made) {
      expect(await readAlert(database.db, alert.id)).toMatchObject({ status: 'Paused', pausedBy: 'trigger' });
    }
    const history = await listAlertEvents(database.db, user.id, { limit: 50 });
    expect(history).toHaveLength(16);
    for (const entry of history) {
      expect(entry.deliveries.map((d) => [d.channel, d.status])).toEqual([
        ['email', 'sent'],
        ['sms', 'sent'],
      ]);
    }
    await waitFor(
      () => events.filter((e) => e.type === 'alert:triggered' && e.userId === user.id).length === 16,
    );

    // The tick again, with the alerts armed as they were then: nothing is sent or counted twice.
    await database.db
      .update(alerts)
      .set({ status: 'Active', pausedBy: null, updatedAt: new Date(tick.at - 1_000) })
      .where(
        inArray(
          alerts.id,
          made.map((a) => a.id),
        ),
      );
    await send(tick);
    await dispatch();
    expect(mailsTo(user.email!)).toHaveLength(1);
    expect(smsTo(user.phone!)).toHaveLength(1);
    expect(await eventsOf(made.map((a) => a.id))).toHaveLength(16);
    expect(await usageOf(user.id)).toMatchObject({ notificationsSent: 1, emailSent: 1, smsSent: 1 });
  });

  it('a tick handled again after its message went out sends nothing more; an alert it had not fired fires on the next tick', async () => {
    const user = await createPaidUser(database.db);
    const { coins } = await protectPortfolio(user.id, 2);
    const tick = dip(coins, 80);
    await processTick(deps(), tick);
    // An alert armed before the tick that the first handling did not see (it was paused by the user then).
    const late = await createCoinAlert(database.db, user.id, {
      coin: coins[0]!,
      symbol: 'LATE',
      thresholdType: 'Below',
      thresholdValue: 90,
      method: 'Both',
      armedAt: new Date(tick.at - 1_000),
    });
    const again = await processTick(deps(), tick);
    expect(again.fired).toEqual([]);
    expect(await eventsOf([late.id])).toEqual([]);
    expect(await readAlert(database.db, late.id)).toMatchObject({ status: 'Active' });
    const messages = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.userId, user.id));
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    const next = await processTick(deps(), dip(coins, 79));
    expect(next.fired.map((f) => f.payload.alertId)).toEqual([late.id]);
    await dispatch();
    expect(
      mailsTo(user.email!)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Coinpace alert: LATE is below $90.00', 'Coinpace: 2 alerts fired']);
    expect(await usageOf(user.id)).toMatchObject({ notificationsSent: 2, emailSent: 2, smsSent: 2 });
  });

  it('a combined SMS refused by Twilio: every alert it told is partially delivered, and the SMS is given back once', async () => {
    const user = await createPaidUser(database.db);
    const { coins, alerts: made } = await protectPortfolio(user.id, 3);
    await send(dip(coins, 85));
    twilio.fail({ status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' }, 1);
    await dispatch();
    expect(mailsTo(user.email!)).toHaveLength(1);
    const fired = await eventsOf(made.map((a) => a.id));
    expect(fired.map((e) => e.outcome)).toEqual(Array(3).fill('partially_delivered'));
    expect(await usageOf(user.id)).toMatchObject({ notificationsSent: 1, emailSent: 1, smsSent: 0 });
  });

  it('an allowance-exhausted skip does not start the cool-down: recorded once, and the alert fires after an upgrade', async () => {
    const user = await createPaidUser(database.db);
    await exhaust(user.id);
    const { coins, alerts: made } = await protectPortfolio(user.id, 3);
    const ids = made.map((a) => a.id);
    await send(dip(coins, 85));
    await dispatch();
    let recorded = await eventsOf(ids);
    expect(recorded.map((e) => e.outcome)).toEqual(Array(3).fill('skipped_allowance'));
    for (const id of ids) {
      expect(await readAlert(database.db, id)).toMatchObject({
        status: 'Active',
        pausedBy: null,
        lastTriggered: null,
      });
    }
    expect(mailsTo(user.email!)).toEqual([]);

    // Still past the trigger, tick after tick: the skip of this crossing is on record already.
    for (const price of [84, 83, 84]) await send(dip(coins, price));
    expect(await eventsOf(ids)).toHaveLength(3);
    await waitFor(() => events.filter((e) => e.userId === user.id).length === 3);

    // Upgraded to Token Run (200 a month): the next tick past the trigger fires them, in one message each way.
    await database.db.update(subscriptions).set({ planId: 'pro' }).where(eq(subscriptions.userId, user.id));
    await send(dip(coins, 84));
    await dispatch();
    recorded = await eventsOf(ids);
    expect(recorded.map((e) => e.outcome).sort()).toEqual([
      ...Array(3).fill('delivered'),
      ...Array(3).fill('skipped_allowance'),
    ]);
    expect(mailsTo(user.email!).map((m) => m.subject)).toEqual(['Coinpace: 3 alerts fired']);
    expect(smsTo(user.phone!)).toHaveLength(1);
    for (const id of ids) {
      expect(await readAlert(database.db, id)).toMatchObject({
        status: 'Paused',
        pausedBy: 'trigger',
        skippedAt: null,
      });
    }
    expect(await usageOf(user.id)).toMatchObject({ notificationsSent: 51, emailSent: 26, smsSent: 26 });
  });

  it('a skip is recorded once per crossing: back short of the trigger and past it again records it again, at most once per reset interval', async () => {
    const user = await createPaidUser(database.db);
    await exhaust(user.id);
    const coin = newCoin();
    const alert = await createCoinAlert(database.db, user.id, {
      coin,
      symbol: 'SWG',
      thresholdType: 'Below',
      thresholdValue: 90,
      resetInterval: '1hour',
      armedAt: new Date(Date.now() - 1_000),
    });
    const at = (price: number) => send(makeTick({ [coin]: price }, Date.now()));
    const skips = async () => (await eventsOf([alert.id])).length;
    await at(85);
    expect(await skips()).toBe(1);
    // Back above within the hour, and down again: the same crossing as far as the record goes.
    await at(95);
    await at(85);
    expect(await skips()).toBe(1);
    // An hour on, back above ends the crossing; the next dip records its skip.
    await database.db
      .update(alerts)
      .set({
        skippedAt: sql`${alerts.skippedAt} - interval '2 hours'`,
        updatedAt: sql`${alerts.updatedAt} - interval '2 hours'`,
      })
      .where(eq(alerts.id, alert.id));
    await at(85);
    expect(await skips()).toBe(1);
    await at(95);
    expect((await readAlert(database.db, alert.id)).skippedAt).toBeNull();
    await at(85);
    await at(84);
    expect(await skips()).toBe(2);
    expect(await readAlert(database.db, alert.id)).toMatchObject({ status: 'Active' });
    // Editing the alert starts a new crossing.
    await database.db
      .update(alerts)
      .set({ thresholdValue: '89', triggerPrice: '89' })
      .where(eq(alerts.id, alert.id));
    await at(84);
    expect(await skips()).toBe(3);
  });

  it('a whole-portfolio alert skipped for the allowance: once per crossing too', async () => {
    const user = await createPaidUser(database.db);
    await exhaust(user.id);
    const coin = newCoin();
    await createTestHolding(database.db, user.id, {
      coingeckoId: coin,
      symbol: 'WHL',
      quantity: '10',
      purchasePrice: '100',
    });
    const whole = await createWideAlert(database.db, user.id, {
      scope: 'portfolio',
      thresholdType: 'Loss',
      thresholdValue: 10,
    });
    await database.db
      .update(alerts)
      .set({ updatedAt: new Date(Date.now() - 1_000) })
      .where(eq(alerts.id, whole.id));
    const at = async (price: number) => {
      await setTestPrice(database.db, coin, price);
      await send(makeTick({ [coin]: price }, Date.now()));
    };
    const skips = async () => (await eventsOf([whole.id])).length;
    await at(85);
    await at(84);
    expect(await skips()).toBe(1);
    expect(await readAlert(database.db, whole.id)).toMatchObject({ status: 'Active' });
    // A week on (its reset interval), the portfolio recovers, then falls again.
    await database.db
      .update(alerts)
      .set({
        skippedAt: sql`${alerts.skippedAt} - interval '8 days'`,
        updatedAt: sql`${alerts.updatedAt} - interval '8 days'`,
      })
      .where(eq(alerts.id, whole.id));
    await at(95);
    expect((await readAlert(database.db, whole.id)).skippedAt).toBeNull();
    await at(85);
    expect(await skips()).toBe(2);
  });
});
