/**
 * Test support for suites that follow alerts all the way out: the alert consumer on a bus, the outbox
 * dispatcher sending to a real SMTP peer and Twilio peer, and helpers to read what happened. Call
 * {@link useAlertDelivery} inside a `describe`: it registers the suite's beforeAll and afterAll.
 */
import { createMailer, createSmsSender, subscribeUserEvents } from '@coinpace/adapters';
import {
  createRecordingLogger,
  createTestBus,
  startSmtpPeer,
  startTwilioPeer,
  waitFor,
  type BusKind,
  type SmtpPeer,
  type TestBus,
  type TwilioPeer,
} from '@coinpace/adapters/testing';
import { alertEvents, subscriptions, usagePeriods } from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  setTestPrice,
  type TestDatabase,
  type Engine,
} from '@coinpace/db/testing';
import { BUS_STREAMS, type PriceTick, type UserEvent } from '@coinpace/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { startAlertConsumer } from '../alerts/consumer.ts';
import type { AlertEngineDeps, TickResult } from '../alerts/process-tick.ts';
import { createDispatcher } from '../dispatcher/dispatcher.ts';
import { createCoinAlert, makeTick } from './alert-fixtures.ts';

const POLL_MS = 60_000;

/** Starts the database, bus, peers and an alert consumer for the suite; returns what the tests use. */
export function useAlertDelivery(engine: Engine, busKind: BusKind, name: string) {
  let database: TestDatabase;
  let bus: TestBus;
  let smtp: SmtpPeer;
  let twilio: TwilioPeer;
  const logger = createRecordingLogger();
  const handled: { tick: PriceTick; result: TickResult }[] = [];
  /** The user events published (alert:triggered and others), oldest first. */
  const events: UserEvent[] = [];
  const stops: (() => Promise<void>)[] = [];
  let coinSeq = 0;

  beforeAll(async () => {
    [database, bus, smtp, twilio] = await Promise.all([
      createTestDatabase(engine, process.env.DATABASE_URL),
      createTestBus(busKind, { redisUrl: process.env.REDIS_URL }),
      startSmtpPeer(),
      startTwilioPeer(),
    ]);
    stops.push(await subscribeUserEvents(bus, (e) => events.push(e)));
    const consumer = startAlertConsumer({
      ...h.deps(),
      bus,
      consumerName: name,
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

  const h = {
    events,
    get db() {
      return database.db;
    },
    get twilio() {
      return twilio;
    },
    /** What processTick needs, for calling it directly. */
    deps: (): AlertEngineDeps => ({
      db: database.db,
      logger,
      pollMs: POLL_MS,
      publicUrl: 'http://coinpace.test',
      now: Date.now,
    }),
    /** Puts a tick on the bus and waits until the consumer has handled it. */
    async send(tick: PriceTick) {
      await bus.append(BUS_STREAMS.ticks, tick);
      await waitFor(() => handled.some((x) => x.tick.id === tick.id), { timeoutMs: 10_000 });
    },
    /** Sends every due message to the peers. */
    async dispatch() {
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
    },
    newCoin: () => `${name}-${engine}-${busKind}-${++coinSeq}`,
    mailsTo: (email: string | null) => smtp.messages.filter((m) => m.rcptTo.includes(email ?? '')),
    smsTo: (phone: string | null) => twilio.messages.filter((m) => m.to === phone),
    eventsOf: (ids: string[]) =>
      database.db.select().from(alertEvents).where(inArray(alertEvents.alertId, ids)),
    async usageOf(userId: string) {
      return (await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, userId)))[0];
    },
    /** Records the basic plan's whole allowance as used in the user's current period. */
    async exhaust(userId: string) {
      const [s] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      await database.db.insert(usagePeriods).values({
        userId,
        periodStart: s!.currentPeriodStart!,
        periodEnd: s!.currentPeriodEnd!,
        notificationsSent: 50,
        emailSent: 25,
        smsSent: 25,
      });
    },
    /**
     * 'Protect my portfolio': a 10% loss alert (e-mail and SMS) on each of `n` holdings bought at $100,
     * symbols S01, S02, ...; `first` changes the first alert (its currency).
     */
    async protectPortfolio(userId: string, n: number, first: { currency?: 'eur' } = {}) {
      const coins = Array.from({ length: n }, () => h.newCoin());
      const alerts = [];
      for (const [i, coin] of coins.entries()) {
        const symbol = `S${String(i + 1).padStart(2, '0')}`;
        const item = await createTestHolding(database.db, userId, {
          coingeckoId: coin,
          symbol,
          quantity: '1',
          purchasePrice: '100',
        });
        await setTestPrice(database.db, coin, 100);
        alerts.push(
          await createCoinAlert(database.db, userId, {
            coin,
            symbol,
            thresholdType: 'Loss',
            thresholdValue: 10,
            referencePrice: 100,
            portfolioItemId: item.id,
            method: 'Both',
            armedAt: new Date(Date.now() - 1_000),
            ...(i === 0 ? first : {}),
          }),
        );
      }
      return { coins, alerts };
    },
    /** A market-wide move: every coin at `price` in one tick (which carries a euro rate of 0.9). */
    dip: (coins: string[], price: number): PriceTick => ({
      ...makeTick(Object.fromEntries(coins.map((c) => [c, price])), Date.now()),
      rates: { eur: 0.9 },
    }),
  };
  return h;
}
