/** POST /api/portfolio/import-trades, through the real API and database. */
import { readFileSync } from 'node:fs';
import { trackedCoins } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { TRADE_FORMAT_UNKNOWN_MESSAGE } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { importTradesToEnd } from '../../testing/trade-imports.ts';
import { TRADE_IMPORTS_PER_HOUR } from './routes.ts';

const FIXTURES = new URL('../../../../domain/fixtures/trades/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

describe.each(testEngines(process.env.DATABASE_URL))('trade-history import on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  // A long file may answer 202 and finish as a job: followed to its end, it answers as a short one does.
  const importTrades = (token: string, text: string) => importTradesToEnd(api, token, text);
  const holdings = async (token: string) =>
    (
      (await api.call('GET', '/api/portfolio', { token })).body as {
        symbol: string;
        quantity: string;
        id: string;
      }[]
    )
      .map((h) => [h.symbol, h.quantity])
      .sort();

  it('imports a Kraken export into new holdings, fails rows alone, and skips every row on a second import', async () => {
    const { token } = await api.signUp();
    const first = await importTrades(token, fixture('kraken-trades.csv'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      exchange: 'kraken',
      read: 7,
      added: 4,
      duplicates: 1,
      skipped: 0,
      failed: 2,
      createdHoldings: ['BTC', 'ETH', 'SOL'],
    });
    expect(first.body.failures).toEqual([
      { row: 5, symbol: 'BTC', reason: expect.stringMatching(/^priced in EUR/) },
      { row: 8, symbol: 'ADA', reason: 'You held 0 on 2024-04-03 08:00 UTC, so you cannot sell 100.' },
    ]);
    expect(first.body.skippedRows).toEqual([{ row: 7, symbol: 'BTC', reason: 'the same trade as row 6' }]);
    // ADA got no trade, so no holding; BTC is the buy less the sale.
    expect(await holdings(token)).toEqual([
      ['BTC', '0.01'],
      ['ETH', '0.5'],
      ['SOL', '5'],
    ]);
    const btc = (await api.call('GET', '/api/portfolio', { token })).body.find(
      (h: { symbol: string }) => h.symbol === 'BTC',
    );
    const history = await api.call('GET', `/api/portfolio/${btc.id}/transactions`, { token });
    expect(history.body.transactions.map((t: { type: string; at: string }) => [t.type, t.at])).toEqual([
      ['buy', '2024-01-22T10:14:51.834Z'],
      ['sell', '2024-03-11T15:55:13.228Z'],
    ]);
    // Average cost: (0.02 x 39850.1 + 2.0722) / 0.02.
    expect(history.body.derived).toMatchObject({ quantity: '0.01', averageCost: '39953.71' });

    const second = await importTrades(token, fixture('kraken-trades.csv'));
    expect(second.body).toMatchObject({ read: 7, added: 0, duplicates: 5, failed: 2, createdHoldings: [] });
    expect(second.body.skippedRows.map((r) => [r.row, r.reason])).toEqual([
      [2, 'already imported'],
      [3, 'already imported'],
      [4, 'already imported'],
      [6, 'already imported'],
      [7, 'already imported'],
    ]);
    expect(await holdings(token)).toEqual([
      ['BTC', '0.01'],
      ['ETH', '0.5'],
      ['SOL', '5'],
    ]);
    const again = await api.call('GET', `/api/portfolio/${btc.id}/transactions`, { token });
    expect(again.body.transactions).toHaveLength(2);
  });

  it('names a new holding by its coin where the coin is known, not by its symbol', async () => {
    const { token } = await api.signUp();
    // PEPE is known only to the tracked-coin table (from a search); ZZZT to nothing.
    await api.database.db
      .insert(trackedCoins)
      .values({ coingeckoId: 'pepe', name: 'Pepe', symbol: 'PEPE', reason: 'manual' })
      .onConflictDoNothing();
    const text = [
      '"Date(UTC)","Pair","Side","Price","Executed","Amount","Fee"',
      '"2024-03-14 16:02:47","BTCUSDT","BUY","71250.01","0.00500000BTC","356.25005000USDT","0.35625005USDT"',
      '"2024-03-14 16:03:47","PEPEUSDT","BUY","0.00001","1000000PEPE","10USDT","0.01USDT"',
      '"2024-03-14 16:04:47","ZZZTUSDT","BUY","2","5ZZZT","10USDT","0.01USDT"',
    ].join('\n');
    const answer = await importTrades(token, text);
    expect(answer.body).toMatchObject({ exchange: 'binance', added: 3, failed: 0 });
    const rows = (await api.call('GET', '/api/portfolio', { token })).body as {
      symbol: string;
      name: string;
    }[];
    expect(rows.map((h) => [h.symbol, h.name]).sort()).toEqual([
      ['BTC', 'Bitcoin'],
      ['PEPE', 'Pepe'],
      ['ZZZT', 'ZZZT'],
    ]);
  });

  it('adds trades to a coin already held and counts every row of each export', async () => {
    const { token } = await api.signUp();
    const held = await api.call('POST', '/api/portfolio', {
      token,
      body: { coingeckoId: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', quantity: '1', purchasePrice: '100' },
    });
    expect(held.status).toBe(201);
    const expected: Record<string, [number, number, number, number]> = {
      'binance-spot-trade-history.csv': [7, 6, 0, 1],
      'coinbase-transaction-history.csv': [8, 6, 1, 1],
      'bybit-spot-trade-history.csv': [5, 4, 0, 1],
    };
    for (const [file, [read, added, skipped, failed]] of Object.entries(expected)) {
      const { status, body } = await importTrades(token, fixture(file));
      expect(status, file).toBe(200);
      expect([body.read, body.added, body.skipped, body.failed], file).toEqual([
        read,
        added,
        skipped,
        failed,
      ]);
      expect(body.read).toBe(body.added + body.duplicates + body.skipped + body.failed);
    }
    const rows = await holdings(token);
    // BTC: 1 held + Binance 0.00999 + 0.014985 - 0.005 + Coinbase 0.0125 - 0.005 + Bybit 0.01998.
    expect(rows.find(([s]) => s === 'BTC')).toEqual(['BTC', '1.047455']);
    // Bybit's ICP sale (Nov 16) comes after its buy (Nov 12): 9.99 - 5.36.
    expect(rows.find(([s]) => s === 'ICP')).toEqual(['ICP', '4.63']);
    const { body: btcHistory } = await api.call('GET', `/api/portfolio/${held.body.id}/transactions`, {
      token,
    });
    expect(btcHistory.transactions).toHaveLength(1 + 3 + 2 + 1);
  });

  it('refuses a file that is no known export, and an empty one, with 400 and a message', async () => {
    const { token } = await api.signUp();
    const unknown = await importTrades(token, 'Name,Symbol,Quantity\nBitcoin,BTC,1\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(TRADE_FORMAT_UNKNOWN_MESSAGE);
    const empty = await importTrades(token, '  ');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/empty/);
    expect(await holdings(token)).toEqual([]);
  });

  it(`limits a user to ${TRADE_IMPORTS_PER_HOUR} imports an hour with 429 and Retry-After, before reading the file`, async () => {
    const { token } = await api.signUp();
    // Files the import refuses still count: the limit is taken before the body is read.
    for (let i = 0; i < TRADE_IMPORTS_PER_HOUR; i++)
      expect((await importTrades(token, ' ')).status).toBe(400);
    const limited = await importTrades(token, fixture('kraken-trades.csv'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await holdings(token)).toEqual([]);
    // Another user is not held back.
    const other = await api.signUp();
    expect((await importTrades(other.token, fixture('kraken-trades.csv'))).status).toBe(200);
  });

  it('refuses an export of more than 20,000 rows with 400, asking to split it, and writes nothing', async () => {
    const { token } = await api.signUp();
    const row = (i: number) => `T${i},O${i},XXBTZUSD,2024-01-01 00:00:00,buy,limit,1,1,0,1,0,,`;
    const text = [
      'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers',
      ...Array.from({ length: 20_001 }, (_, i) => row(i)),
    ].join('\n');
    const answer = await importTrades(token, text);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(
      'The file has 20,001 rows; at most 20,000 can be imported at once. Export a shorter period, or split the file.',
    );
    expect(await holdings(token)).toEqual([]);
  });
});
