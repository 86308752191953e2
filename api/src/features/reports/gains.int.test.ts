/** GET /api/reports/gains: the yearly gains report through the real API and database. */
import { saveFxRates } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const eth = { coingeckoId: 'ethereum', name: 'Ethereum', symbol: 'ETH', quantity: '1', purchasePrice: '10' };
const day = (text: string) => `${text}T12:00:00.000Z`;

describe.each(testEngines(process.env.DATABASE_URL))('gains report on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  /**
   * A user with ETH: 1 bought at 100 on 2023-01-10, 1 at 300 + 2 fee on 2024-03-01, 0.5 transferred out
   * (fee 1) on 2024-03-02, 1 sold at 400 - 4 fee on 2024-06-01 (and the opening coin, written today).
   */
  async function trader() {
    const { token } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: eth });
    const path = `/api/portfolio/${holding.id}/transactions`;
    for (const body of [
      { type: 'buy', at: day('2023-01-10'), quantity: '1', pricePerCoin: '100' },
      { type: 'buy', at: day('2024-03-01'), quantity: '1', pricePerCoin: '300', fee: '2' },
      { type: 'transfer_out', at: day('2024-03-02'), quantity: '0.5', pricePerCoin: '0', fee: '1' },
      { type: 'sell', at: day('2024-06-01'), quantity: '1', pricePerCoin: '400', fee: '4' },
    ]) {
      expect((await api.call('POST', path, { token, body })).status).toBe(201);
    }
    return { token, holdingId: holding.id as string };
  }

  it('lists the year’s sales by the method asked for, this user’s only, with totals and the notice', async () => {
    const { token, holdingId } = await trader();
    const other = await api.signUp();
    await api.call('POST', '/api/portfolio', { token: other.token, body: eth });

    // FIFO: the transfer took half of the 2023 coin; the sale takes its other half (long term: held over a
    // year) and half of the 2024 coin (302 with its fee: 151). Proceeds 396, shared by quantity.
    const fifo = await api.call('GET', '/api/reports/gains?year=2024&method=fifo', { token });
    expect(fifo.status).toBe(200);
    expect(fifo.body).toMatchObject({
      year: 2024,
      method: 'fifo',
      currency: 'usd',
      conversion: null,
      income: [],
      incomeTotal: '0',
      transferFees: '1',
      skipped: [],
    });
    expect(fifo.body.notice).toMatch(/not tax advice/);
    expect(fifo.body.incomeNote).toMatch(/value on the day it was received/);
    expect(
      fifo.body.disposals.map((d: Record<string, string>) => [
        d.holdingId,
        d.quantity,
        d.acquired,
        d.disposed,
        d.proceeds,
        d.costBasis,
        d.gain,
        d.term,
      ]),
    ).toEqual([
      [holdingId, '0.5', '2023-01-10', '2024-06-01', '198', '50', '148', 'long'],
      [holdingId, '0.5', '2024-03-01', '2024-06-01', '198', '151', '47', 'short'],
    ]);
    expect(fifo.body.total).toEqual({ proceeds: '396', costBasis: '201', gain: '195' });
    // The report's realised gain is the holding page's under the same method.
    const history = await api.call('GET', `/api/portfolio/${holdingId}/transactions?method=fifo`, { token });
    expect(fifo.body.realisedGain).toBe(history.body.derived.realisedGain);

    // Without a method: the saved one (average by default). Average (100 + 302) / 2 = 201 a coin.
    const average = await api.call('GET', '/api/reports/gains?year=2024', { token });
    expect(average.body.method).toBe('average');
    expect(average.body.total).toEqual({ proceeds: '396', costBasis: '201', gain: '195' });
    expect(average.body.disposals.map((d: Record<string, string>) => d.acquired)).toEqual([
      'various',
      'various',
    ]);

    // Another year has nothing; another user sees nothing of this one's.
    expect((await api.call('GET', '/api/reports/gains?year=2023', { token })).body.disposals).toEqual([]);
    const theirs = await api.call('GET', '/api/reports/gains?year=2024', { token: other.token });
    expect(theirs.body.disposals).toEqual([]);
  });

  it('writes the Form 8949 CSV as a download', async () => {
    const { token } = await trader();
    const csv = await api.call('GET', '/api/reports/gains?year=2024&method=hifo&format=csv', { token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="coinpace-gains-2024-hifo.csv"',
    );
    // HIFO: the transfer out took half of the dearer 2024 coin (302), the sale its other half (151) and half
    // of the 2023 coin (50). Part I (short term) comes first.
    expect(String(csv.body).split('\r\n')).toEqual([
      'Part,(a) Description of property,(b) Date acquired,(c) Date sold or disposed of,(d) Proceeds (USD),' +
        '(e) Cost or other basis (USD),(f) Code(s) from instructions,(g) Amount of adjustment,' +
        '(h) Gain or (loss) (USD)',
      'I,0.5 ETH,03/01/2024,06/01/2024,198.00,151.00,,,47.00',
      'II,0.5 ETH,01/10/2023,06/01/2024,198.00,50.00,,,148.00',
      '',
    ]);
  });

  it('converts each transaction to the display currency with the rate of its own day, and says which days had none', async () => {
    const { token } = await trader();
    await saveFxRates(api.database.db, { eur: 0.5 }, new Date(day('2024-05-31')));
    await saveFxRates(api.database.db, { eur: 0.8 }, new Date(day('2024-06-02')));
    expect(
      (await api.call('PATCH', '/api/users/me', { token, body: { displayCurrency: 'eur' } })).status,
    ).toBe(200);
    const report = await api.call('GET', '/api/reports/gains?year=2024&method=fifo', { token });
    expect(report.body.currency).toBe('eur');
    expect(report.body.conversion).toMatch(/EUR rate of each transaction's day/);
    // Every transaction at its own day's rate: the buys (no rate stored before May 31) take the first
    // stored day's 0.5, the sale of June 1 the 0.5 of May 31; each such day is said.
    expect(report.body.total).toEqual({ proceeds: '198', costBasis: '100.5', gain: '97.5' });
    expect(report.body.missingRates).toEqual(
      expect.arrayContaining([
        { currency: 'usd', day: '2023-01-10', fallback: 'nearest' },
        { currency: 'usd', day: '2024-06-01', fallback: 'nearest' },
      ]),
    );
    const csv = await api.call('GET', '/api/reports/gains?year=2024&method=fifo&format=csv', { token });
    expect(String(csv.body).split('\r\n')[0]).toContain('(d) Proceeds (EUR)');
  });

  it('lists income (a staking reward entered by hand) apart from the sales, at its value that day', async () => {
    const { token, holdingId } = await trader();
    const path = `/api/portfolio/${holdingId}/transactions`;
    // 0.25 ETH of staking rewards on 2024-04-01 when ETH was 320: income 80, and the coins' cost basis.
    const reward = { type: 'income', at: day('2024-04-01'), quantity: '0.25', pricePerCoin: '320' };
    const added = await api.call('POST', path, { token, body: { ...reward, note: 'Staking income' } });
    expect(added.status).toBe(201);
    // Income is no money put in: total invested stays 100 + 302 (and the opening coin's 10).
    expect(added.body.derived.totalInvested).toBe('412');
    const report = await api.call('GET', '/api/reports/gains?year=2024&method=hifo', { token });
    expect(report.body.income).toEqual([
      {
        holdingId,
        transactionId: expect.any(String),
        symbol: 'ETH',
        name: 'Ethereum',
        received: '2024-04-01',
        quantity: '0.25',
        value: '80',
        note: 'Staking income',
      },
    ]);
    expect(report.body.incomeTotal).toBe('80');
    // HIFO: the transfer of March 2 took half of the 302 coin; the sale of June 1 takes the rewards (80,
    // the dearest), the rest of the 302 coin (0.5 x 302 = 151) and 0.25 of the 100 coin (25): cost 256,
    // gain 396 - 256 = 140.
    expect(report.body.total).toEqual({ proceeds: '396', costBasis: '256', gain: '140' });
    const history = await api.call('GET', `${path}?method=hifo`, { token });
    expect(report.body.realisedGain).toBe(history.body.derived.realisedGain);
    const csv = await api.call('GET', '/api/reports/gains?year=2024&method=hifo&format=csv', { token });
    expect(String(csv.body).split('\r\n').slice(-3)).toEqual([
      'Income,0.25 ETH,04/01/2024,,,80.00,,,',
      'Income total,,,,,80.00,,,',
      '',
    ]);
    expect((await api.call('GET', '/api/reports/gains?year=2023', { token })).body.income).toEqual([]);
  });

  it('refuses a bad year, method or format with a clear message, and anyone signed out', async () => {
    const { token } = await api.signUp();
    const last = new Date().getUTCFullYear();
    for (const [query, error] of [
      ['', 'year is required'],
      ['?year=24', `year must be a year from 2009 to ${last}, such as ${last}`],
      ['?year=2008', `year must be a year from 2009 to ${last}, such as ${last}`],
      [`?year=${last + 1}`, `year must be a year from 2009 to ${last}, such as ${last}`],
      ['?year=2024&method=lofo', 'method must be one of fifo, lifo, hifo, average'],
      ['?year=2024&format=pdf', 'format must be json or csv'],
    ]) {
      const answer = await api.call('GET', `/api/reports/gains${query}`, { token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toBe(error);
    }
    expect((await api.call('GET', '/api/reports/gains?year=2024')).status).toBe(401);
  });
});
