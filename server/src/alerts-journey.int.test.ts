/**
 * The alerts' end-to-end scenario on the real API, the real poller polling a fake CoinGecko, the real alert
 * worker and real local peers: a price crosses a threshold -> one e-mail (SMTP peer) and one SMS (Twilio peer), the alert is paused and usage
 * counted; the same tick twice -> still one e-mail; re-armed after its interval (injected clock); the
 * Gain trigger follows a purchase-price edit; SMTP down then up -> delivered once; allowance used up ->
 * nothing sent, the firing recorded as skipped.
 */
import { createCoinGeckoPriceSource, createMailer, createSmsSender, type Bus } from '@coinpace/adapters';
import {
  busKinds,
  createFakeCoinGecko,
  createTestBus,
  startSmtpPeer,
  startTwilioPeer,
  waitFor,
  type FakeCoinGecko,
  type SmtpPeer,
  type TwilioPeer,
} from '@coinpace/adapters/testing';
import { startTestApi, type TestApi } from '@coinpace/api/testing';
import { usagePeriods, users } from '@coinpace/db';
import { createTestSubscription, testEngines } from '@coinpace/db/testing';
import { BUS_STREAMS, type PriceTick } from '@coinpace/domain';
import { createPricePoller, startAlertWorker, type AlertWorker, type PricePoller } from '@coinpace/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const HOUR = 3_600_000;
const cases = testEngines(process.env.DATABASE_URL).flatMap((engine) =>
  busKinds(process.env.REDIS_URL).map((bus) => [engine, bus] as const),
);

