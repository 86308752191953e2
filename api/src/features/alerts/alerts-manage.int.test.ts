import { alertEvents, alerts, latestPrices, outboxMessages } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { addHolding, paidUser, price, watchBtc } from './alerts-test-setup.ts';

describe.each(testEngines(process.env.DATABASE_URL))('managing alerts on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('updates, pauses, resumes, changes the reset interval and deletes', async () => {
    const user = await paidUser(api);
    const { id } = (await api.call('POST', '/api/alerts', { token: user.token, body: watchBtc })).body
      .alerts[0];
    const put = await api.call('PUT', `/api/alerts/${id}`, {
      token: user.token,
      body: { thresholdType: 'Below', thresholdValue: '30,000' },
    });
    expect(put.body).toMatchObject({ thresholdType: 'Below', direction: 'below', triggerPrice: 30000 });

    const paused = await api.call('PATCH', `/api/alerts/${id}/status`, {
      token: user.token,
      body: { status: 'Paused' },
    });
    expect(paused.body).toMatchObject({ status: 'Paused', pausedBy: 'user', lifecycle: { state: 'paused' } });
    const resumed = await api.call('PATCH', `/api/alerts/${id}/status`, {
      token: user.token,
      body: { status: 'Active' },
    });
    expect(resumed.body).toMatchObject({ status: 'Active', pausedBy: null });
    const interval = await api.call('PATCH', `/api/alerts/${id}/reset-interval`, {
      token: user.token,
      body: { resetInterval: '1hour' },
    });
    expect(interval.body.resetInterval).toBe('1hour');
    const badInterval = await api.call('PATCH', `/api/alerts/${id}/reset-interval`, {
      token: user.token,
      body: { resetInterval: '2hours' },
    });
    expect(badInterval.status).toBe(400);

    expect((await api.call('DELETE', `/api/alerts/${id}`, { token: user.token })).status).toBe(204);
    expect((await api.call('GET', '/api/alerts/user', { token: user.token })).body).toEqual([]);
  });

  it("another user's alert id is not found on every route", async () => {
    const owner = await paidUser(api);
    const other = await paidUser(api);
    const { id } = (await api.call('POST', '/api/alerts', { token: owner.token, body: watchBtc })).body
      .alerts[0];
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/alerts/${id}`],
      ['GET', `/api/alerts/${id}/history`],
      ['PUT', `/api/alerts/${id}`, { thresholdValue: 1 }],
      ['PATCH', `/api/alerts/${id}/status`, { status: 'Paused' }],
      ['PATCH', `/api/alerts/${id}/reset-interval`, { resetInterval: '1day' }],
      ['DELETE', `/api/alerts/${id}`],
    ];
    for (const [method, path, body] of routes) {
      const response = await api.call(method, path, { token: other.token, body });
      expect({ method, path, status: response.status, error: response.body?.error }).toEqual({
        method,
        path,
        status: 404,
        error: 'Alert not found.',
      });
      const garbage = await api.call(method, path.replace(id, 'not-an-id'), { token: other.token, body });
      expect(garbage.status).toBe(404);
    }
    const [row] = await api.database.db.select().from(alerts).where(eq(alerts.id, id));
    expect(row).toMatchObject({
      status: 'Active',
      thresholdValue: expect.stringMatching(/^50000/),
      resetInterval: '1week',
    });
    expect((await api.call('GET', '/api/alerts/user', { token: other.token })).body).toEqual([]);
  });

  it('every route needs a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/alerts/user'],
      ['GET', '/api/alerts/user/stats'],
      ['POST', '/api/alerts'],
      ['DELETE', '/api/alerts/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await api.call(method, path)).status).toBe(401);
    }
  });

  it('stats: counts by status and type, this period, last firing', async () => {
    const user = await paidUser(api, { planId: 'pro' });
    const a = (await api.call('POST', '/api/alerts', { token: user.token, body: watchBtc })).body.alerts[0];
    await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { ...watchBtc, thresholdType: 'Below', thresholdValue: 1 },
    });
    await api.call('PATCH', `/api/alerts/${a.id}/status`, { token: user.token, body: { status: 'Paused' } });
    await api.database.db.insert(alertEvents).values([
      {
        alertId: a.id,
        userId: user.id,
        idempotencyKey: `${a.id}:t1`,
        tickId: 't1',
        price: '51000',
        outcome: 'delivered',
        channels: ['email'],
      },
      {
        alertId: a.id,
        userId: user.id,
        idempotencyKey: `${a.id}:t2`,
        tickId: 't2',
        price: '52000',
        outcome: 'skipped_allowance',
      },
    ]);
    const stats = await api.call('GET', '/api/alerts/user/stats', { token: user.token });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      total: 2,
      byStatus: { Active: 1, Paused: 1 },
      pausedBy: { user: 1, trigger: 0 },
      byType: { WatchlistPrice: 2, PortfolioGainLoss: 0 },
      byThresholdType: { Above: 1, Below: 1, Gain: 0, Loss: 0 },
      byScope: {
        coin: 2,
        all_coins: 0,
        portfolio: 0,
        portfolio_value: 0,
        drawdown: 0,
        holding_pnl: 0,
        allocation: 0,
      },
      setup: { count: 2, cap: 1500 },
      notifications: {
        sent: 0,
        limit: 200,
        remaining: 200,
        email: { limit: 100 },
        sms: { limit: 100 },
        skipped: 1,
        failed: 0,
      },
    });
    expect(stats.body.lastTriggered).not.toBeNull();
    expect(stats.body.period.start).not.toBeNull();
  });

  it('history per alert and per user, with deliveries', async () => {
    const user = await paidUser(api);
    const a = (await api.call('POST', '/api/alerts', { token: user.token, body: watchBtc })).body.alerts[0];
    const b = (
      await api.call('POST', '/api/alerts', {
        token: user.token,
        body: { ...watchBtc, thresholdValue: 60000 },
      })
    ).body.alerts[0];
    const [event] = await api.database.db
      .insert(alertEvents)
      .values({
        alertId: a.id,
        userId: user.id,
        idempotencyKey: `${a.id}:x`,
        tickId: 'x',
        price: '50500',
        triggerPrice: '50000',
        outcome: 'queued',
        channels: ['email', 'sms'],
        firedAt: new Date(Date.now() - 1000),
      })
      .returning();
    await api.database.db.insert(alertEvents).values({
      alertId: b.id,
      userId: user.id,
      idempotencyKey: `${b.id}:y`,
      tickId: 'y',
      price: '60001',
      outcome: 'skipped_allowance',
    });
    await api.database.db.insert(outboxMessages).values([
      {
        channel: 'email',
        kind: 'alert',
        recipient: 'x@example.test',
        bodyText: 'x',
        dedupeKey: `t:${event!.id}:email`,
        alertEventId: event!.id,
        status: 'sent',
        attempts: 1,
        sentAt: new Date(),
      },
      {
        channel: 'sms',
        kind: 'alert',
        recipient: '+15550001111',
        bodyText: 'x',
        dedupeKey: `t:${event!.id}:sms`,
        alertEventId: event!.id,
        status: 'pending',
        attempts: 2,
        lastError: 'Twilio: down',
      },
    ]);
    const one = await api.call('GET', `/api/alerts/${a.id}/history`, { token: user.token });
    expect(one.body).toEqual([
      expect.objectContaining({
        alertId: a.id,
        coinSymbol: 'BTC',
        price: 50500,
        triggerPrice: 50000,
        outcome: 'queued',
        channels: ['email', 'sms'],
        deliveries: [
          expect.objectContaining({ channel: 'email', status: 'sent', attempts: 1 }),
          expect.objectContaining({
            channel: 'sms',
            status: 'pending',
            attempts: 2,
            lastError: 'Twilio: down',
          }),
        ],
      }),
    ]);
    const all = await api.call('GET', '/api/alerts/user/history?limit=10', { token: user.token });
    expect(all.body.map((e: { outcome: string }) => e.outcome)).toEqual(['skipped_allowance', 'queued']);
    const page = await api.call('GET', '/api/alerts/user/history?limit=1', { token: user.token });
    expect(page.body).toHaveLength(1);
    expect((await api.call('GET', '/api/alerts/user/history?limit=0', { token: user.token })).status).toBe(
      400,
    );
  });

  it('history names each entry by its alert, coin and condition, also once the alert is deleted', async () => {
    const user = await paidUser(api);
    const holding = await addHolding(api, user.token, { coingeckoId: 'bitcoin', symbol: 'BTC' });
    const all = (
      await api.call('POST', '/api/alerts', {
        token: user.token,
        body: {
          type: 'PortfolioGainLoss',
          allCoins: true,
          thresholdType: 'Gain',
          thresholdValue: 5,
          notificationMethod: 'Email',
        },
      })
    ).body.alerts[0];
    const coin = (
      await api.call('POST', '/api/alerts', {
        token: user.token,
        body: {
          type: 'PortfolioGainLoss',
          coinId: holding.id,
          thresholdType: 'Loss',
          thresholdValue: 10,
          notificationMethod: 'Email',
        },
      })
    ).body.alerts[0];
    await api.database.db.insert(alertEvents).values([
      {
        alertId: all.id,
        userId: user.id,
        idempotencyKey: `${all.id}:n`,
        tickId: 'n',
        price: '97736.25',
        outcome: 'delivered',
        scope: 'all_coins',
        coinSymbol: 'BTC',
        thresholdType: 'Gain',
        thresholdValue: '5',
        firedAt: new Date(Date.now() - 2000),
      },
      // An event from before events kept their alert's fields: the alert's own are used.
      {
        alertId: coin.id,
        userId: user.id,
        idempotencyKey: `${coin.id}:o`,
        tickId: 'o',
        price: '27000',
        outcome: 'delivered',
      },
    ]);
    expect((await api.call('DELETE', `/api/alerts/${all.id}`, { token: user.token })).status).toBe(204);
    const history = await api.call('GET', '/api/alerts/user/history?limit=10', { token: user.token });
    expect(history.body).toEqual([
      expect.objectContaining({
        alertId: coin.id,
        scope: 'coin',
        coinSymbol: 'BTC',
        thresholdType: 'Loss',
        thresholdValue: 10,
      }),
      expect.objectContaining({
        alertId: null,
        scope: 'all_coins',
        coinSymbol: 'BTC',
        thresholdType: 'Gain',
        thresholdValue: 5,
        price: 97736.25,
      }),
    ]);
  });

  it('protect my portfolio: a Loss alert per holding within the plan, largest first', async () => {
    const user = await paidUser(api);
    const big = await addHolding(api, user.token, {
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      quantity: 1,
      purchasePrice: 30000,
    });
    await addHolding(api, user.token, {
      coingeckoId: 'polkadot',
      symbol: 'DOT',
      quantity: 10,
      purchasePrice: 0,
    });
    // Adding a coin prices it at once; DOT stands for one the price source could not answer for then.
    await api.database.db.delete(latestPrices).where(eq(latestPrices.coingeckoId, 'polkadot'));
    await addHolding(api, user.token, {
      coingeckoId: 'chainlink',
      symbol: 'LINK',
      quantity: 5,
      purchasePrice: 20,
    });
    await api.call('POST', '/api/portfolio/bulk', {
      token: user.token,
      body: {
        portfolioItems: [
          { coingeckoId: null, symbol: 'ZZZ', name: 'Unknown', quantity: 1, purchasePrice: 1 },
        ],
      },
    });
    await price(api, 'bitcoin', 40000);
    await price(api, 'chainlink', 25);
    await api.call('POST', '/api/alerts', {
      token: user.token,
      body: {
        type: 'PortfolioGainLoss',
        coinId: big.id,
        thresholdType: 'Loss',
        thresholdValue: 5,
        notificationMethod: 'Email',
      },
    });
    const result = await api.call('POST', '/api/alerts/protect-portfolio', {
      token: user.token,
      body: { lossPercent: 20, notificationMethod: 'Both' },
    });
    expect(result.status).toBe(201);
    expect(result.body.created).toBe(1);
    expect(result.body.alerts[0]).toMatchObject({
      coinSymbol: 'LINK',
      thresholdType: 'Loss',
      triggerPrice: 16,
    });
    expect(result.body.skipped).toEqual(
      expect.arrayContaining([
        { symbol: 'BTC', reason: 'already has a loss alert' },
        { symbol: 'DOT', reason: 'no purchase price or current price yet' },
        { symbol: 'ZZZ', reason: 'no live price for this coin' },
      ]),
    );
    const none = await paidUser(api, { planId: null });
    expect(
      (
        await api.call('POST', '/api/alerts/protect-portfolio', {
          token: none.token,
          body: { lossPercent: 20, notificationMethod: 'Email' },
        })
      ).status,
    ).toBe(403);
  });
});
