/** POST /api/portfolio/import-trades, through the real API and database. */
import { readFileSync } from 'node:fs';
import { trackedCoins } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { TRADE_FORMAT_UNKNOWN_MESSAGE, parseTradeHistory } from '@coinpace/domain';
import { saveFxRates } from '@coinpace/db';
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
    // Row 5 is a buy in euros, on a day a dollar bought 0.92 euros.
    await saveFxRates(api.database.db, { eur: 0.92 }, new Date('2024-03-01T12:00:00Z'));
    const first = await importTrades(token, fixture('kraken-trades.csv'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      exchange: 'kraken',
      read: 7,
      added: 5,
      duplicates: 1,
      skipped: 0,
      failed: 1,
      createdHoldings: ['BTC', 'ETH', 'SOL'],
    });
    expect(first.body.failures).toEqual([
      { row: 8, symbol: 'ADA', reason: 'You held 0 on 2024-04-03 08:00 UTC, so you cannot sell 100.' },
    ]);
    expect(first.body.skippedRows).toEqual([{ row: 7, symbol: 'BTC', reason: 'the same trade as row 6' }]);
    // ADA got no trade, so no holding; BTC is the buy less the sale.
    expect(await holdings(token)).toEqual([
      ['BTC', '0.02'],
      ['ETH', '0.5'],
      ['SOL', '5'],
    ]);
    const btc = (await api.call('GET', '/api/portfolio', { token })).body.find(
      (h: { symbol: string }) => h.symbol === 'BTC',
    );
    const history = await api.call('GET', `/api/portfolio/${btc.id}/transactions`, { token });
    expect(
      history.body.transactions.map((t: { type: string; at: string; currency: string }) => [
        t.type,
        t.at,
        t.currency,
      ]),
    ).toEqual([
      ['buy', '2024-01-22T10:14:51.834Z', 'usd'],
      ['buy', '2024-03-01T19:30:00.000Z', 'eur'],
      ['sell', '2024-03-11T15:55:13.228Z', 'usd'],
    ]);
    // Average cost in dollars: (0.02 x 39850.1 + 2.0722 + (0.01 x 56020 + 1.45652 euros) / 0.92) / 0.03.
    expect(history.body.derived.quantity).toBe('0.02');
    expect(Number(history.body.derived.averageCost)).toBeCloseTo(
      (0.02 * 39850.1 + 2.0722 + (0.01 * 56020 + 1.45652) / 0.92) / 0.03,
      6,
    );

    const second = await importTrades(token, fixture('kraken-trades.csv'));
    expect(second.body).toMatchObject({ read: 7, added: 0, duplicates: 6, failed: 1, createdHoldings: [] });
    expect(second.body.skippedRows.map((r) => [r.row, r.reason])).toEqual([
      [2, 'already imported'],
      [3, 'already imported'],
      [4, 'already imported'],
      [5, 'already imported'],
      [6, 'already imported'],
      [7, 'already imported'],
    ]);
    expect(await holdings(token)).toEqual([
      ['BTC', '0.02'],
      ['ETH', '0.5'],
      ['SOL', '5'],
    ]);
    const again = await api.call('GET', `/api/portfolio/${btc.id}/transactions`, { token });
    expect(again.body.transactions).toHaveLength(3);
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
      // A crypto pair's row (Binance's and Bybit's ETHBTC) and a Convert (Coinbase) write two transactions.
      'binance-spot-trade-history.csv': [7, 8, 0, 0],
      'coinbase-transaction-history.csv': [8, 8, 1, 0],
      'bybit-spot-trade-history.csv': [5, 6, 0, 0],
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
      // Every row is accounted for, a row of two trades twice.
      const { trades } = parseTradeHistory(fixture(file));
      const twice = trades.length - new Set(trades.map((t) => t.row)).size;
      expect(body.read + twice).toBe(body.added + body.duplicates + body.skipped + body.failed);
    }
    const rows = await holdings(token);
    // BTC: 1 held + Binance 0.00999 + 0.014985 - 0.005 - 0.005512 (paid for ETH) + Coinbase 0.0125 - 0.005
    // + 0.002706 (converted from ETH) + Bybit 0.01998 - 0.0038 (paid for ETH).
    expect(rows.find(([s]) => s === 'BTC')).toEqual(['BTC', '1.040849']);
    // Bybit's ICP sale (Nov 16) comes after its buy (Nov 12): 9.99 - 5.36.
    expect(rows.find(([s]) => s === 'ICP')).toEqual(['ICP', '4.63']);
    const { body: btcHistory } = await api.call('GET', `/api/portfolio/${held.body.id}/transactions`, {
      token,
    });
    expect(btcHistory.transactions).toHaveLength(1 + 4 + 3 + 2);
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
