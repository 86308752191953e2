import { randomBytes, randomUUID } from 'node:crypto';
import {
  createMailer,
  createSecretBox,
  createSmsSender,
  generateVapidKeys,
  sealDestinationSecret,
} from '@coinpace/adapters';
import {
  createRecordingLogger,
  startPushServicePeer,
  type PeerSubscription,
  type PushServicePeer,
} from '@coinpace/adapters/testing';
import { alertDestinations, alertEvents, alerts, outboxMessages } from '@coinpace/db';
import { createTestDatabase, setTestPrice, testEngines, type TestDatabase } from '@coinpace/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTick } from '../alerts/process-tick.ts';
import { createCoinAlert, createPaidUser, makeTick } from '../testing/alert-fixtures.ts';
import { createDispatcher } from './dispatcher.ts';

const secrets = createSecretBox(randomBytes(32));
const vapid = generateVapidKeys();

describe.each(testEngines(process.env.DATABASE_URL))('browser push through the outbox on %s', (engine) => {
  let database: TestDatabase;
  let peer: PushServicePeer;
  const logger = createRecordingLogger();
  let coinSeq = 0;

  beforeAll(async () => {
    [database, peer] = await Promise.all([
      createTestDatabase(engine, process.env.DATABASE_URL),
      startPushServicePeer(),
    ]);
  });
  afterAll(async () => {
    await peer?.close();
    await database?.close();
  });

  const dispatcher = () =>
    createDispatcher({
      db: database.db,
      logger,
      mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@coinpace.test' }),
      sms: createSmsSender({ logger }),
      secrets,
      vapid,
      allowLoopbackWebhooks: true,
    });
  const deps = () => ({
    db: database.db,
    logger,
    pollMs: 60_000,
    publicUrl: 'http://coinpace.test',
    now: Date.now,
  });

  async function subscribe(userId: string, sub: PeerSubscription) {
    const id = randomUUID();
    await database.db.insert(alertDestinations).values({
      id,
      userId,
      kind: 'push',
      label: 'browser',
      target: sub.endpoint,
      confirmedAt: new Date(),
      ...sealDestinationSecret(secrets, id, JSON.stringify(sub.keys)),
    });
    return id;
  }

  it('a crossing is shown in every subscribed browser once; a gone subscription is dropped', async () => {
    const user = await createPaidUser(database.db);
    const [one, two] = [peer.subscribe(), peer.subscribe()];
    await subscribe(user.id, one);
    const goneId = await subscribe(user.id, two);
    peer.expire(two.endpoint);
    const coin = `push-${engine}-${++coinSeq}`;
    const alert = await createCoinAlert(database.db, user.id, {
      coin,
      symbol: 'PUSH',
      thresholdValue: 100,
      method: 'SMS',
      armedAt: new Date(Date.now() - 1000),
    });
    await database.db
      .update(alerts)
      .set({ channels: ['push'] })
      .where(eq(alerts.id, alert.id));
    await setTestPrice(database.db, coin, 101.5);
    const tick = makeTick({ [coin]: 101.5 }, Date.now());
    await processTick(deps(), tick);
    await processTick(deps(), tick);
    const [event] = await database.db.select().from(alertEvents).where(eq(alertEvents.alertId, alert.id));
    expect(event).toMatchObject({ outcome: 'queued', channels: ['sms', 'push'] });

    const before = peer.messages.length;
    const d = dispatcher();
    while ((await d.runOnce()) > 0);
    const shown = peer.messages.slice(before);
    expect(shown).toHaveLength(1);
    expect(one.endpoint.endsWith(shown[0]!.subscriptionId)).toBe(true);
    expect(shown[0]!.vapidKey).toBe(vapid.publicKey);
    const payload = JSON.parse(shown[0]!.payload);
    expect(payload).toMatchObject({ title: 'Coinpace alert', url: 'http://coinpace.test/alerts' });
    expect(payload.body).toContain('PUSH');
    const [row] = await database.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.userId} = ${user.id} and ${outboxMessages.channel} = 'push'`);
    expect(row).toMatchObject({ status: 'sent', providerId: '1 browser(s)' });
    expect(
      await database.db.select().from(alertDestinations).where(eq(alertDestinations.id, goneId)),
    ).toEqual([]);
    expect(peer.refused).toEqual([]);
  });
});
