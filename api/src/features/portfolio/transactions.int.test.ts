/** A holding's transaction routes, through the real API and database. */
import { saveFxRates } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const btc = { coingeckoId: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', quantity: '1', purchasePrice: '100' };
const at = (day: number) => new Date(Date.UTC(2025, 0, day)).toISOString();

describe.each(testEngines(process.env.DATABASE_URL))('holding transactions on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('derives the holding from buys and sells, by average cost and FIFO, and keeps the row in step', async () => {
    const { token } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: btc });
    const path = `/api/portfolio/${holding.id}/transactions`;
    const buy = await api.call('POST', path, {
      token,
      body: { type: 'buy', at: at(1), quantity: '3', pricePerCoin: '200', fee: '4' },
    });
    expect(buy.status).toBe(201);
    const sell = await api.call('POST', path, {
      token,
      body: { type: 'sell', at: at(2), quantity: '2', pricePerCoin: '250', fee: '4', note: 'Took profit' },
    });
    // Opening 1 @ 100 (now), buy 3 @ 200 + 4 on Jan 1, sell 2 on Jan 2: only the Jan 1 coins were held then.
    // Average: 604 / 3 per coin; the sale realises 496 - 2 x 604/3.
    expect(sell.body.derived).toMatchObject({ quantity: '2', realisedGain: '93.333333333333333333' });
    const [row] = (await api.call('GET', '/api/portfolio', { token })).body;
    // 1 left of the Jan 1 coins at 604/3 and the opening coin at 100, written now: 301.333... / 2.
    expect(row).toMatchObject({ quantity: '2', purchasePrice: '150.666666666666666667' });
    const fifo = await api.call('GET', `${path}?method=fifo`, { token });
    expect(fifo.body.derived.method).toBe('fifo');
    expect(fifo.body.transactions.map((t: { type: string }) => t.type)).toEqual(['buy', 'sell', 'buy']);
  });

  it('keeps a transaction in the currency it was made in, and the row in dollars at that day’s rate', async () => {
    const { token } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: btc });
    const path = `/api/portfolio/${holding.id}/transactions`;
    // A euro bought two dollars on Jan 3 (0.5 euros a dollar), 1.25 dollars on Jan 4.
    await saveFxRates(api.database.db, { eur: 0.5 }, new Date(at(3)));
    await saveFxRates(api.database.db, { eur: 0.8 }, new Date(at(4)));
    const bad = await api.call('POST', path, {
      token,
      body: { type: 'buy', at: at(3), quantity: '1', pricePerCoin: '100', currency: 'EURO' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('currency must be one of usd, eur, gbp, jpy, cad, aud, chf, btc, eth');
    const buy = await api.call('POST', path, {
      token,
      body: { type: 'buy', at: at(3), quantity: '1', pricePerCoin: '150', fee: '10', currency: 'eur' },
    });
    expect(buy.status).toBe(201);
    const recorded = buy.body.transactions.find(
      (t: { type: string; currency: string }) => t.type === 'buy' && t.currency === 'eur',
    );
    expect(recorded).toMatchObject({ pricePerCoin: '150', fee: '10', currency: 'eur' });
    // (150 + 10) euros at 2 dollars each = 320 dollars; with the opening coin at 100: 420 / 2 a coin.
    expect(buy.body.derived).toMatchObject({ quantity: '2', totalInvested: '420', averageCost: '210' });
    const [row] = (await api.call('GET', '/api/portfolio', { token })).body;
    expect(row).toMatchObject({ quantity: '2', purchasePrice: '210' });
  });

  it('refuses a history that sells more than was held, and leaves it as it was', async () => {
    const { token } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: btc });
    const path = `/api/portfolio/${holding.id}/transactions`;
    const refused = await api.call('POST', path, {
      token,
      body: { type: 'sell', at: new Date().toISOString(), quantity: '5', pricePerCoin: '1' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'IMPOSSIBLE_HISTORY' });
    expect(refused.body.error).toMatch(/^You held 1 on .* UTC, so you cannot sell 5\.$/);
    const { body } = await api.call('GET', path, { token });
    expect(body.transactions).toHaveLength(1);
    expect(body.derived.quantity).toBe('1');
  });

  it('records an inline edit as an adjustment, and lets edits and deletes re-derive', async () => {
    const { token } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: btc });
    await api.call('PUT', `/api/portfolio/${holding.id}`, {
      token,
      body: { quantity: '4', purchasePrice: '120' },
    });
    const path = `/api/portfolio/${holding.id}/transactions`;
    const { body } = await api.call('GET', path, { token });
    expect(body.transactions.map((t: { type: string }) => t.type)).toEqual(['buy', 'adjust']);
    const sold = await api.call('POST', path, {
      token,
      body: { type: 'sell', at: new Date().toISOString(), quantity: '1', pricePerCoin: '150' },
    });
    const sale = sold.body.transactions.find((t: { type: string }) => t.type === 'sell');
    const changed = await api.call('PATCH', `${path}/${sale.id}`, { token, body: { quantity: '2' } });
    expect(changed.body.derived).toMatchObject({ quantity: '2', averageCost: '120', realisedGain: '60' });
    const removed = await api.call('DELETE', `${path}/${sale.id}`, { token });
    expect(removed.body.derived.quantity).toBe('4');
  });

  it('holds a changed price or currency to the limit of the currency the transaction is left in', async () => {
    const { token } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: btc });
    const path = `/api/portfolio/${holding.id}/transactions`;
    // A bitcoin at 15,000,000 yen: within the yen's limit (MAX_PRICE_USD x 1,000), past the dollar's.
    const buy = await api.call('POST', path, {
      token,
      body: { type: 'buy', at: at(5), quantity: '1', pricePerCoin: '15000000', currency: 'jpy' },
    });
    expect(buy.status).toBe(201);
    const id = buy.body.transactions.find((t: { currency: string }) => t.currency === 'jpy').id as string;
    const change = (body: Record<string, string>) => api.call('PATCH', `${path}/${id}`, { token, body });
    // A new price alone is held to the stored currency's (yen) limit, not the dollar's.
    const price = await change({ pricePerCoin: '16000000' });
    expect(price.status).toBe(200);
    expect(price.body.transactions.find((t: { id: string }) => t.id === id).pricePerCoin).toBe('16000000');
    // A currency alone is held to the new currency's limit for the stored price and fee.
    const dollars = await change({ currency: 'usd' });
    expect(dollars.status).toBe(400);
    expect(dollars.body.error).toBe('Price per coin must be at most 10,000,000');
    expect((await change({ currency: 'usd', pricePerCoin: '90000' })).status).toBe(200);
    // A fee alone, now in dollars: the dollar's limit.
    expect((await change({ fee: '16000000' })).status).toBe(400);
  });

  it("answers 404 for another user's holding or transaction", async () => {
    const owner = await api.signUp();
    const intruder = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token: owner.token, body: btc });
    const path = `/api/portfolio/${holding.id}/transactions`;
    const { body } = await api.call('GET', path, { token: owner.token });
    const opening = body.transactions[0].id;
    expect((await api.call('GET', path, { token: intruder.token })).status).toBe(404);
    expect((await api.call('DELETE', `${path}/${opening}`, { token: intruder.token })).status).toBe(404);
    const { body: theirs } = await api.call('POST', '/api/portfolio', { token: intruder.token, body: btc });
    const cross = await api.call('DELETE', `/api/portfolio/${theirs.id}/transactions/${opening}`, {
      token: intruder.token,
    });
    expect(cross.status).toBe(404);
    expect((await api.call('GET', path, { token: owner.token })).body.transactions).toHaveLength(1);
  });
});
