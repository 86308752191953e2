import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createMailer,
  createSecretBox,
  createSmsSender,
  newWebhookSecret,
  sealDestinationSecret,
} from '@coinpace/adapters';
import {
  createRecordingLogger,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@coinpace/adapters/testing';
import {
  alertDestinations,
  alertEvents,
  alerts,
  destinationDeliveries,
  outboxMessages,
  subscriptions,
  usagePeriods,
} from '@coinpace/db';
import { createTestDatabase, setTestPrice, testEngines, type TestDatabase } from '@coinpace/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { processTick } from '../alerts/process-tick.ts';
import { createCoinAlert, createPaidUser, makeTick } from '../testing/alert-fixtures.ts';
import { createDispatcher, type DispatcherOptions } from './dispatcher.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const secrets = createSecretBox(randomBytes(32));

/** The verification recipe exactly as docs/alert-channels.md gives it, as a module. */
async function docsRecipe(): Promise<
  (secret: string, body: string, header: string, now?: number) => boolean
> {
  const doc = readFileSync(path.join(here, '../../../docs/alert-channels.md'), 'utf8');
  const block = /<!-- webhook-recipe:start -->\s*```js\n([\s\S]*?)```\s*<!-- webhook-recipe:end -->/.exec(
    doc,
  );
  if (!block) throw new Error('no recipe in docs/alert-channels.md');
  expect(block[1]!.trim().split('\n').length).toBeLessThanOrEqual(10);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'recipe-')), 'verify.mjs');
  writeFileSync(file, block[1]!);
  const mod = (await import(pathToFileURL(file).href)) as { verifyCoinpace: never };
  return mod.verifyCoinpace;
}

