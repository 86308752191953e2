import { subscribeUserEvents } from '@coinpace/adapters';
import {
  busKinds,
  createRecordingLogger,
  createTestBus,
  waitFor,
  type TestBus,
} from '@coinpace/adapters/testing';
import {
  alertEvents,
  alertNoticeKey,
  alerts,
  outboxMessages,
  subscriptions,
  usagePeriods,
  users,
} from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  setTestPrice,
  testEngines,
  type TestDatabase,
} from '@coinpace/db/testing';
import { BUS_STREAMS, SIMULATED_NOTICE, type PriceTick, type UserEvent } from '@coinpace/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createCoinAlert,
  createPaidUser,
  createWideAlert,
  makeTick,
  readAlert,
} from '../testing/alert-fixtures.ts';
import { ALERT_CONSUMER_GROUP, startAlertConsumer } from './consumer.ts';
import { processTick, type TickResult } from './process-tick.ts';

const POLL_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const cases = testEngines(process.env.DATABASE_URL).flatMap((engine) =>
  busKinds(process.env.REDIS_URL).map((bus) => [engine, bus] as const),
);

describe.each(cases)('alert consumer on %s with the %s bus', (engine, busKind) => {
  let database: TestDatabase;
  let bus: TestBus;
  const logger = createRecordingLogger();
  const handled: { tick: PriceTick; result: TickResult }[] = [];
  const events: UserEvent[] = [];
  const stops: (() => Promise<void>)[] = [];
  let coinSeq = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine, process.env.DATABASE_URL);
    bus = await createTestBus(busKind, { redisUrl: process.env.REDIS_URL });
    stops.push(await subscribeUserEvents(bus, (e) => events.push(e)));
  });
  afterEach(async () => {
    while (stops.length > 1) await stops.pop()!();
  });
  afterAll(async () => {
    while (stops.length) await stops.pop()!();
    await bus?.close();
    await database?.close();
  });

  async function consumer(name = 'c1', claimIdleMs?: number) {
    const c = startAlertConsumer({
      db: database.db,
      bus,
      logger,
      pollMs: POLL_MS,
      publicUrl: 'http://coinpace.test',
      now: () => Date.now(),
      consumerName: name,
      claimIdleMs,
      blockMs: 100,
      onTick: (tick, result) => handled.push({ tick, result }),
    });
    stops.push(() => c.stop());
    await c.ready();
    return c;
  }
  /** Records notifications already sent in the subscription's stored period; returns that period. */
  const recordUsage = async (
    userId: string,
    sent: { notificationsSent: number; emailSent?: number; smsSent?: number },
  ) => {
    const [s] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const period = { start: s!.currentPeriodStart!, end: s!.currentPeriodEnd! };
    await database.db
      .insert(usagePeriods)
      .values({ userId, periodStart: period.start, periodEnd: period.end, ...sent });
    return period;
  };
  const newCoin = () => `coin-${engine}-${busKind}-${++coinSeq}`;
  const send = async (tick: PriceTick) => {
    await bus.append(BUS_STREAMS.ticks, tick);
    await waitFor(() => handled.some((h) => h.tick.id === tick.id), { timeoutMs: 10_000 });
  };
  const eventsOf = (alertId: string) =>
    database.db.select().from(alertEvents).where(eq(alertEvents.alertId, alertId));
  /** The messages that told an alert's firings (a combined message tells every alert of its tick). */
  const outboxOf = async (alertId: string) => {
    const keys = (await eventsOf(alertId)).flatMap((e) =>
      e.channels.map((c) => alertNoticeKey(e.userId, e.tickId, c)),
    );
    return keys.length
      ? database.db.select().from(outboxMessages).where(inArray(outboxMessages.dedupeKey, keys))
      : [];
  };

  it('a price crossing the trigger fires: paused by trigger, one event, e-mail and SMS queued, usage counted, socket told', async () => {
    await consumer();
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    const alert = await createCoinAlert(database.db, user.id, {
      coin,
      symbol: 'TST',
      thresholdValue: 100,
      method: 'Both',
    });
    const quiet = await createCoinAlert(database.db, user.id, {
      coin,
      thresholdType: 'Below',
      thresholdValue: 50,
    });
    await setTestPrice(database.db, coin, 101.5);
    const tick = makeTick({ [coin]: 101.5 }, Date.now());
    await send(tick);

    expect(await readAlert(database.db, alert.id)).toMatchObject({ status: 'Paused', pausedBy: 'trigger' });
    expect((await readAlert(database.db, alert.id)).lastTriggered).not.toBeNull();
    expect(await readAlert(database.db, quiet.id)).toMatchObject({ status: 'Active' });
    const [event] = await eventsOf(alert.id);
    expect(event).toMatchObject({
      idempotencyKey: `${alert.id}:${tick.id}`,
      outcome: 'queued',
      channels: ['email', 'sms'],
    });
    expect(Number(event!.price)).toBe(101.5);
    const messages = await outboxOf(alert.id);
    expect(messages.map((m) => [m.channel, m.recipient, m.status]).sort()).toEqual([
      ['email', user.email, 'pending'],
      ['sms', user.phone, 'pending'],
    ]);
    expect(messages.find((m) => m.channel === 'email')!.subject).toBe('Coinpace alert: TST is above $100.00');
    const [usage] = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toMatchObject({ notificationsSent: 1, emailSent: 1, smsSent: 1 });
    await waitFor(() => events.some((e) => e.type === 'alert:triggered' && e.payload.alertId === alert.id));
    expect(events.find((e) => e.type === 'alert:triggered' && e.payload.alertId === alert.id)).toMatchObject({
      userId: user.id,
      payload: {
        coinSymbol: 'TST',
        thresholdType: 'Above',
        thresholdValue: 100,
        price: 101.5,
        outcome: 'queued',
      },
    });
  });

  it("an alert set in euros fires on the euro price at the tick's rate, and says it in euros", async () => {
    await consumer();
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    const euro = await createCoinAlert(database.db, user.id, {
      coin,
      symbol: 'EUT',
      thresholdValue: 90,
      currency: 'eur',
      method: 'Email',
    });
    const dollar = await createCoinAlert(database.db, user.id, { coin, thresholdValue: 95, method: 'Email' });
    await setTestPrice(database.db, coin, 99);
    // No euro rate in the tick: the euro alert cannot be judged, however high the dollar price.
    await send(makeTick({ [coin]: 200 }, Date.now()));
    expect(await eventsOf(euro.id)).toEqual([]);
    expect(await eventsOf(dollar.id)).toHaveLength(1);
    // $99 at 0.9 is €89.10: below €90.
    await send({ ...makeTick({ [coin]: 99 }, Date.now()), rates: { eur: 0.9, gbp: 0.8 } });
    expect(await eventsOf(euro.id)).toEqual([]);
    // $99 at 0.92 is €91.08: above.
    const tick = { ...makeTick({ [coin]: 99 }, Date.now()), rates: { eur: 0.92 } };
    await send(tick);
    const [event] = await eventsOf(euro.id);
    expect(event).toMatchObject({ currency: 'eur', outcome: 'queued' });
    expect(Number(event!.price)).toBeCloseTo(91.08, 8);
    expect(Number(event!.triggerPrice)).toBe(90);
    const [mail] = await outboxOf(euro.id);
    expect(mail!.subject).toBe('Coinpace alert: EUT is above €90.00');
    expect(mail!.bodyText).toContain('is now €91.08, at or above your alert price of €90.00.');
    await waitFor(() => events.some((e) => e.type === 'alert:triggered' && e.payload.alertId === euro.id));
    const told = events.find((e) => e.type === 'alert:triggered' && e.payload.alertId === euro.id)!;
    expect(told.payload).toMatchObject({ currency: 'eur', thresholdValue: 90 });
    expect((told.payload as { price: number }).price).toBeCloseTo(91.08, 8);
  });

  it('a percentage alert set in euros is measured in dollars and told in euros, or in dollars without a rate', async () => {
    await consumer();
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    const options = {
      coin,
      symbol: 'PCT',
      thresholdType: 'Gain',
      thresholdValue: 10,
      referencePrice: 100,
      currency: 'eur',
      method: 'Email',
    } as const;
    const told = await createCoinAlert(database.db, user.id, options);
    await setTestPrice(database.db, coin, 111);
    await send({ ...makeTick({ [coin]: 111 }, Date.now()), rates: { eur: 0.9 } });
    const [mail] = await outboxOf(told.id);
    expect(mail!.bodyText).toContain('is now €99.90, +11.00% from €90.00.');
    const [event] = await eventsOf(told.id);
    expect(event).toMatchObject({ currency: 'eur' });
    expect(Number(event!.triggerPrice)).toBeCloseTo(99, 8);

    // Set after that tick; the next one carries no rate.
    const untold = await createCoinAlert(database.db, user.id, options);
    await send(makeTick({ [coin]: 112 }, Date.now()));
    const [plain] = await outboxOf(untold.id);
    expect(plain!.bodyText).toContain('is now $112.00, +12.00% from $100.00.');
    expect((await eventsOf(untold.id))[0]).toMatchObject({ currency: 'usd' });
  });

  it('the same tick delivered twice fires once', async () => {
    await consumer();
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    const alert = await createCoinAlert(database.db, user.id, {
      coin,
      thresholdType: 'Below',
      thresholdValue: 10,
    });
    await setTestPrice(database.db, coin, 9);
    const tick = makeTick({ [coin]: 9 }, Date.now());
    await send(tick);
    // Re-armed at once, as if its interval had passed: only the idempotency key stands in the way now.
    await database.db.update(alerts).set({ status: 'Active', pausedBy: null }).where(eq(alerts.id, alert.id));
    handled.length = 0;
    await send(tick);
    expect(await eventsOf(alert.id)).toHaveLength(1);
    expect(await outboxOf(alert.id)).toHaveLength(2);
  });

  it('an alert firing on the simulated demo feed says so in the e-mail and SMS', async () => {
    await consumer();
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    const alert = await createCoinAlert(database.db, user.id, {
      coin,
      symbol: 'SIM',
      thresholdValue: 100,
      method: 'Both',
    });
    await send({ ...makeTick({ [coin]: 120 }, Date.now()), source: { status: 'simulated' } });

    const messages = await outboxOf(alert.id);
    const email = messages.find((m) => m.channel === 'email')!;
    expect(email.subject).toBe('Coinpace alert (simulated prices): SIM is above $100.00');
    expect(email.bodyText).toContain(SIMULATED_NOTICE);
    expect(messages.find((m) => m.channel === 'sms')!.bodyText).toContain('(simulated demo prices)');
  });

  it('judges a tick as of its own time and by the prices it carries, however late it is handled', async () => {
    await consumer();
    const user = await createPaidUser(database.db);
    const [late, crazy, after] = [newCoin(), newCoin(), newCoin()];
    const armedAt = new Date(Date.now() - 10 * POLL_MS);
    const lateAlert = await createCoinAlert(database.db, user.id, { coin: late, thresholdValue: 1, armedAt });
    const crazyAlert = await createCoinAlert(database.db, user.id, {
      coin: crazy,
      thresholdValue: 1,
      armedAt,
    });
    // A tick polled three intervals ago, whose price has fallen back since: it still crossed then.
    await setTestPrice(database.db, late, 0.5);
    const lateTick = makeTick({ [late]: 2, [crazy]: 20_000_000 }, Date.now() - 3 * POLL_MS);
    await send(lateTick);
    expect(await readAlert(database.db, lateAlert.id)).toMatchObject({
      status: 'Paused',
      pausedBy: 'trigger',
    });
    expect(Number((await eventsOf(lateAlert.id))[0]!.price)).toBe(2);
    expect(await readAlert(database.db, crazyAlert.id)).toMatchObject({ status: 'Active' });
    expect(handled.find((h) => h.tick.id === lateTick.id)!.result.evaluation.rejected).toEqual([
      { coingeckoId: crazy, reason: 'rejected' },
    ]);

    // An alert set up after a tick's prices were seen is left to later ticks.
    const before = Date.now() - 5_000;
    const afterAlert = await createCoinAlert(database.db, user.id, { coin: after, thresholdValue: 1 });
    await send(makeTick({ [after]: 2 }, before));
    expect(await readAlert(database.db, afterAlert.id)).toMatchObject({ status: 'Active' });
    await send(makeTick({ [after]: 2.5 }, Date.now()));
    expect(await readAlert(database.db, afterAlert.id)).toMatchObject({
      status: 'Paused',
      pausedBy: 'trigger',
    });
  });

  it('an alert set up within the same millisecond as the tick, to the microsecond, is armed by it', async () => {
    await consumer();
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    const tickAt = Date.now() - 1_000;
    const alert = await createCoinAlert(database.db, user.id, { coin, thresholdValue: 1 });
    // The database stamps microseconds; the tick carries whole milliseconds.
    const stamped = sql`${new Date(tickAt).toISOString()}::timestamptz + interval '700 microseconds'`;
    await database.db
      .update(alerts)
      .set({ createdAt: stamped, updatedAt: stamped })
      .where(eq(alerts.id, alert.id));
    await send(makeTick({ [coin]: 2 }, tickAt));
    expect(await readAlert(database.db, alert.id)).toMatchObject({ status: 'Paused', pausedBy: 'trigger' });
  });

  it('at zero allowance nothing is queued and the event is recorded as skipped', async () => {
    await consumer();
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    const alert = await createCoinAlert(database.db, user.id, { coin, thresholdValue: 5 });
    await recordUsage(user.id, { notificationsSent: 50, emailSent: 25, smsSent: 25 });
    await setTestPrice(database.db, coin, 6);
    await send(makeTick({ [coin]: 6 }, Date.now()));
    const [event] = await eventsOf(alert.id);
    expect(event).toMatchObject({ outcome: 'skipped_allowance', channels: [] });
    expect(await outboxOf(alert.id)).toEqual([]);
    // No cool-down starts: it stays Active and fires once the allowance allows.
    expect(await readAlert(database.db, alert.id)).toMatchObject({
      status: 'Active',
      pausedBy: null,
      lastTriggered: null,
    });
    const [usage] = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toMatchObject({ notificationsSent: 50 });
  });

  it('an e-mail address nobody confirmed is sent no alert, and the event says why', async () => {
    await consumer();
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    await database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    const alert = await createCoinAlert(database.db, user.id, { coin, thresholdValue: 5, method: 'Both' });
    await setTestPrice(database.db, coin, 6);
    await send(makeTick({ [coin]: 6 }, Date.now()));
    const [event] = await eventsOf(alert.id);
    expect(event).toMatchObject({
      outcome: 'queued',
      channels: ['sms'],
      detail: 'e-mail address not verified',
    });
    expect((await outboxOf(alert.id)).map((m) => m.channel)).toEqual(['sms']);
    const [usage] = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toMatchObject({ notificationsSent: 1, emailSent: 0, smsSent: 1 });
  });

  it('one tick handled by two consumers at the same moment fires, counts and queues once', async () => {
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    const alert = await createCoinAlert(database.db, user.id, { coin, thresholdValue: 5 });
    await setTestPrice(database.db, coin, 6);
    const tick = makeTick({ [coin]: 6 }, Date.now());
    const deps = {
      db: database.db,
      logger,
      pollMs: POLL_MS,
      publicUrl: 'http://coinpace.test',
      now: Date.now,
    };
    const results = await Promise.all([processTick(deps, tick), processTick(deps, tick)]);
    expect(results.map((r) => r.fired.length).sort()).toEqual([0, 1]);
    expect(await eventsOf(alert.id)).toHaveLength(1);
    expect(await outboxOf(alert.id)).toHaveLength(2);
    const [usage] = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toMatchObject({ notificationsSent: 1, emailSent: 1, smsSent: 1 });
  });

  it('the last notification of the allowance goes to one of two alerts firing at once', async () => {
    const [a, b] = [newCoin(), newCoin()];
    const user = await createPaidUser(database.db);
    const alertA = await createCoinAlert(database.db, user.id, {
      coin: a,
      thresholdValue: 5,
      method: 'Email',
    });
    const alertB = await createCoinAlert(database.db, user.id, {
      coin: b,
      thresholdValue: 5,
      method: 'Email',
    });
    await recordUsage(user.id, { notificationsSent: 49, emailSent: 20 });
    await setTestPrice(database.db, a, 6);
    await setTestPrice(database.db, b, 6);
    const deps = {
      db: database.db,
      logger,
      pollMs: POLL_MS,
      publicUrl: 'http://coinpace.test',
      now: Date.now,
    };
    await Promise.all([
      processTick(deps, makeTick({ [a]: 6 }, Date.now())),
      processTick(deps, makeTick({ [b]: 6 }, Date.now())),
    ]);
    const outcomes = [...(await eventsOf(alertA.id)), ...(await eventsOf(alertB.id))].map((e) => e.outcome);
    expect(outcomes.sort()).toEqual(['queued', 'skipped_allowance']);
    const [usage] = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toMatchObject({ notificationsSent: 50, emailSent: 21 });
  });

  it('a billing period that ended before its renewal arrived: counted in the new month, not the used-up old one', async () => {
    await consumer();
    const coin = newCoin();
    const user = await createPaidUser(database.db, { periodStart: new Date(Date.now() - 31 * DAY_MS) });
    const alert = await createCoinAlert(database.db, user.id, { coin, thresholdValue: 5 });
    const old = await recordUsage(user.id, { notificationsSent: 50, emailSent: 25, smsSent: 25 });
    await setTestPrice(database.db, coin, 6);
    await send(makeTick({ [coin]: 6 }, Date.now()));
    const [event] = await eventsOf(alert.id);
    expect(event).toMatchObject({ outcome: 'queued', channels: ['email', 'sms'] });
    const rows = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(
      rows
        .map((r) => [r.periodStart.toISOString(), r.notificationsSent])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      [old.start.toISOString(), 50],
      [old.end.toISOString(), 1],
    ]);
  });

  it('whole-portfolio and all-coins alerts: only for users holding a changed coin', async () => {
    await consumer();
    const held = newCoin();
    const other = newCoin();
    const user = await createPaidUser(database.db);
    await createTestHolding(database.db, user.id, {
      coingeckoId: held,
      symbol: `H${coinSeq}`,
      quantity: '10',
      purchasePrice: '100',
    });
    const whole = await createWideAlert(database.db, user.id, {
      scope: 'portfolio',
      thresholdType: 'Gain',
      thresholdValue: 10,
      referenceValue: 1000,
    });
    const each = await createWideAlert(database.db, user.id, {
      scope: 'all_coins',
      thresholdType: 'Gain',
      thresholdValue: 20,
    });
    await setTestPrice(database.db, held, 125);
    await setTestPrice(database.db, other, 1);
    await send(makeTick({ [other]: 1 }, Date.now()));
    expect(await readAlert(database.db, whole.id)).toMatchObject({ status: 'Active' });
    expect(await readAlert(database.db, each.id)).toMatchObject({ status: 'Active' });

    await send(makeTick({ [held]: 125 }, Date.now()));
    expect(await readAlert(database.db, whole.id)).toMatchObject({ status: 'Paused', pausedBy: 'trigger' });
    expect(await readAlert(database.db, each.id)).toMatchObject({ status: 'Paused', pausedBy: 'trigger' });
    const [wholeEvent] = await eventsOf(whole.id);
    expect(Number(wholeEvent!.price)).toBe(1250);
    expect(Number(wholeEvent!.triggerPrice)).toBeCloseTo(1100, 6);
    const [eachEvent] = await eventsOf(each.id);
    expect(eachEvent!.detail).toContain('25.00%');
    // Each event keeps what its alert was and which coin fired it.
    expect(eachEvent).toMatchObject({ scope: 'all_coins', coinSymbol: `H${coinSeq}`, thresholdType: 'Gain' });
    expect(Number(eachEvent!.thresholdValue)).toBe(20);
    expect(wholeEvent).toMatchObject({ scope: 'portfolio', coinSymbol: null, thresholdType: 'Gain' });
    // Both fired on one tick: one e-mail tells both.
    const [mail] = await outboxOf(whole.id);
    expect(mail!.subject).toBe('Coinpace: 2 alerts fired');
    expect(mail!.bodyText).toContain('- Your portfolio is up 10% or more\n');
    expect(mail!.bodyText).toContain(`- H${coinSeq} is up 20% or more\n`);
  });

  it('a whole-portfolio alert does not fire because holdings were added, only when they gain', async () => {
    await consumer();
    const [a, b] = [newCoin(), newCoin()];
    const user = await createPaidUser(database.db);
    await createTestHolding(database.db, user.id, {
      coingeckoId: a,
      symbol: `A${coinSeq}`,
      quantity: '10',
      purchasePrice: '100',
    });
    const whole = await createWideAlert(database.db, user.id, {
      scope: 'portfolio',
      thresholdType: 'Gain',
      thresholdValue: 10,
      // What the portfolio was worth when the alert was set; a deposit must not count as a gain over it.
      referenceValue: 1000,
    });
    await createTestHolding(database.db, user.id, {
      coingeckoId: b,
      symbol: `B${coinSeq}`,
      quantity: '100',
      purchasePrice: '50',
    });
    await setTestPrice(database.db, b, 50);
    await setTestPrice(database.db, a, 101);
    await send(makeTick({ [a]: 101 }, Date.now()));
    expect(await readAlert(database.db, whole.id)).toMatchObject({ status: 'Active' });

    // 6,000 paid; +10% is 6,600: B rising to 56 makes 1,010 + 5,600 = 6,610.
    await setTestPrice(database.db, b, 56);
    await send(makeTick({ [b]: 56 }, Date.now()));
    expect(await readAlert(database.db, whole.id)).toMatchObject({ status: 'Paused', pausedBy: 'trigger' });
    const [event] = await eventsOf(whole.id);
    expect(Number(event!.price)).toBeCloseTo(6610, 9);
    expect(Number(event!.triggerPrice)).toBeCloseTo(6600, 6);
    const [mail] = await outboxOf(whole.id);
    expect(mail!.bodyText).toContain(
      'Your portfolio is now worth $6,610.00, +10.17% against the $6,000.00 you paid for it.',
    );
  });

  it('several consumers share the ticks; each alert fires once', async () => {
    await Promise.all([consumer('a'), consumer('b'), consumer('c')]);
    const user = await createPaidUser(database.db, { planId: 'enterprise' });
    const coins = Array.from({ length: 8 }, newCoin);
    const alerts = await Promise.all(
      coins.map((coin) =>
        createCoinAlert(database.db, user.id, { coin, thresholdValue: 1, method: 'Email' }),
      ),
    );
    for (const coin of coins) await setTestPrice(database.db, coin, 2);
    const ticks = coins.map((coin, i) =>
      makeTick({ [coin]: 2, [coins[(i + 1) % coins.length]!]: 2 }, Date.now()),
    );
    for (const tick of ticks) await bus.append(BUS_STREAMS.ticks, tick);
    await waitFor(() => ticks.every((t) => handled.some((h) => h.tick.id === t.id)), { timeoutMs: 15_000 });
    const fired = [];
    for (const alert of alerts) fired.push(...(await eventsOf(alert.id)));
    expect(fired.map((e) => e.alertId).sort()).toEqual(alerts.map((a) => a.id).sort());
    // Alerts fired by the same tick went out in one message and counted once.
    const notices = new Set(fired.map((e) => e.tickId)).size;
    const [usage] = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toMatchObject({ notificationsSent: notices, emailSent: notices, smsSent: 0 });
  });

  it('a consumer that dies leaves its tick to another, which fires it however long ago it was polled', async () => {
    const coin = newCoin();
    const user = await createPaidUser(database.db);
    const alert = await createCoinAlert(database.db, user.id, {
      coin,
      thresholdValue: 1,
      armedAt: new Date(Date.now() - 10 * POLL_MS),
    });
    // Newer prices have been stored since (the reclaimed tick was judged stale and dropped).
    await setTestPrice(database.db, coin, 0.5);
    // A consumer that takes the tick and dies before acknowledging it.
    let took!: () => void;
    const taken = new Promise<void>((resolve) => (took = resolve));
    const dying = bus.consume(
      BUS_STREAMS.ticks,
      ALERT_CONSUMER_GROUP,
      'dying',
      async () => {
        took();
        throw new Error('process killed');
      },
      { blockMs: 100, claimIdleMs: 60_000 },
    );
    await dying.ready();
    const tick = makeTick({ [coin]: 2 }, Date.now() - 3 * POLL_MS);
    await bus.append(BUS_STREAMS.ticks, tick);
    await taken;
    await dying.stop();
    expect(await bus.pendingCount(BUS_STREAMS.ticks, ALERT_CONSUMER_GROUP)).toBeGreaterThan(0);
    await consumer('survivor', 300);
    await waitFor(() => handled.some((h) => h.tick.id === tick.id), { timeoutMs: 10_000 });
    expect(await eventsOf(alert.id)).toHaveLength(1);
    await waitFor(async () => (await bus.pendingCount(BUS_STREAMS.ticks, ALERT_CONSUMER_GROUP)) === 0, {
      timeoutMs: 5_000,
    });
  });
});
