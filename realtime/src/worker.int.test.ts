/**
 * Two alert workers on one database and one bus, as in a cluster: the worker whose consumer fires a
 * burst of alerts tells the other at once, so both send the burst from the first moment rather than one
 * of them waiting for its next outbox poll.
 */
import { createMailer, createSmsSender } from '@coinpace/adapters';
import {
  busKinds,
  createTestBus,
  startSmtpPeer,
  waitFor,
  type SmtpPeer,
  type TestBus,
} from '@coinpace/adapters/testing';
import { outboxMessages } from '@coinpace/db';
import { createTestDatabase, setTestPrice, testEngines, type TestDatabase } from '@coinpace/db/testing';
import { BUS_STREAMS } from '@coinpace/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoinAlert, createPaidUser, makeTick } from './testing/alert-fixtures.ts';
import { startAlertWorker, type AlertWorker } from './worker.ts';

const logger = { debug() {}, info() {}, warn() {}, error() {} };
const cases = testEngines(process.env.DATABASE_URL).flatMap((engine) =>
  busKinds(process.env.REDIS_URL).map((bus) => [engine, bus] as const),
);
const USERS = 20;

describe.each(cases)('two alert workers on %s with the %s bus', (engine, busKind) => {
  let database: TestDatabase;
  let bus: TestBus;
  let smtp: SmtpPeer;
  const workers: AlertWorker[] = [];
  const names = [`worker-a-${engine}-${busKind}`, `worker-b-${engine}-${busKind}`];

  beforeAll(async () => {
    [database, bus, smtp] = await Promise.all([
      createTestDatabase(engine, process.env.DATABASE_URL),
      createTestBus(busKind, { redisUrl: process.env.REDIS_URL }),
      startSmtpPeer(),
    ]);
    for (const name of names) {
      const worker = startAlertWorker({
        db: database.db,
        bus,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'Coinpace <alerts@coinpace.test>' }),
        sms: createSmsSender({ logger }),
        logger,
        pollMs: 60_000,
        publicUrl: 'http://coinpace.test',
        consumerName: name,
        // Neither dispatcher looks on its own during the test: only being told makes it send.
        dispatcher: { pollMs: 600_000, concurrency: 1 },
      });
      workers.push(worker);
      await worker.ready();
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await bus?.close();
    await smtp?.close();
    await database?.close();
  });

  it('both workers send a burst fired by either one', async () => {
    const { db } = database;
    const coin = `burst-${engine}-${busKind}`;
    await setTestPrice(db, coin, 10);
    const users: Awaited<ReturnType<typeof createPaidUser>>[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const user = await createPaidUser(db);
      users.push(user);
      await createCoinAlert(db, user.id, {
        coin,
        thresholdType: 'Above',
        thresholdValue: 15,
        method: 'Email',
        armedAt: new Date(Date.now() - 1_000),
      });
    }
    // Both dispatchers have done their first look at start-up; from here only a wake-up sends.
    await bus.append(BUS_STREAMS.ticks, makeTick({ [coin]: 20 }, Date.now()));

    const emails = users.map((u) => u.email!);
    const sent = () =>
      db
        .select({ claimedBy: outboxMessages.claimedBy, status: outboxMessages.status })
        .from(outboxMessages)
        .where(
          inArray(
            outboxMessages.userId,
            users.map((u) => u.id),
          ),
        );
    await waitFor(async () => (await sent()).filter((r) => r.status === 'sent').length === USERS, {
      what: `${USERS} alert e-mails sent`,
      timeoutMs: 20_000,
    });
    const rows = await sent();
    expect(rows).toHaveLength(USERS);
    expect(smtp.messages.filter((m) => emails.some((e) => m.rcptTo.includes(e)))).toHaveLength(USERS);
    // Each worker sent part of the burst.
    expect(new Set(rows.map((r) => r.claimedBy))).toEqual(new Set(names));
  });
});