describe.each(cases)('alerts end to end on %s with the %s bus', (engine, busKind) => {
  let api: TestApi;
  let bus: Bus & { close(): Promise<void> };
  let smtp: SmtpPeer;
  let twilio: TwilioPeer;
  let worker: AlertWorker;
  let coingecko: FakeCoinGecko;
  let poller: PricePoller;
  // The worker's and poller's injected clock runs with the real time, ahead by `skipped`: the API reads
  // the billing period at the real time and both must find the same one (usagePeriodAt), and ticks
  // stamped by the poller fire only alerts the API set up (on the real clock) before them.
  let skipped = 0;
  const clock = () => Date.now() + skipped;
  const handled: PriceTick[] = [];

  beforeAll(async () => {
    bus = await createTestBus(busKind, { redisUrl: process.env.REDIS_URL });
    [api, smtp, twilio] = await Promise.all([
      startTestApi(engine, { PUBLIC_URL: 'https://coinpace.example' }, { bus }),
      startSmtpPeer(),
      startTwilioPeer(),
    ]);
    worker = startAlertWorker({
      db: api.database.db,
      bus,
      mailer: createMailer({
        smtpUrl: `${smtp.url}?connectionTimeout=2000`,
        from: 'Coinpace <alerts@coinpace.example>',
      }),
      sms: createSmsSender({
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        fromNumber: '+15005550006',
        apiUrl: twilio.url,
      }),
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      pollMs: 60_000,
      publicUrl: 'https://coinpace.example',
      consumerName: 'journey',
      now: () => new Date(clock()),
      claimIdleMs: 1_000,
      rearmEveryMs: 50,
      // Retries go by the database's clock, not the injected one: short, so the SMTP outage below is
      // over within a few of them.
      dispatcher: { pollMs: 50, retry: { baseDelayMs: 500, maxDelayMs: 2_000, maxAttempts: 20 } },
      onTick: (tick) => handled.push(tick),
    });
    await worker.ready();
    coingecko = createFakeCoinGecko();
    coingecko.setPrice('bitcoin', 32000);
    poller = createPricePoller({
      db: api.database.db,
      bus,
      prices: createCoinGeckoPriceSource({ baseUrl: (await coingecko.start()).url, minGapMs: 0 }),
      pollMs: 100,
      now: clock,
    });
    poller.start();
  });
  afterAll(async () => {
    await poller?.stop();
    await coingecko?.close();
    await worker?.stop();
    await api?.close();
    await Promise.all([smtp?.close(), twilio?.close(), bus?.close()]);
  });

  /** Moves the price at the fake CoinGecko and waits until the alert consumer has handled the poll's tick. */
  async function movePrice(coin: string, usd: number): Promise<PriceTick> {
    coingecko.setPrice(coin, usd);
    let tick: PriceTick | undefined;
    // The latest tick that carried the coin (ticks carry changed coins only) must carry this price.
    await waitLong(
      () => (tick = handled.findLast((t) => t.prices[coin] !== undefined))?.prices[coin]?.usd === usd,
      {
        what: `tick with ${coin} at ${usd}`,
      },
    );
    return tick!;
  }
  /** Delivers a tick to the consumer group once more, as a redelivery after a crash would. */
  async function redeliver(tick: PriceTick): Promise<void> {
    const before = handled.length;
    await bus.append(BUS_STREAMS.ticks, tick);
    await waitLong(() => handled.slice(before).some((t) => t.id === tick.id), {
      what: 'redelivered tick handled',
    });
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  /**
   * Every step of the journey crosses the poller, the bus, the consumer, the outbox and a peer, all in this
   * test process beside other suites: on a loaded CI machine one step has taken over 10 s. A deadline for
   * liveness only, so a generous one.
   */
  const waitLong: typeof waitFor = (condition, options) =>
    waitFor(condition, { timeoutMs: 30_000, ...options });

  /** Holds one of `coin` bought at `purchasePrice` and sets a 10% gain alert on it. */
  async function gainAlertOnHolding(
    token: string,
    coin: { coingeckoId: string; symbol: string; name: string },
    purchasePrice: number,
    notificationMethod: 'Both' | 'SMS',
  ): Promise<{ alertId: string; holdingId: string }> {
    const holding = (
      await api.call('POST', '/api/portfolio', { token, body: { ...coin, quantity: 1, purchasePrice } })
    ).body;
    const created = await api.call('POST', '/api/alerts', {
      token,
      body: {
        type: 'PortfolioGainLoss',
        coinId: holding.id,
        thresholdType: 'Gain',
        thresholdValue: 10,
        notificationMethod,
        resetInterval: '1hour',
      },
    });
    expect(created.status).toBe(201);
    return { alertId: created.body.alerts[0].id, holdingId: holding.id };
  }

  it('a paid user sets an alert; the price crosses it; e-mail and SMS arrive exactly once', async () => {
    const { token, user } = await api.signUp(`journey-${engine}-${busKind}@example.test`);
    await api.call('PATCH', '/api/users/me', { token, body: { phone: '+15557654321' } });
    // The phone counts as confirmed here; confirming it by SMS code is the next test's journey.
    await api.database.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, user.id));
    await createTestSubscription(api.database.db, user.id, {
      planId: 'basic',
      periodStart: new Date(clock() - 24 * HOUR),
    });
    const { alertId, holdingId } = await gainAlertOnHolding(
      token,
      { coingeckoId: 'bitcoin', symbol: 'BTC', name: 'Bitcoin' },
      30000,
      'Both',
    );
    const alert = async () => (await api.call('GET', `/api/alerts/${alertId}`, { token })).body;
    const stats = async () => (await api.call('GET', '/api/alerts/user/stats', { token })).body;

    // Below the trigger (33,000): nothing.
    await movePrice('bitcoin', 32000);
    await settle();
    expect(smtp.messages).toHaveLength(0);

    // Crosses: one e-mail, one SMS, paused, counted.
    const tick = await movePrice('bitcoin', 34000);
    await waitLong(() => smtp.messages.length === 1 && twilio.messages.length === 1, {
      what: 'e-mail and SMS',
    });
    expect(smtp.messages[0]).toMatchObject({
      rcptTo: [`journey-${engine}-${busKind}@example.test`],
      subject: 'Coinpace alert: BTC is up 10% or more',
    });
    expect(smtp.messages[0]!.text).toContain('Bitcoin (BTC) is now $34,000.00, +13.33% from $30,000.00.');
    expect(smtp.messages[0]!.html).toContain('href="https://coinpace.example/alerts"');
    expect(twilio.messages[0]).toMatchObject({
      to: '+15557654321',
      body: 'Coinpace: BTC is up 10% or more, now $34,000.00. https://coinpace.example/alerts',
    });
    expect(await alert()).toMatchObject({
      status: 'Paused',
      pausedBy: 'trigger',
      lifecycle: { state: 'cooling_down' },
    });
    expect((await stats()).notifications).toMatchObject({
      sent: 1,
      remaining: 49,
      email: { sent: 1 },
      sms: { sent: 1 },
    });
    await waitLong(
      async () =>
        (await api.call('GET', `/api/alerts/${alertId}/history`, { token })).body[0]?.outcome === 'delivered',
      { what: 'event delivered' },
    );

    // The same tick delivered twice: still one e-mail.
    await redeliver(tick);
    await settle();
    expect(smtp.messages).toHaveLength(1);
    expect(twilio.messages).toHaveLength(1);

    // Re-armed once its interval (1 hour) has passed on the injected clock.
    skipped += HOUR - 60_000;
    await settle();
    expect((await alert()).status).toBe('Paused');
    skipped += 60_000;
    await waitLong(async () => (await alert()).status === 'Active', { what: 're-armed' });
    expect((await alert()).lifecycle.state).toBe('rearmed');

    // The Gain trigger follows a purchase-price edit: 40,000 -> fires at 44,000, not at 41,000.
    await api.call('PUT', `/api/portfolio/${holdingId}`, { token, body: { purchasePrice: '40000' } });
    expect((await alert()).triggerPrice).toBe(44000);
    await movePrice('bitcoin', 41000);
    await settle();
    expect(smtp.messages).toHaveLength(1);
    expect((await alert()).status).toBe('Active');

    // SMTP down when it fires: the SMS goes, the e-mail waits and is delivered once SMTP is back.
    await smtp.down();
    await movePrice('bitcoin', 45000);
    await waitLong(() => twilio.messages.length === 2, { what: 'second SMS' });
    await settle();
    expect(smtp.messages).toHaveLength(1);
    await smtp.up();
    await waitLong(() => smtp.messages.length === 2, { what: 'e-mail after SMTP is back' });
    expect(smtp.messages[1]!.text).toContain('$45,000.00');
    skipped += 10 * 60_000;
    await settle();
    expect(smtp.messages).toHaveLength(2);
    expect((await stats()).notifications.sent).toBe(2);

    // Allowance used up: the next firing sends nothing and is recorded as skipped; the alert stays
    // Active (no cool-down), so it fires once the allowance allows.
    await api.database.db
      .update(usagePeriods)
      .set({ notificationsSent: 50 })
      .where(eq(usagePeriods.userId, user.id));
    skipped += HOUR;
    await waitLong(async () => (await alert()).status === 'Active', { what: 're-armed again' });
    const outcomes = async () =>
      (await api.call('GET', `/api/alerts/${alertId}/history`, { token })).body.map(
        (e: { outcome: string }) => e.outcome,
      );
    await movePrice('bitcoin', 46000);
    await waitLong(async () => (await outcomes())[0] === 'skipped_allowance', {
      what: 'fired at zero allowance',
    });
    await settle();
    expect(smtp.messages).toHaveLength(2);
    expect(twilio.messages).toHaveLength(2);
    expect(await outcomes()).toEqual(['skipped_allowance', 'delivered', 'delivered']);
    expect(await alert()).toMatchObject({ status: 'Active' });
    expect((await stats()).notifications).toMatchObject({ sent: 50, remaining: 0, skipped: 1 });
  }, 180_000); // a hang guard only: each wait has its own deadline
  it('an unconfirmed phone gets no SMS and the history says why; confirmed by code, the next firing is sent', async () => {
    const { token, user } = await api.signUp(`verify-${engine}-${busKind}@example.test`);
    await api.call('PATCH', '/api/users/me', { token, body: { phone: '+12025550144' } });
    expect((await api.call('GET', '/api/users/me', { token })).body.user).toMatchObject({
      phone: '+12025550144',
      phoneVerified: false,
      emailVerified: true,
    });
    await createTestSubscription(api.database.db, user.id, {
      planId: 'basic',
      periodStart: new Date(clock() - 24 * HOUR),
    });
    coingecko.setPrice('ethereum', 2000);
    const { alertId } = await gainAlertOnHolding(
      token,
      { coingeckoId: 'ethereum', symbol: 'ETH', name: 'Ethereum' },
      2000,
      'SMS',
    );
    const alert = async () => (await api.call('GET', `/api/alerts/${alertId}`, { token })).body;
    const history = async () => (await api.call('GET', `/api/alerts/${alertId}/history`, { token })).body;
    const toPhone = () => twilio.messages.filter((m) => m.to === '+12025550144');

    // Fires while the phone is unconfirmed: no SMS, no allowance used, the reason in the history.
    await movePrice('ethereum', 2300);
    await waitLong(async () => (await alert()).status === 'Paused', { what: 'fired unconfirmed' });
    await settle();
    expect(toPhone()).toHaveLength(0);
    expect(await history()).toMatchObject([{ outcome: 'failed', detail: 'phone number not verified' }]);
    const stats = (await api.call('GET', '/api/alerts/user/stats', { token })).body;
    expect(stats.notifications).toMatchObject({ sent: 0, sms: { sent: 0 } });

    // The user asks for a code; it arrives by SMS (Twilio peer) and confirms the phone.
    const sent = await api.call('POST', '/api/users/me/verification', { token, body: { channel: 'sms' } });
    expect(sent.status).toBe(202);
    await waitLong(() => toPhone().length === 1, { what: 'verification SMS' });
    const code = /\b(\d{6})\b/.exec(toPhone()[0]!.body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await api.call('POST', '/api/users/me/verification/confirm', {
      token,
      body: { channel: 'sms', code: wrong },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'That code is not right. Check the message and try again.' },
    });
    const confirmed = await api.call('POST', '/api/users/me/verification/confirm', {
      token,
      body: { channel: 'sms', code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user.phoneVerified).toBe(true);

    // Re-armed; the next crossing is sent.
    skipped += HOUR;
    await waitLong(async () => (await alert()).status === 'Active', { what: 're-armed' });
    await movePrice('ethereum', 2000);
    await movePrice('ethereum', 2400);
    await waitLong(() => toPhone().length === 2, { what: 'alert SMS after confirming' });
    expect(toPhone()[1]!.body).toContain('ETH is up 10% or more');
  }, 120_000); // a hang guard only: each wait has its own deadline
});
