/** GET /api/portfolio/summary: total invested and realised gain, through the real API and database. */
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const btc = { coingeckoId: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', quantity: '1', purchasePrice: '100' };
const eth = { coingeckoId: 'ethereum', name: 'Ethereum', symbol: 'ETH', quantity: '1', purchasePrice: '10' };
const at = (day: number) => new Date(Date.UTC(2025, 0, day)).toISOString();

describe.each(testEngines(process.env.DATABASE_URL))('portfolio investment summary on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  it('sums every holding’s invested and realised amounts, by average cost or FIFO, for this user only', async () => {
    const { token } = await api.signUp();
    const other = await api.signUp();
    await api.call('POST', '/api/portfolio', { token: other.token, body: btc });
    expect((await api.call('GET', '/api/portfolio/summary', { token })).body).toEqual({
      method: 'average',
      totalInvested: '0',
      realisedGain: '0',
      holdings: [],
    });

    const { body: bitcoin } = await api.call('POST', '/api/portfolio', { token, body: btc });
    const { body: ether } = await api.call('POST', '/api/portfolio', { token, body: eth });
    const path = `/api/portfolio/${ether.id}/transactions`;
    // Before the opening coin (written now): 1 @ 100, 1 @ 300, then sell 1 @ 400.
    for (const body of [
      { type: 'buy', at: at(1), quantity: '1', pricePerCoin: '100' },
      { type: 'buy', at: at(2), quantity: '1', pricePerCoin: '300' },
      { type: 'sell', at: at(3), quantity: '1', pricePerCoin: '400' },
    ]) {
      expect((await api.call('POST', path, { token, body })).status).toBe(201);
    }

    const average = await api.call('GET', '/api/portfolio/summary', { token });
    expect(average.status).toBe(200);
    // Average cost 200 -> the sale realises 200; invested 100 + 300 + the opening 10, and BTC's 100.
    expect(average.body).toEqual({
      method: 'average',
      totalInvested: '510',
      realisedGain: '200',
      holdings: [
        { holdingId: bitcoin.id, totalInvested: '100', realisedGain: '0', derived: true },
        { holdingId: ether.id, totalInvested: '410', realisedGain: '200', derived: true },
      ],
    });
    // FIFO sells the coin bought at 100: 300 realised.
    const fifo = await api.call('GET', '/api/portfolio/summary?method=fifo', { token });
    expect(fifo.body).toMatchObject({ method: 'fifo', totalInvested: '510', realisedGain: '300' });

    const bad = await api.call('GET', '/api/portfolio/summary?method=lofo', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('method must be one of average, fifo, lifo, hifo');
    expect((await api.call('GET', '/api/portfolio/summary')).status).toBe(401);
  });

  it('uses the cost method saved with PATCH /api/users/me when no method is asked for', async () => {
    const { token } = await api.signUp();
    expect((await api.call('GET', '/api/users/me', { token })).body.user.costMethod).toBe('average');
    const { body: ether } = await api.call('POST', '/api/portfolio', { token, body: eth });
    const path = `/api/portfolio/${ether.id}/transactions`;
    for (const body of [
      { type: 'buy', at: at(1), quantity: '1', pricePerCoin: '100' },
      { type: 'buy', at: at(2), quantity: '1', pricePerCoin: '300' },
      { type: 'sell', at: at(3), quantity: '1', pricePerCoin: '400' },
    ]) {
      await api.call('POST', path, { token, body });
    }
    expect((await api.call('GET', path, { token })).body.derived.method).toBe('average');

    const refused = await api.call('PATCH', '/api/users/me', { token, body: { costMethod: 'lofo' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('costMethod must be one of average, fifo, lifo, hifo');
    const saved = await api.call('PATCH', '/api/users/me', { token, body: { costMethod: 'fifo' } });
    expect(saved.status).toBe(200);
    expect(saved.body.user.costMethod).toBe('fifo');

    expect((await api.call('GET', '/api/portfolio/summary', { token })).body).toMatchObject({
      method: 'fifo',
      realisedGain: '300',
    });
    const history = await api.call('GET', path, { token });
    expect(history.body.derived).toMatchObject({ method: 'fifo', realisedGain: '300' });
    // Asking for a method still wins over the saved one.
    const asked = await api.call('GET', `${path}?method=average`, { token });
    expect(asked.body.derived).toMatchObject({ method: 'average', realisedGain: '200' });

    // LIFO and HIFO are saved too, and the gains report then uses the saved one.
    for (const method of ['lifo', 'hifo'] as const) {
      const chosen = await api.call('PATCH', '/api/users/me', { token, body: { costMethod: method } });
      expect(chosen.body.user.costMethod).toBe(method);
      expect((await api.call('GET', path, { token })).body.derived.method).toBe(method);
      const year = Number(at(3).slice(0, 4));
      const report = await api.call('GET', `/api/reports/gains?year=${year}`, { token });
      expect(report.body.method).toBe(method);
    }
  });
});
