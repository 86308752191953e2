/**
 * The CSV exports, through the real API and database: a portfolio built by adds,
 * transactions and an inline edit, exported, then imported as the browser imports a CSV file (parseCsv,
 * toBulkItems, POST /api/portfolio/bulk) into a fresh user, gives the same holdings.
 */
import { parseCsv, toBulkItems, type HoldingRow } from '@coinpace/domain';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const at = (day: number) => new Date(Date.UTC(2025, 0, day)).toISOString();

/**
 * What a round trip must keep of a holding. The import computes purchase price = value / quantity in
 * doubles (domain purchasePriceFor), so the price comes back equal to 12 significant digits (0.998877 may
 * come back 0.9988770000000001); the rest comes back exactly.
 */
function state(rows: HoldingRow[]) {
  return rows
    .map((h) => ({
      symbol: h.symbol,
      name: h.name,
      coingeckoId: h.coingeckoId,
      address: h.address,
      quantity: Number(h.quantity),
      // The export writes the balance (quantity x price, the dollars invested) to 8 decimals, so a price
      // read back from it is equal to 10 significant digits.
      purchasePrice: Number(Number(h.purchasePrice).toPrecision(10)),
    }))
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
}

describe.each(testEngines(process.env.DATABASE_URL))('CSV export on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  async function buildPortfolio(token: string): Promise<void> {
    const add = (body: object) => api.call('POST', '/api/portfolio', { token, body });
    const btc = await add({
      coingeckoId: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'BTC',
      quantity: '0.5',
      purchasePrice: '30123.45',
    });
    expect(btc.status).toBe(201);
    const eth = await add({
      coingeckoId: 'ethereum',
      name: 'Ethereum',
      symbol: 'ETH',
      quantity: '1',
      purchasePrice: '100',
    });
    const path = `/api/portfolio/${eth.body.id}/transactions`;
    const buy = await api.call('POST', path, {
      token,
      body: { type: 'buy', at: at(1), quantity: '3', pricePerCoin: '200', fee: '4', note: 'dip, "again"' },
    });
    expect(buy.status).toBe(201);
    const sell = await api.call('POST', path, {
      token,
      body: { type: 'sell', at: at(2), quantity: '2', pricePerCoin: '250', fee: '4' },
    });
    expect(sell.status).toBe(201);
    const usdc = await add({
      coingeckoId: 'usd-coin',
      name: 'USD Coin',
      symbol: 'USDC',
      quantity: '1500',
      purchasePrice: '1',
    });
    // An inline edit of quantity and price: an adjusting transaction.
    const edit = await api.call('PUT', `/api/portfolio/${usdc.body.id}`, {
      token,
      body: { quantity: '1234.567891', purchasePrice: '0.998877' },
    });
    expect(edit.status).toBe(200);
  }

  it('exports the holdings as a CSV download that imports back to the same holdings', async () => {
    const alice = await api.signUp();
    await buildPortfolio(alice.token);
    const exported = await api.call('GET', '/api/portfolio/export.csv', { token: alice.token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="coinpace-portfolio-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = String(exported.body);
    expect(text.split('\r\n')[0]).toBe('Name,Symbol,Quantity,Balance ($),Contract Address');

    const { rows, errors } = parseCsv(text);
    expect(errors).toEqual([]);
    const bob = await api.signUp();
    const items = toBulkItems(rows, () => undefined);
    const saved = await api.call('POST', '/api/portfolio/bulk', {
      token: bob.token,
      body: { portfolioItems: items },
    });
    expect(saved.body).toMatchObject({ successful: 3, failed: 0 });

    const original = state((await api.call('GET', '/api/portfolio', { token: alice.token })).body);
    const imported = state((await api.call('GET', '/api/portfolio', { token: bob.token })).body);
    expect(original.map((h) => h.symbol)).toEqual(['BTC', 'ETH', 'USDC']);
    expect(imported).toEqual(original);
  });

  it('exports every transaction with its coin', async () => {
    const { token } = await api.signUp();
    await buildPortfolio(token);
    const exported = await api.call('GET', '/api/portfolio/transactions.csv', { token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="coinpace-transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = String(exported.body).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date (UTC),Type,Name,Symbol,Quantity,Price per coin,Fee,Note,Contract Address,Currency',
    );
    const body = lines.slice(1).map((line) => line.replace(/^[^,]+,/, '<time>,'));
    expect(body).toEqual([
      '<time>,Buy,Bitcoin,BTC,0.5,30123.45,0,,,usd',
      '<time>,Buy,Ethereum,ETH,3,200,4,"dip, ""again""",,usd',
      '<time>,Sell,Ethereum,ETH,2,250,4,,,usd',
      '<time>,Buy,Ethereum,ETH,1,100,0,,,usd',
      '<time>,Buy,USD Coin,USDC,1500,1,0,,,usd',
      '<time>,Adjustment,USD Coin,USDC,1234.567891,0.998877,0,Edited in the portfolio table,,usd',
    ]);
  });

  it('exports the transactions as a file the trade-history import takes back to the same state', async () => {
    const alice = await api.signUp();
    await buildPortfolio(alice.token);
    const exported = await api.call('GET', '/api/portfolio/transactions.csv', { token: alice.token });
    const bob = await api.signUp();
    const imported = await api.call('POST', '/api/portfolio/import-trades', {
      token: bob.token,
      body: { text: String(exported.body) },
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ exchange: 'coinpace', read: 6, added: 6, failed: 0 });

    const everything = async (token: string) => {
      const holdings: HoldingRow[] = (await api.call('GET', '/api/portfolio', { token })).body;
      const histories = await Promise.all(
        holdings.map(async (h) => {
          const answer = await api.call('GET', `/api/portfolio/${h.id}/transactions`, { token });
          const list = (answer.body.transactions ?? answer.body) as Record<string, unknown>[];
          return list.map((t) => [h.symbol, t.type, t.at, t.quantity, t.pricePerCoin, t.fee, t.note]);
        }),
      );
      const exact = holdings
        .map((h) => [h.symbol, h.name, h.coingeckoId, h.quantity, h.purchasePrice])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      return { holdings: exact, transactions: histories.flat().sort() };
    };
    const original = await everything(alice.token);
    expect(original.transactions).toHaveLength(6);
    expect(await everything(bob.token)).toEqual(original);

    // The same file again adds nothing: every row was imported before.
    const again = await api.call('POST', '/api/portfolio/import-trades', {
      token: bob.token,
      body: { text: String(exported.body) },
    });
    expect(again.body).toMatchObject({ added: 0, duplicates: 6 });
    expect(await everything(bob.token)).toEqual(original);
  });

  it('needs a signed-in user, and exports only their own holdings', async () => {
    expect((await api.call('GET', '/api/portfolio/export.csv')).status).toBe(401);
    expect((await api.call('GET', '/api/portfolio/transactions.csv')).status).toBe(401);
    const { token } = await api.signUp();
    const empty = await api.call('GET', '/api/portfolio/export.csv', { token });
    expect(empty.body).toBe('Name,Symbol,Quantity,Balance ($),Contract Address\r\n');
  });
});
