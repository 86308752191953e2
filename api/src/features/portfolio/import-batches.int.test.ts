/**
 * The import preview, opening balances replaced by the imported history, and import batches listed and
 * undone, through the real API and database. Another user sees none of it.
 */
import { testEngines } from '@coinpace/db/testing';
import type { ImportBatch, TradeImportPreview } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { importTradesToEnd } from '../../testing/trade-imports.ts';

/** A hand-entered holding, as the add-coin form records it: an opening buy dated today. */
const btc = {
  coingeckoId: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'BTC',
  quantity: '0.75',
  purchasePrice: '100',
};

const HEADER = 'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers';
/** A Kraken export of 2024: 1 BTC bought, 0.25 sold (0.75 left), and 2 ETH bought. */
const HISTORY = [
  HEADER,
  'TA1,OA1,XXBTZUSD,2024-01-05 10:00:00,buy,limit,40000,40000,0,1,0,,',
  'TA2,OA2,XXBTZUSD,2024-03-05 10:00:00,sell,limit,60000,15000,0,0.25,0,,',
  'TA3,OA3,XETHZUSD,2024-02-01 10:00:00,buy,limit,2000,4000,0,2,0,,',
].join('\n');

describe.each(testEngines(process.env.DATABASE_URL))('import preview and batches on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine);
  });
  afterAll(() => api?.close());

  const quantities = async (token: string) =>
    Object.fromEntries(
      (
        (await api.call('GET', '/api/portfolio', { token })).body as { symbol: string; quantity: string }[]
      ).map((h) => [h.symbol, h.quantity]),
    );
  const batches = async (token: string, query = '') =>
    (await api.call('GET', `/api/portfolio/import-batches${query}`, { token })).body.imports as ImportBatch[];

  it('previews quantities before and after and the overlapping opening balance, writing nothing', async () => {
    const { token } = await api.signUp();
    await api.call('POST', '/api/portfolio', { token, body: btc });
    const answer = await api.call('POST', '/api/portfolio/import-trades/preview', {
      token,
      body: { text: HISTORY },
    });
    expect(answer.status).toBe(200);
    const preview = answer.body as TradeImportPreview;
    expect(preview).toMatchObject({
      exchange: 'kraken',
      read: 3,
      add: 3,
      duplicates: 0,
      failed: 0,
      createdHoldings: ['ETH'],
      overlaps: ['BTC'],
    });
    const coin = (symbol: string) => preview.coins.find((c) => c.symbol === symbol);
    // Kept, the opening 0.75 comes on top of the history's 0.75: the double count the preview shows.
    expect(coin('BTC')).toMatchObject({
      target: 'existing',
      before: '0.75',
      after: '1.5',
      opening: { quantity: '0.75', replaced: false, afterKeeping: '1.5', afterReplacing: '0.75' },
    });
    expect(coin('ETH')).toMatchObject({
      target: 'new',
      holdingId: null,
      before: '0',
      after: '2',
      opening: null,
    });
    const replacing = await api.call('POST', '/api/portfolio/import-trades/preview', {
      token,
      body: { text: HISTORY, replaceOpening: ['btc'] },
    });
    expect((replacing.body as TradeImportPreview).coins[0]).toMatchObject({ symbol: 'BTC', after: '0.75' });
    // Nothing was written.
    expect(await quantities(token)).toEqual({ BTC: '0.75' });
    expect(await batches(token)).toEqual([]);
  });

  it('replaces the opening balance in the import, lists the batch, and undo restores the opening', async () => {
    const { token } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: btc });
    const before = (await api.call('GET', `/api/portfolio/${holding.id}/transactions`, { token })).body
      .transactions;
    const imported = await importTradesToEnd(api, token, {
      text: HISTORY,
      replaceOpening: true,
      fileName: 'kraken-2024.csv',
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ added: 3, replacedOpening: 1, createdHoldings: ['ETH'] });
    expect(await quantities(token)).toEqual({ BTC: '0.75', ETH: '2' });

    const [batch] = await batches(token);
    expect(batch).toMatchObject({
      id: imported.body.batchId,
      exchange: 'kraken',
      fileName: 'kraken-2024.csv',
      read: 3,
      added: 3,
      transactions: 3,
      replaced: 1,
    });
    expect(batch!.holdings.map((h) => h.symbol).sort()).toEqual(['BTC', 'ETH']);
    expect(await batches(token, `?holdingId=${holding.id}`)).toHaveLength(1);

    const undo = await api.call('DELETE', `/api/portfolio/import-batches/${batch!.id}`, { token });
    expect(undo.status).toBe(200);
    expect(undo.body).toEqual({ removed: 3, restored: 1, deletedHoldings: ['ETH'] });
    // As before the import: the hand-entered opening back as it was, the created holding gone.
    expect(await quantities(token)).toEqual({ BTC: '0.75' });
    const after = (await api.call('GET', `/api/portfolio/${holding.id}/transactions`, { token })).body
      .transactions;
    expect(after.map(({ id: _id, ...t }: { id: string }) => t)).toEqual(
      before.map(({ id: _id, ...t }: { id: string }) => t),
    );
    expect(await batches(token)).toEqual([]);
    expect((await api.call('DELETE', `/api/portfolio/import-batches/${batch!.id}`, { token })).status).toBe(
      404,
    );
    // Imported again without replacing, the opening stays and the history comes on top of it.
    const again = await importTradesToEnd(api, token, HISTORY);
    expect(again.body).toMatchObject({ added: 3, replacedOpening: 0 });
    expect(await quantities(token)).toEqual({ BTC: '1.5', ETH: '2' });
  });

  it("keeps a user's imports from another: not listed, not undone (404)", async () => {
    const alice = await api.signUp();
    const bob = await api.signUp();
    const imported = await importTradesToEnd(api, alice.token, HISTORY);
    const batchId = imported.body.batchId!;
    expect(batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await batches(bob.token)).toEqual([]);
    const undo = await api.call('DELETE', `/api/portfolio/import-batches/${batchId}`, { token: bob.token });
    expect(undo.status).toBe(404);
    expect(undo.body.error).toBe('Import not found.');
    expect(await quantities(alice.token)).toEqual({ BTC: '0.75', ETH: '2' });
    expect(await batches(alice.token)).toHaveLength(1);
    const notAnId = await api.call('DELETE', '/api/portfolio/import-batches/nope', { token: bob.token });
    expect(notAnId.status).toBe(404);
  });

  it('refuses an undo a later sale relies on, and changes nothing', async () => {
    const { token } = await api.signUp();
    const imported = await importTradesToEnd(api, token, HISTORY);
    const list = (await api.call('GET', '/api/portfolio', { token })).body as {
      id: string;
      symbol: string;
    }[];
    const eth = list.find((h) => h.symbol === 'ETH')!;
    const sale = await api.call('POST', `/api/portfolio/${eth.id}/transactions`, {
      token,
      body: { type: 'sell', at: '2024-06-01T00:00:00.000Z', quantity: '1.5', pricePerCoin: '3000', fee: '0' },
    });
    expect(sale.status).toBe(201);
    const undo = await api.call('DELETE', `/api/portfolio/import-batches/${imported.body.batchId}`, {
      token,
    });
    expect(undo.status).toBe(409);
    expect(undo.body.error).toMatch(/^This import cannot be undone: without its trades, your ETH history/);
    expect(await quantities(token)).toEqual({ BTC: '0.75', ETH: '0.5' });
    expect(await batches(token)).toHaveLength(1);
  });
});
