/** SPEC.md section 4: a coin added to the portfolio gets an alert like the user's first Gain/Loss alert. */
import { subscriptions } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { addHolding, paidUser, price } from './alerts-test-setup.ts';

interface Listed {
  id: string;
  coinSymbol: string;
  thresholdType: string;
  thresholdValue: number;
  notificationMethod: string;
  resetInterval: string;
  triggerPrice: number | null;
  status: string;
}

describe.each(testEngines(process.env.DATABASE_URL))('alerts for new coins on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  const list = async (token: string): Promise<Listed[]> =>
    (await api.call('GET', '/api/alerts/user', { token })).body;
  const bySymbol = async (token: string) => {
    const alerts = await list(token);
    return (symbol: string) => alerts.filter((a) => a.coinSymbol === symbol);
  };
  const holdingAlert = (coinId: string, over: object = {}) => ({
    type: 'PortfolioGainLoss',
    coinId,
    thresholdType: 'Gain',
    thresholdValue: 10,
    notificationMethod: 'Both',
    resetInterval: '1day',
    ...over,
  });

  it('copies type, value, method and reset interval of the first active Gain/Loss holding alert', async () => {
    const user = await paidUser(api);
    const btc = await addHolding(api, user.token, {
      coingeckoId: 'bitcoin',
      symbol: 'BTC',
      purchasePrice: 30000,
    });
    const sol = await addHolding(api, user.token, {
      coingeckoId: 'solana',
      symbol: 'SOL',
      purchasePrice: 100,
    });
    expect((await list(user.token)).length).toBe(0);
    await api.call('POST', '/api/alerts', { token: user.token, body: holdingAlert(btc.id) });
    // Newer, so not the template; and a price alert on a holding is never copied to another coin.
    await api.call('POST', '/api/alerts', {
      token: user.token,
      body: holdingAlert(sol.id, { thresholdType: 'Loss', thresholdValue: 20, notificationMethod: 'Email' }),
    });

    const added = await api.call('POST', '/api/portfolio', {
      token: user.token,
      body: { coingeckoId: 'ethereum', symbol: 'ETH', name: 'Ethereum', quantity: 1, purchasePrice: 2000 },
    });
    // The answer says an alert was set, so the screen can tell the user.
    expect(added.body.autoAlerts).toEqual([
      expect.objectContaining({
        coinSymbol: 'ETH',
        thresholdType: 'Gain',
        thresholdValue: 10,
        notificationMethod: 'Both',
      }),
    ]);
    const [eth] = (await bySymbol(user.token))('ETH');
    expect(eth).toMatchObject({ id: added.body.autoAlerts[0].id, origin: 'auto' });
    expect((await bySymbol(user.token))('BTC')[0]).toMatchObject({ origin: 'user' });
    expect(eth).toMatchObject({
      thresholdType: 'Gain',
      thresholdValue: 10,
      notificationMethod: 'Both',
      resetInterval: '1day',
      triggerPrice: 2200,
      status: 'Active',
    });

    await price(api, 'cardano', 0.5);
    const bulk = await api.call('POST', '/api/portfolio/bulk', {
      token: user.token,
      body: {
        portfolioItems: [
          { coingeckoId: 'ripple', name: 'XRP', symbol: 'XRP', quantity: 10, purchasePrice: 2 },
          { coingeckoId: 'cardano', name: 'Cardano', symbol: 'ADA', quantity: 10, purchasePrice: 0.4 },
          { coingeckoId: 'ethereum', name: 'Ethereum', symbol: 'ETH', quantity: 1, purchasePrice: 1 },
        ],
      },
    });
    expect(bulk.body).toMatchObject({ successful: 2, failed: 1 });
    const of = await bySymbol(user.token);
    expect(of('XRP').map((a) => a.triggerPrice)).toEqual([2.2]);
    expect(of('ADA').map((a) => a.triggerPrice)).toEqual([0.44]);
    expect(of('ETH')).toHaveLength(1);

    // Once per new coin: deleting its alert does not bring it back.
    await api.call('DELETE', `/api/alerts/${eth!.id}`, { token: user.token });
    await api.call('PUT', `/api/portfolio/${btc.id}`, {
      token: user.token,
      body: { purchasePrice: '31000' },
    });
    expect((await bySymbol(user.token))('ETH')).toEqual([]);
  });

  it('nothing without a template, and nothing where creating by hand would be refused', async () => {
    const noTemplate = await paidUser(api);
    const held = await addHolding(api, noTemplate.token, { coingeckoId: 'bitcoin', symbol: 'BTC' });
    await api.call('POST', '/api/alerts', {
      token: noTemplate.token,
      body: holdingAlert(held.id, { thresholdType: 'Above', thresholdValue: 50000 }),
    });
    const paused = (
      await api.call('POST', '/api/alerts', { token: noTemplate.token, body: holdingAlert(held.id) })
    ).body.alerts[0];
    await api.call('PATCH', `/api/alerts/${paused.id}/status`, {
      token: noTemplate.token,
      body: { status: 'Paused' },
    });
    await addHolding(api, noTemplate.token, { coingeckoId: 'ethereum', symbol: 'ETH' });
    expect((await bySymbol(noTemplate.token))('ETH')).toEqual([]);

    const lapsed = await paidUser(api);
    const btc = await addHolding(api, lapsed.token, { coingeckoId: 'bitcoin', symbol: 'BTC' });
    await api.call('POST', '/api/alerts', { token: lapsed.token, body: holdingAlert(btc.id) });
    await api.database.db
      .update(subscriptions)
      .set({ status: 'canceled', planId: null })
      .where(eq(subscriptions.userId, lapsed.id));
    const added = await api.call('POST', '/api/portfolio', {
      token: lapsed.token,
      body: { coingeckoId: 'ethereum', symbol: 'ETH', name: 'Ethereum', quantity: 1, purchasePrice: 100 },
    });
    expect(added.status).toBe(201);
    expect((await bySymbol(lapsed.token))('ETH')).toEqual([]);
  });
});
