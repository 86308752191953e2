import { testEngines } from '@coinpace/db/testing';
import { ALERT_MESSAGES } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { addHolding, paidUser, price } from './alerts-test-setup.ts';

// One engine: the real Postgres when set, else the embedded default (these checks do not differ by engine).
const engine = testEngines(process.env.DATABASE_URL).at(-1)!;

describe(`portfolio alert kinds through the API on ${engine}`, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('creates, lists, updates and deletes each kind, and refuses bad input with a clear 400', async () => {
    const user = await paidUser(api);
    await price(api, 'bitcoin', 50_000);
    await price(api, 'ethereum', 2_000);
    const btc = await addHolding(api, user.token, {
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      purchasePrice: 40_000,
    });
    await addHolding(api, user.token, {
      coingeckoId: 'ethereum',
      symbol: 'ETH',
      quantity: 10,
      purchasePrice: 1_500,
    });
    const post = (body: object) =>
      api.call('POST', '/api/alerts', {
        token: user.token,
        body: { notificationMethod: 'Email', ...body },
      });

    const value = await post({ kind: 'portfolio_value', thresholdType: 'Above', thresholdValue: '75,000' });
    expect(value.status).toBe(201);
    expect(value.body.alerts[0]).toMatchObject({
      scope: 'portfolio_value',
      coinSymbol: 'PORTFOLIO_TOTAL',
      thresholdType: 'Above',
      thresholdValue: 75_000,
      currentPrice: 70_000,
    });
    const drawdown = await post({ kind: 'drawdown', thresholdType: 'Loss', thresholdValue: 10 });
    expect(drawdown.body.alerts[0]).toMatchObject({
      scope: 'drawdown',
      highWater: 70_000,
      triggerPrice: 63_000,
    });
    const pnl = await post({
      kind: 'holding_pnl',
      thresholdType: 'Gain',
      thresholdValue: 5_000,
      measure: 'amount',
      holdingId: btc.id,
    });
    expect(pnl.body.alerts[0]).toMatchObject({ scope: 'holding_pnl', coinSymbol: 'BTC', measure: 'amount' });
    const share = await post({
      kind: 'allocation',
      thresholdType: 'Below',
      thresholdValue: 50,
      holdingId: btc.id,
    });
    expect(share.status).toBe(201);

    const listed = await api.call('GET', '/api/alerts/user', { token: user.token });
    expect(listed.body.map((a: { scope: string }) => a.scope).sort()).toEqual([
      'allocation',
      'drawdown',
      'holding_pnl',
      'portfolio_value',
    ]);

    const bad = async (body: object, message: string) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    };
    await bad(
      { kind: 'drawdown', thresholdType: 'Loss', thresholdValue: 100 },
      ALERT_MESSAGES.lossBelowHundred,
    );
    await bad(
      { kind: 'allocation', thresholdType: 'Above', thresholdValue: 40 },
      'Please choose the holding',
    );
    await bad(
      { kind: 'allocation', thresholdType: 'Above', thresholdValue: 140, holdingId: btc.id },
      'at most 100%',
    );
    await bad(
      { kind: 'holding_pnl', thresholdType: 'Gain', thresholdValue: 5, holdingId: btc.id },
      'measure',
    );
    await bad({ kind: 'portfolio_value', thresholdType: 'Gain', thresholdValue: 5 }, 'Above or Below');
    await bad(
      { kind: 'portfolio_value', thresholdType: 'Above', thresholdValue: '' },
      ALERT_MESSAGES.valueRequired,
    );
    await bad({ kind: 'value', thresholdType: 'Above', thresholdValue: 5 }, 'kind must be one of');
    await bad(
      { kind: 'allocation', thresholdType: 'Above', thresholdValue: 5, holdingId: crypto.randomUUID() },
      'That holding is not in your portfolio.',
    );
    const noMethod = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { kind: 'drawdown', thresholdType: 'Loss', thresholdValue: 5 },
    });
    expect(noMethod.status).toBe(400);
    expect(JSON.stringify(noMethod.body)).toContain(ALERT_MESSAGES.selectMethod);

    const id = drawdown.body.alerts[0].id;
    const put = (body: object) => api.call('PUT', `/api/alerts/${id}`, { token: user.token, body });
    const changed = await put({ thresholdValue: 20 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ thresholdValue: 20, highWater: null });
    expect((await put({ thresholdType: 'Gain' })).status).toBe(400);
    expect((await put({ measure: 'amount' })).status).toBe(400);
    expect((await api.call('DELETE', `/api/alerts/${id}`, { token: user.token })).status).toBe(204);
  });

  it('creates movement and sync-problem alerts, an empty portfolio too, and refuses what does not fit them', async () => {
    const user = await paidUser(api);
    const post = (body: object) =>
      api.call('POST', '/api/alerts', { token: user.token, body: { notificationMethod: 'Email', ...body } });
    const movement = await post({ kind: 'movement', thresholdType: 'Gain', thresholdValue: '1,000' });
    expect(movement.status).toBe(201);
    expect(movement.body.alerts[0]).toMatchObject({
      scope: 'movement',
      coinSymbol: 'PORTFOLIO_TOTAL',
      thresholdType: 'Gain',
      thresholdValue: 1_000,
      currentPrice: null,
      triggerPrice: null,
    });
    const problem = await post({ kind: 'sync_problem', thresholdType: 'Above', thresholdValue: 2 });
    expect(problem.status).toBe(201);
    expect(problem.body.alerts[0]).toMatchObject({ scope: 'sync_problem', thresholdValue: 2 });

    const bad = async (body: object, message: string) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    };
    await bad({ kind: 'movement', thresholdType: 'Above', thresholdValue: 5 }, 'Gain or Loss');
    await bad({ kind: 'sync_problem', thresholdType: 'Above', thresholdValue: 169 }, 'at most 168 hours');
    await bad(
      { kind: 'sync_problem', thresholdType: 'Above', thresholdValue: 1, holdingId: crypto.randomUUID() },
      'leave holdingId out',
    );
    await bad(
      { kind: 'movement', thresholdType: 'Loss', thresholdValue: 5, holdingId: crypto.randomUUID() },
      'That holding is not in your portfolio.',
    );

    const id = problem.body.alerts[0].id;
    const changed = await api.call('PUT', `/api/alerts/${id}`, {
      token: user.token,
      body: { thresholdValue: 6 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ scope: 'sync_problem', thresholdValue: 6 });
  });
});