describe.each(testEngines(process.env.DATABASE_URL))('webhook delivery on %s', (engine) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const logger = createRecordingLogger();
  let coinSeq = 0;
  const newCoin = () => `hook-${engine}-${++coinSeq}`;

  beforeAll(async () => {
    [database, receiver] = await Promise.all([
      createTestDatabase(engine, process.env.DATABASE_URL),
      startWebhookReceiver(),
    ]);
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answerWith(200);
  });

  const dispatcher = (extra: Partial<DispatcherOptions> = {}) =>
    createDispatcher({
      db: database.db,
      logger,
      // No e-mail or SMS is asked of these: the peers are never reached.
      mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@coinpace.test' }),
      sms: createSmsSender({ logger }),
      secrets,
      allowLoopbackWebhooks: true,
      retry: { baseDelayMs: 1000, maxDelayMs: 8000 },
      ...extra,
    });
  const tickOf = (coin: string, price: number) => makeTick({ [coin]: price }, Date.now());
  const deps = () => ({
    db: database.db,
    logger,
    pollMs: 60_000,
    publicUrl: 'http://coinpace.test',
    now: Date.now,
  });

  /** A paid user with a webhook (confirmed unless said) and an alert on e-mail and the webhook. */
  async function setUp(opts: { confirmed?: boolean; url?: string } = {}) {
    const user = await createPaidUser(database.db);
    const secret = newWebhookSecret();
    const [destination] = await database.db
      .insert(alertDestinations)
      .values({
        id: crypto.randomUUID(),
        userId: user.id,
        kind: 'webhook',
        label: 'receiver',
        target: opts.url ?? receiver.url,
        confirmedAt: opts.confirmed === false ? null : new Date(),
      })
      .returning();
    await database.db
      .update(alertDestinations)
      .set(sealDestinationSecret(secrets, destination!.id, secret))
      .where(eq(alertDestinations.id, destination!.id));
    const coin = newCoin();
    const alert = await createCoinAlert(database.db, user.id, {
      coin,
      symbol: 'HOOK',
      thresholdValue: 100,
      method: 'Email',
      armedAt: new Date(Date.now() - 1000),
    });
    await database.db
      .update(alerts)
      .set({ channels: ['webhook'] })
      .where(eq(alerts.id, alert.id));
    await setTestPrice(database.db, coin, 101.5);
    return { user, secret, destination: destination!, coin, alert };
  }
  const webhookRows = (userId: string) =>
    database.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.userId} = ${userId} and ${outboxMessages.channel} = 'webhook'`);
  const deliveriesOf = (destinationId: string) =>
    database.db
      .select()
      .from(destinationDeliveries)
      .where(eq(destinationDeliveries.destinationId, destinationId))
      .orderBy(destinationDeliveries.at);
  const elapse = (id: string) =>
    database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now() - interval '1 millisecond'` })
      .where(eq(outboxMessages.id, id));

  it('a crossing posts one signed JSON notification that the documented recipe verifies, once', async () => {
    const { user, secret, destination, coin, alert } = await setUp();
    const tick = tickOf(coin, 101.5);
    await processTick(deps(), tick);
    // The tick handled again writes nothing more.
    await processTick(deps(), tick);
    const [event] = await database.db.select().from(alertEvents).where(eq(alertEvents.alertId, alert.id));
    expect(event).toMatchObject({ outcome: 'queued', channels: ['email', 'webhook'] });
    expect(await webhookRows(user.id)).toHaveLength(1);

    const d = dispatcher();
    while ((await d.runOnce()) > 0);
    while ((await d.runOnce()) > 0);
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    const header = hook!.headers['coinpace-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verify = await docsRecipe();
    expect(verify(secret, hook!.body, header)).toBe(true);
    expect(verify(secret, hook!.body.replace('101.5', '999'), header)).toBe(false);
    expect(verify(newWebhookSecret(), hook!.body, header)).toBe(false);
    expect(verify(secret, hook!.body, header, Date.now() / 1000 + 3600)).toBe(false);

    const [row] = await webhookRows(user.id);
    expect(hook!.headers['coinpace-delivery']).toBe(row!.id);
    expect(row).toMatchObject({ status: 'sent', providerId: '200' });
    const body = JSON.parse(hook!.body);
    expect(body).toMatchObject({
      type: 'alert.triggered',
      id: event!.id,
      url: 'http://coinpace.test/alerts',
      alerts: [
        { scope: 'coin', coin: { symbol: 'HOOK' }, value: 101.5, currency: 'usd', thresholdValue: 100 },
      ],
    });
    expect(body.alerts[0].condition).toContain('HOOK');
    expect(await deliveriesOf(destination.id)).toMatchObject([
      { kind: 'alert', attempt: 1, statusCode: 200 },
    ]);
  });

  it('a receiver answering 500 is retried with back-off until it answers 2xx; the log has each answer', async () => {
    const { user, destination, coin } = await setUp();
    await processTick(deps(), tickOf(coin, 101.5));
    receiver.answerWith(500);
    const d = dispatcher();
    await d.runOnce();
    const [pending] = await webhookRows(user.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: 'the receiver answered 500' });
    expect(pending!.nextAttemptAt.getTime() - pending!.attemptStartedAt!.getTime()).toBeGreaterThanOrEqual(
      900,
    );
    receiver.answerWith(200);
    await elapse(pending!.id);
    await d.runOnce();
    expect((await webhookRows(user.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(receiver.received).toHaveLength(2);
    expect((await deliveriesOf(destination.id)).map((x) => x.statusCode)).toEqual([500, 200]);
  });

  it('gives up once the retry window has passed', async () => {
    const { user, coin } = await setUp();
    await processTick(deps(), tickOf(coin, 101.5));
    receiver.answerWith(503);
    await dispatcher({ webhookRetryWindowMs: 500 }).runOnce();
    expect((await webhookRows(user.id))[0]).toMatchObject({ status: 'failed' });
  });

  it('an unconfirmed webhook is sent nothing and the history says why', async () => {
    const { user, coin, alert } = await setUp({ confirmed: false });
    await processTick(deps(), tickOf(coin, 101.5));
    expect(await webhookRows(user.id)).toHaveLength(0);
    const [event] = await database.db.select().from(alertEvents).where(eq(alertEvents.alertId, alert.id));
    expect(event).toMatchObject({ channels: ['email'] });
    expect(event!.detail).toContain('no confirmed webhook destination');
  });

  it('a loopback URL without the test switch fails at once, never reaching the receiver', async () => {
    const { user, destination, coin } = await setUp();
    await processTick(deps(), tickOf(coin, 101.5));
    await dispatcher({ allowLoopbackWebhooks: false }).runOnce();
    const [row] = await webhookRows(user.id);
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.lastError).toMatch(/this machine|loopback|https/);
    expect(receiver.received).toHaveLength(0);
    expect((await deliveriesOf(destination.id))[0]).toMatchObject({ statusCode: null });
  });

  it('goes out when the e-mail allowance is used up, and does not count against the plan', async () => {
    const { user, coin, alert } = await setUp();
    const [sub] = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    await database.db.insert(usagePeriods).values({
      userId: user.id,
      periodStart: sub!.currentPeriodStart!,
      periodEnd: sub!.currentPeriodEnd!,
      notificationsSent: 50,
      emailSent: 25,
      smsSent: 25,
    });
    await processTick(deps(), tickOf(coin, 101.5));
    const [event] = await database.db.select().from(alertEvents).where(eq(alertEvents.alertId, alert.id));
    expect(event).toMatchObject({ outcome: 'queued', channels: ['webhook'] });
    expect(await webhookRows(user.id)).toHaveLength(1);
    const [usage] = await database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
    expect(usage).toMatchObject({ notificationsSent: 50, emailSent: 25 });
  });

  it('Discord and Slack incoming webhooks get the notice as Markdown, unsigned, through the same outbox', async () => {
    const user = await createPaidUser(database.db);
    const origin = new URL(receiver.url).origin;
    for (const [kind, path] of [
      ['discord', '/api/webhooks/123/tok'],
      ['slack', '/services/T1/B1/x'],
    ] as const) {
      await database.db.insert(alertDestinations).values({
        userId: user.id,
        kind,
        label: kind,
        target: `${origin}${path}`,
        confirmedAt: new Date(),
      });
    }
    const coin = newCoin();
    const alert = await createCoinAlert(database.db, user.id, {
      coin,
      symbol: 'CHAT',
      thresholdValue: 100,
      method: 'Email',
      armedAt: new Date(Date.now() - 1000),
    });
    await database.db
      .update(alerts)
      .set({ channels: ['discord', 'slack'] })
      .where(eq(alerts.id, alert.id));
    await setTestPrice(database.db, coin, 101.5);
    await processTick(deps(), tickOf(coin, 101.5));
    const d = dispatcher();
    while ((await d.runOnce()) > 0);
    const discord = receiver.received.find((r) => r.path.startsWith('/api/webhooks/'))!;
    const slack = receiver.received.find((r) => r.path.startsWith('/services/'))!;
    expect(JSON.parse(discord.body)).toMatchObject({ allowed_mentions: { parse: [] } });
    expect(JSON.parse(discord.body).content).toMatch(/\*\*Coinpace alert\*\*\n- CHAT/);
    expect(JSON.parse(slack.body).text).toMatch(
      /^\*Coinpace alert\*\n• CHAT[\s\S]*<http:\/\/coinpace.test\/alerts\|Your alerts>$/,
    );
    expect(discord.headers['coinpace-signature']).toBeUndefined();
  });
});
