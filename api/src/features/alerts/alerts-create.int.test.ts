import { insertAlerts, saveFxRates, subscriptions, trackedCoins } from '@coinpace/db';
import { createTestHolding, testEngines } from '@coinpace/db/testing';
import { ALERT_MESSAGES, ERROR_CATALOGUE } from '@coinpace/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { addHolding, paidUser, price, recordSentNotifications, watchBtc } from './alerts-test-setup.ts';

describe.each(testEngines(process.env.DATABASE_URL))('creating alerts on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('creates a watch-list price alert with its trigger, lifecycle, live price and distance', async () => {
    const user = await paidUser(api);
    await price(api, 'bitcoin', 40000);
    const created = await api.call('POST', '/api/alerts', { token: user.token, body: watchBtc });
    expect(created.status).toBe(201);
    expect(created.body.created).toBe(1);
    const [alert] = created.body.alerts;
    expect(alert).toMatchObject({
      type: 'WatchlistPrice',
      scope: 'coin',
      coinSymbol: 'BTC',
      coinId: { id: 'bitcoin', name: 'Bitcoin', shortname: 'BTC', currentPrice: 40000 },
      thresholdType: 'Above',
      thresholdValue: 50000,
      notificationMethod: 'Both',
      status: 'Active',
      pausedBy: null,
      resetInterval: '1week',
      direction: 'above',
      triggerPrice: 50000,
      lifecycle: { state: 'ready', cooldownUntil: null },
    });
    expect(alert._id).toBe(alert.id);
    expect(alert.distancePercent).toBeCloseTo(25, 9);
    const listed = await api.call('GET', '/api/alerts/user', { token: user.token });
    expect(listed.body.map((a: { id: string }) => a.id)).toEqual([alert.id]);
    const [tracked] = await api.database.db
      .select()
      .from(trackedCoins)
      .where(eq(trackedCoins.coingeckoId, 'bitcoin'));
    expect(tracked).toMatchObject({ symbol: 'BTC', reason: 'alert' });
  });

  it('an alert keeps the currency it was set in and states its prices in it', async () => {
    const user = await paidUser(api);
    await api.call('PATCH', '/api/users/me', { token: user.token, body: { displayCurrency: 'eur' } });
    await saveFxRates(api.database.db, { eur: 0.9, gbp: 0.8 }, new Date());
    await price(api, 'bitcoin', 40000);
    const post = (body: object) => api.call('POST', '/api/alerts', { token: user.token, body });

    // Without a currency, the user's display currency.
    const euro = await post({ ...watchBtc, thresholdValue: '45,000' });
    expect(euro.status).toBe(201);
    expect(euro.body.alerts[0]).toMatchObject({
      currency: 'eur',
      thresholdValue: 45000,
      triggerPrice: 45000,
      currentPrice: 36000,
      coinId: { currentPrice: 40000 },
    });
    expect(euro.body.alerts[0].distancePercent).toBeCloseTo(25, 9);
    const dollar = await post({ ...watchBtc, currency: 'usd' });
    expect(dollar.body.alerts[0]).toMatchObject({
      currency: 'usd',
      triggerPrice: 50000,
      currentPrice: 40000,
    });

    // A Gain/Loss trigger stays in dollars and is stated in the alert's currency.
    const holding = await addHolding(api, user.token, {
      coingeckoId: 'ethereum',
      symbol: 'ETH',
      purchasePrice: 2000,
    });
    const gain = await post({
      type: 'PortfolioGainLoss',
      coinId: holding.id,
      thresholdType: 'Gain',
      thresholdValue: 10,
      notificationMethod: 'Email',
    });
    expect(gain.body.alerts[0]).toMatchObject({ currency: 'eur', direction: 'above' });
    expect(gain.body.alerts[0].triggerPrice).toBeCloseTo(1980, 9);
    expect(gain.body.alerts[0].referenceValue).toBeCloseTo(1800, 9);

    // Choosing another display currency later changes no alert; an edit keeps the alert's currency.
    await api.call('PATCH', '/api/users/me', { token: user.token, body: { displayCurrency: 'gbp' } });
    const id = euro.body.alerts[0].id;
    const edited = await api.call('PUT', `/api/alerts/${id}`, {
      token: user.token,
      body: { thresholdValue: 46000 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ currency: 'eur', thresholdValue: 46000, triggerPrice: 46000 });
    const listed = await api.call('GET', '/api/alerts/user', { token: user.token });
    expect(listed.body.map((a: { currency: string }) => a.currency).sort()).toEqual(['eur', 'eur', 'usd']);

    // The price cap is the alert's currency's: 10,000,000 dollars, ten times that in pounds, yen far more.
    expect((await post({ ...watchBtc, currency: 'jpy', thresholdValue: '15,000,000' })).status).toBe(201);
    const tooHigh = await post({ ...watchBtc, thresholdValue: 100_000_001 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.error).toBe('Alert value must be at most 100,000,000');
    const dollarCap = await post({ ...watchBtc, currency: 'usd', thresholdValue: 10_000_001 });
    expect(dollarCap.body.error).toBe('Alert value must be at most 10,000,000');
    const unknown = await post({ ...watchBtc, currency: 'xau' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('currency must be one of usd, eur');
  });

  it('a Gain/Loss alert on a holding follows its purchase price', async () => {
    const user = await paidUser(api);
    const holding = await addHolding(api, user.token, {
      coingeckoId: 'ethereum',
      symbol: 'ETH',
      purchasePrice: 2000,
    });
    const created = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: {
        type: 'PortfolioGainLoss',
        coinId: holding.id,
        thresholdType: 'Gain',
        thresholdValue: 10,
        notificationMethod: 'Email',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.alerts[0]).toMatchObject({
      direction: 'above',
      triggerPrice: 2200,
      referenceValue: 2000,
      portfolioItemId: holding.id,
    });

    const loss = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: {
        type: 'PortfolioGainLoss',
        coinId: 'ethereum',
        thresholdType: 'Loss',
        thresholdValue: 25,
        notificationMethod: 'SMS',
      },
    });
    expect(loss.body.alerts[0]).toMatchObject({ direction: 'below', triggerPrice: 1500 });

    await api.call('PUT', `/api/portfolio/${holding.id}`, {
      token: user.token,
      body: { purchasePrice: '3000' },
    });
    const listed = await api.call('GET', '/api/alerts/user', { token: user.token });
    const byType = Object.fromEntries(
      listed.body.map((a: { thresholdType: string }) => [a.thresholdType, a]),
    );
    expect(byType.Gain).toMatchObject({ triggerPrice: 3300, referenceValue: 3000 });
    expect(byType.Loss).toMatchObject({ triggerPrice: 2250, referenceValue: 3000 });
  });

  it('several coins, all coins and the whole portfolio are percentage alerts', async () => {
    const user = await paidUser(api, { planId: 'pro' });
    await addHolding(api, user.token, {
      coingeckoId: 'solana',
      symbol: 'SOL',
      quantity: 10,
      purchasePrice: 100,
    });
    await addHolding(api, user.token, {
      coingeckoId: 'cardano',
      symbol: 'ADA',
      quantity: 1000,
      purchasePrice: 0.5,
    });
    await price(api, 'solana', 150);
    await price(api, 'cardano', 1);
    const base = {
      type: 'PortfolioGainLoss',
      thresholdType: 'Loss',
      thresholdValue: 10,
      notificationMethod: 'Email',
    };

    const many = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { ...base, coinIds: ['solana', 'cardano'] },
    });
    expect(many.status).toBe(201);
    expect(
      many.body.alerts.map((a: { coinSymbol: string; triggerPrice: number }) => [
        a.coinSymbol,
        a.triggerPrice,
      ]),
    ).toEqual([
      ['SOL', 90],
      ['ADA', 0.45],
    ]);

    const all = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { ...base, allCoins: true },
    });
    expect(all.body.alerts[0]).toMatchObject({
      scope: 'all_coins',
      coinSymbol: 'ALL_COINS',
      coinId: null,
      direction: null,
      triggerPrice: null,
    });

    const whole = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { ...base, wholePortfolio: true, thresholdType: 'Gain' },
    });
    // Measured against what the holdings cost (1,500), like the Portfolio screen's Gain/Loss: +10% is 1,650.
    expect(whole.body.alerts[0]).toMatchObject({
      scope: 'portfolio',
      coinSymbol: 'PORTFOLIO_TOTAL',
      referenceValue: 1500,
      currentPrice: 2500,
    });
    expect(whole.body.alerts[0].triggerPrice).toBeCloseTo(1650, 6);
    expect(whole.body.alerts[0].distancePercent).toBeCloseTo(-34, 9);
    await addHolding(api, user.token, {
      coingeckoId: 'tron',
      symbol: 'TRX',
      quantity: 1000,
      purchasePrice: 2,
    });
    await price(api, 'tron', 2);
    const afterDeposit = await api.call('GET', `/api/alerts/${whole.body.alerts[0].id}`, {
      token: user.token,
    });
    expect(afterDeposit.body).toMatchObject({ referenceValue: 3500, currentPrice: 4500 });
    expect(afterDeposit.body.triggerPrice).toBeCloseTo(3850, 6);
    // The alerts list states the whole-portfolio trigger too, as the preview worked it out.
    const list = await api.call('GET', '/api/alerts/user', { token: user.token });
    const listed = (list.body as { id: string; triggerPrice: number | null }[]).find(
      (a) => a.id === whole.body.alerts[0].id,
    );
    expect(listed?.triggerPrice).toBeCloseTo(3850, 6);

    const bad = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { ...base, thresholdType: 'Above', coinIds: ['solana', 'cardano'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(ALERT_MESSAGES.percentOnly);
    const both = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { ...base, wholePortfolio: true, allCoins: true },
    });
    expect(both.body.error).toBe(ALERT_MESSAGES.portfolioOrAll);
    const notHeld = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { ...base, coinId: 'dogecoin' },
    });
    expect(notHeld).toMatchObject({ status: 400, body: { error: 'dogecoin is not in your portfolio.' } });
  });

  it.each([
    [{ notificationMethod: undefined }, ALERT_MESSAGES.selectMethod],
    [{ coinId: undefined }, ALERT_MESSAGES.missingCoinId],
    [{ thresholdValue: '' }, ALERT_MESSAGES.valueRequired],
    [{ thresholdType: 'Loss', thresholdValue: 100 }, ALERT_MESSAGES.lossBelowHundred],
  ])('refuses %o with 400 and the message', async (change, message) => {
    const user = await paidUser(api);
    const response = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { ...watchBtc, ...change },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it('a whole-portfolio alert needs a holding with a price and a purchase price', async () => {
    const user = await paidUser(api);
    await createTestHolding(api.database.db, user.id, {
      coingeckoId: 'ripple',
      symbol: 'XRP',
      purchasePrice: '0',
    });
    await price(api, 'ripple', 2);
    const response = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: {
        type: 'PortfolioGainLoss',
        wholePortfolio: true,
        thresholdType: 'Loss',
        thresholdValue: 10,
        notificationMethod: 'Email',
      },
    });
    expect(response).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(response.body.error).toMatch(/both a live price and a purchase price/);
  });

  it('a watch-list percentage alert needs a known price', async () => {
    const user = await paidUser(api);
    const response = await api.call('POST', '/api/alerts', {
      token: user.token,
      body: { ...watchBtc, coinId: 'no-price-coin', thresholdType: 'Gain', thresholdValue: 5 },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/No purchase price or current price is known/);
  });

  describe('who may create alerts (403 with SPEC.md texts)', () => {
    it('no plan, or a Pending account', async () => {
      const none = await paidUser(api, { planId: null });
      const response = await api.call('POST', '/api/alerts', { token: none.token, body: watchBtc });
      expect(response).toMatchObject({
        status: 403,
        body: { code: 'PLAN_REQUIRED', error: 'You must upgrade to a paid plan to set alerts.' },
      });
      const pending = await paidUser(api);
      await api.database.db
        .update(subscriptions)
        .set({ status: 'pending' })
        .where(eq(subscriptions.userId, pending.id));
      expect(
        (await api.call('POST', '/api/alerts', { token: pending.token, body: watchBtc })).body.code,
      ).toBe('PLAN_REQUIRED');
    });

    it('the allowance of this period used up', async () => {
      const user = await paidUser(api);
      await recordSentNotifications(api, user.id, { notificationsSent: 50 });
      const response = await api.call('POST', '/api/alerts', { token: user.token, body: watchBtc });
      expect(response).toMatchObject({
        status: 403,
        body: { code: 'ALERT_LIMIT_REACHED', error: ERROR_CATALOGUE.ALERT_LIMIT_REACHED.message },
      });
      expect(response.body.error).toContain(
        'used all of your alerts for this billing period. Upgrade your plan or wait for your next billing cycle',
      );
    });

    it('a channel used up: refused for that channel alone, allowed when the other channel still sends', async () => {
      const user = await paidUser(api);
      // 25 of 50 in all, but all 25 of the SMS cap: SMS alerts would send nothing.
      await recordSentNotifications(api, user.id, { notificationsSent: 25, smsSent: 25 });
      const smsOnly = await api.call('POST', '/api/alerts', {
        token: user.token,
        body: { ...watchBtc, notificationMethod: 'SMS' },
      });
      expect(smsOnly).toMatchObject({
        status: 403,
        body: {
          code: 'ALERT_LIMIT_REACHED',
          error:
            'You have used all of your SMS alerts for this billing period. Upgrade your plan or wait for your next billing cycle.',
          details: { usedUp: ['sms'] },
        },
      });
      for (const notificationMethod of ['Email', 'Both']) {
        const allowed = await api.call('POST', '/api/alerts', {
          token: user.token,
          body: { ...watchBtc, notificationMethod },
        });
        expect(allowed.status).toBe(201);
      }
      const stats = await api.call('GET', '/api/alerts/user/stats', { token: user.token });
      expect(stats.body.notifications).toMatchObject({
        sent: 25,
        remaining: 25,
        email: { sent: 0, limit: 25, remaining: 25 },
        sms: { sent: 25, limit: 25, remaining: 0 },
      });
    });

    it('past the set-up cap of the plan', async () => {
      const user = await paidUser(api);
      await insertAlerts(
        api.database.db,
        Array.from({ length: 200 }, () => ({
          userId: user.id,
          type: 'WatchlistPrice',
          coingeckoId: 'bitcoin',
          coinSymbol: 'BTC',
          thresholdType: 'Above',
          thresholdValue: '1000000',
          notificationMethod: 'Email',
          direction: 'above',
          triggerPrice: '1000000',
        })),
      );
      const response = await api.call('POST', '/api/alerts', { token: user.token, body: watchBtc });
      expect(response).toMatchObject({
        status: 403,
        body: { code: 'ALERT_SETUP_CAP_REACHED', details: { cap: 200, existing: 200 } },
      });
      expect(response.body.error).toMatch(/up to 200 alerts/);
    });

    it('the contact details the methods need', async () => {
      const user = await paidUser(api, { phone: null });
      const sms = await api.call('POST', '/api/alerts', { token: user.token, body: watchBtc });
      expect(sms).toMatchObject({
        status: 403,
        body: { code: 'PROFILE_INCOMPLETE', details: { missing: ['phone number'] } },
      });
      expect(sms.body.error).toMatch(/^Missing Required Information/);
      const email = await api.call('POST', '/api/alerts', {
        token: user.token,
        body: { ...watchBtc, notificationMethod: 'Email' },
      });
      expect(email.status).toBe(201);
    });
  });
});
