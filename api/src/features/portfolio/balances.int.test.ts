/**
 * POST /api/portfolio/balances: the import summary's offer to update held coins to the
 * imported balances, by adjusting transactions that keep each holding's average cost.
 */
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const btc = {
  coingeckoId: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'BTC',
  quantity: '0.5',
  purchasePrice: '30000',
};
const eth = {
  coingeckoId: 'ethereum',
  name: 'Ethereum',
  symbol: 'ETH',
  quantity: '2',
  purchasePrice: '1500',
};

describe.each(testEngines(process.env.DATABASE_URL))('held balances on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it("sets each held coin's quantity by an adjusting transaction, keeping its average cost", async () => {
    const { token } = await api.signUp();
    const { body: held } = await api.call('POST', '/api/portfolio', { token, body: btc });
    await api.call('POST', '/api/portfolio', { token, body: eth });
    const answer = await api.call('POST', '/api/portfolio/balances', {
      token,
      body: {
        balances: [
          { symbol: 'btc', quantity: '1.25' },
          { symbol: 'ETH', quantity: '2' },
          { symbol: 'DOGE', quantity: '100' },
        ],
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.updated).toHaveLength(1);
    expect(answer.body.updated[0]).toMatchObject({ symbol: 'BTC', quantity: '1.25', purchasePrice: '30000' });
    expect(answer.body.unchanged).toEqual(['ETH']);
    expect(answer.body.failed).toEqual([{ symbol: 'DOGE', error: 'Not in your portfolio' }]);

    const history = await api.call('GET', `/api/portfolio/${held.id}/transactions`, { token });
    expect(
      history.body.transactions.map((t: { type: string; quantity: string }) => [t.type, t.quantity]),
    ).toEqual([
      ['buy', '0.5'],
      ['adjust', '1.25'],
    ]);
    const rows = (await api.call('GET', '/api/portfolio', { token })).body;
    expect(rows.map((h: { symbol: string; quantity: string }) => [h.symbol, h.quantity])).toEqual([
      ['BTC', '1.25'],
      ['ETH', '2'],
    ]);
  });

  it("touches only the caller's holdings and refuses a malformed list with 400", async () => {
    const alice = await api.signUp();
    await api.call('POST', '/api/portfolio', { token: alice.token, body: btc });
    const bob = await api.signUp();
    const answer = await api.call('POST', '/api/portfolio/balances', {
      token: bob.token,
      body: { balances: [{ symbol: 'BTC', quantity: '9' }] },
    });
    expect(answer.body).toEqual({
      updated: [],
      unchanged: [],
      failed: [{ symbol: 'BTC', error: 'Not in your portfolio' }],
    });
    const [row] = (await api.call('GET', '/api/portfolio', { token: alice.token })).body;
    expect(row.quantity).toBe('0.5');

    const bad = await api.call('POST', '/api/portfolio/balances', {
      token: alice.token,
      body: { balances: [{ symbol: 'BTC', quantity: '-1' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/\S/);
    const empty = await api.call('POST', '/api/portfolio/balances', {
      token: alice.token,
      body: { balances: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/balances must hold at least one item/);
    expect((await api.call('POST', '/api/portfolio/balances', { body: { balances: [] } })).status).toBe(401);
  });
});
