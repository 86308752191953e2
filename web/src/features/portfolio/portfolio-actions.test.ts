import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE, setTokenGetter } from '../../lib/api-client.ts';
import { installFakeApi, networkDown, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import {
  addCoin,
  deleteHoldings,
  fillPurchasePrice,
  reportHolding,
  savePurchasePrice,
} from './portfolio-actions.ts';
import { loadPortfolio, setHoldings, usePortfolio } from './portfolio-store.ts';
import { resetPortfolioFeature } from './testing.ts';

describe('portfolio actions', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads holdings and keeps unchanged row objects across reloads', async () => {
    const btc = holding();
    const eth = holding({ symbol: 'ETH', coingeckoId: 'ethereum' });
    api.on('GET', '/api/portfolio', { body: [btc, eth] });
    await loadPortfolio();
    const first = usePortfolio.getState().byId;
    api.on('GET', '/api/portfolio', { body: [{ ...btc }, { ...eth, purchasePrice: '1' }] });
    await loadPortfolio();
    const second = usePortfolio.getState().byId;
    expect(second[btc.id]).toBe(first[btc.id]);
    expect(second[eth.id]).not.toBe(first[eth.id]);
  });

  it("keeps the rows when loading again fails, and does not call them 'failed to load'", async () => {
    setHoldings([holding()]);
    api.on('GET', '/api/portfolio', { status: 500, body: { error: 'Something went wrong.' } });
    await loadPortfolio();
    expect(usePortfolio.getState().error).toBe(
      'Could not update your portfolio: Something went wrong. The holdings shown are from the last update.',
    );
    expect(usePortfolio.getState().holdings).toHaveLength(1);
  });

  it("shows 'Failed to load portfolio data: {msg}' when nothing is on screen", async () => {
    api.on('GET', '/api/portfolio', { status: 500, body: { error: 'Something went wrong' } });
    await loadPortfolio();
    expect(usePortfolio.getState().error).toBe('Failed to load portfolio data: Something went wrong');
  });

  it('saves a per-coin purchase price with PUT and shows it at once', async () => {
    const btc = holding({ purchasePrice: '30000' });
    setHoldings([btc]);
    api.on('PUT', `/api/portfolio/${btc.id}`, ({ body }) => ({
      body: { ...btc, purchasePrice: (body as { purchasePrice: string }).purchasePrice, updatedAt: 'later' },
    }));
    const saving = savePurchasePrice(btc.id, 31000.5);
    expect(usePortfolio.getState().byId[btc.id]!.purchasePrice).toBe('31000.5');
    expect(await saving).toBe(true);
    expect(api.calls[0]!.body).toEqual({ purchasePrice: '31000.5' });
    expect(usePortfolio.getState().byId[btc.id]!.updatedAt).toBe('later');
  });

  it('puts the old price back and shows the SPEC text when the save fails', async () => {
    const btc = holding({ purchasePrice: '30000' });
    setHoldings([btc]);
    api.on('PUT', `/api/portfolio/${btc.id}`, {
      status: 400,
      body: { error: 'Purchase price must be at most 10,000,000' },
    });
    expect(await savePurchasePrice(btc.id, 20_000_000)).toBe(false);
    expect(usePortfolio.getState().byId[btc.id]!.purchasePrice).toBe('30000');
    expect(usePortfolio.getState().error).toBe(
      'Failed to save changes to database: Purchase price must be at most 10,000,000',
    );
    api.on('PUT', `/api/portfolio/${btc.id}`, { status: 401, body: { error: 'x' } });
    await savePurchasePrice(btc.id, 5);
    expect(usePortfolio.getState().error).toBe(PORTFOLIO_TEXTS.notAuthenticatedSave);
  });

  it('fills a zero purchase price once and never overwrites a known one', async () => {
    const ada = holding({ symbol: 'ADA', purchasePrice: '0' });
    const btc = holding({ purchasePrice: '30000' });
    setHoldings([ada, btc]);
    api.on('PUT', `/api/portfolio/${ada.id}`, { body: ada });
    await fillPurchasePrice(ada.id, 0.45);
    await fillPurchasePrice(btc.id, 1);
    expect(api.calls.map((c) => [c.path, c.body])).toEqual([
      [`/api/portfolio/${ada.id}`, { purchasePrice: '0.45' }],
    ]);
    expect(usePortfolio.getState().byId[ada.id]!.purchasePrice).toBe('0.45');
  });

  it('deletes holdings and words one or several failures per SPEC', async () => {
    const [a, b, c] = [holding(), holding({ symbol: 'B' }), holding({ symbol: 'C' })];
    setHoldings([a, b, c]);
    api.on('DELETE', `/api/portfolio/${a.id}`, { status: 204 });
    api.on('DELETE', `/api/portfolio/${b.id}`, { status: 500, body: { error: 'boom' } });
    expect(await deleteHoldings([a.id, b.id])).toBe(1);
    expect(usePortfolio.getState().holdings.map((h) => h.id)).toEqual([b.id, c.id]);
    expect(usePortfolio.getState().error).toBe('Failed to delete some items: boom');
    api.on('DELETE', `/api/portfolio/${c.id}`, { status: 404, body: { error: 'Portfolio item not found.' } });
    await deleteHoldings([c.id]);
    expect(usePortfolio.getState().error).toBe('Failed to delete item: Portfolio item not found.');
  });

  it('reports an error with SPEC.md success and failure texts', async () => {
    const btc = holding();
    api.on('POST', `/api/portfolio/${btc.id}/report`, { status: 202, body: { status: 'queued' } });
    expect(await reportHolding(btc.id)).toBe(true);
    expect(usePortfolio.getState().notice).toBe(PORTFOLIO_TEXTS.reportSent);
    api.on('POST', `/api/portfolio/${btc.id}/report`, networkDown);
    expect(await reportHolding(btc.id)).toBe(false);
    expect(usePortfolio.getState().error).toBe(PORTFOLIO_TEXTS.reportFailed);
  });

  it('sends one report at a time per holding: a second one while the first is on its way is ignored', async () => {
    const btc = holding();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.on('POST', `/api/portfolio/${btc.id}/report`, async () => {
      await answered;
      return { status: 202, body: { status: 'queued' } };
    });
    const first = reportHolding(btc.id);
    expect(await reportHolding(btc.id)).toBe(false);
    answer();
    expect(await first).toBe(true);
    expect(api.callsTo('POST', `/api/portfolio/${btc.id}/report`)).toHaveLength(1);
    expect(await reportHolding(btc.id)).toBe(true); // sent, so the next report goes out
    expect(api.callsTo('POST', `/api/portfolio/${btc.id}/report`)).toHaveLength(2);
  });

  it('adds a coin, reloads and fetches prices; a symbol already held records a buy on its one row', async () => {
    const btc = holding();
    api.on('POST', '/api/portfolio', { status: 201, body: { ...btc, autoAlerts: [], recordedBuy: null } });
    api.on('GET', '/api/portfolio', { body: [btc] });
    api.on('GET', '/api/prices', { body: {} });
    const payload = {
      coingeckoId: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'btc',
      quantity: '0.5',
      purchasePrice: '50000',
    };
    expect(await addCoin(payload)).toBeNull();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/portfolio',
      'GET /api/portfolio',
      'GET /api/prices',
    ]);
    expect(usePortfolio.getState().notice).toBeNull();

    // Held now: the server records a buy and answers 200 with the row's new quantity and average cost.
    const after = { ...btc, quantity: '1.5', purchasePrice: '36666.666666666666666667' };
    const recordedBuy = {
      transaction: { id: 't2', holdingId: btc.id, kind: 'buy', quantity: '0.5', price: '50000' },
      quantity: '1.5',
      averageCost: '36666.666666666666666667',
    };
    api.on('POST', '/api/portfolio', { status: 200, body: { ...after, autoAlerts: [], recordedBuy } });
    // The reload has not happened yet when the row must already show it: hold the reload back.
    api.on('GET', '/api/portfolio', { status: 500, body: { error: 'down' } });
    const bought = await addCoin(payload);
    expect(bought?.quantity).toBe('1.5');
    expect(api.callsTo('POST', '/api/portfolio')).toHaveLength(2);
    const { holdings } = usePortfolio.getState();
    expect(holdings).toHaveLength(1);
    expect(holdings[0]).toMatchObject({ id: btc.id, quantity: '1.5', purchasePrice: after.purchasePrice });
    expect(usePortfolio.getState().notice).toBe(
      'Recorded a buy of 0.5 BTC. You now hold 1.5 BTC at an average cost of $36,666.67.',
    );
  });

  it('still adds nothing for a held coin when an older server answers 409', async () => {
    const btc = holding();
    setHoldings([btc]);
    api.on('POST', '/api/portfolio', { status: 409, body: { error: 'Already held' } });
    api.on('GET', '/api/portfolio', { body: [btc] });
    api.on('GET', '/api/prices', { body: {} });
    await addCoin({
      coingeckoId: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'BTC',
      quantity: '1',
      purchasePrice: '1',
    });
    expect(usePortfolio.getState().holdings).toHaveLength(1);
    expect(usePortfolio.getState().error).toBeNull();
  });

  it('says so when the server set an alert on the new coin', async () => {
    const sol = holding({ symbol: 'SOL', coingeckoId: 'solana' });
    const autoAlerts = [
      { id: 'a9', coinSymbol: 'SOL', thresholdType: 'Loss', thresholdValue: 10, notificationMethod: 'Both' },
    ];
    api.on('POST', '/api/portfolio', { status: 201, body: { ...sol, autoAlerts } });
    api.on('GET', '/api/portfolio', { body: [sol] });
    api.on('GET', '/api/prices', { body: {} });
    await addCoin({
      coingeckoId: 'solana',
      name: 'Solana',
      symbol: 'SOL',
      quantity: '1',
      purchasePrice: '1',
    });
    expect(usePortfolio.getState().notice).toBe(
      'An alert was set on SOL (down 10%) for a coin you added, like your first alert on a coin you hold. You can change or delete it on the Alerts page.',
    );
  });

  it('words an add failure by cause, as SPEC.md section 8 does', async () => {
    const payload = { coingeckoId: 'x', name: 'X', symbol: 'X', quantity: '1', purchasePrice: '1' };
    api.on('POST', '/api/portfolio', { status: 400, body: { error: 'Quantity must be greater than 0' } });
    await expect(addCoin(payload)).rejects.toThrow(
      'Failed to save coin to database: Quantity must be greater than 0',
    );
    api.on('POST', '/api/portfolio', networkDown);
    await expect(addCoin(payload)).rejects.toThrow(`Failed to add coin: ${NETWORK_ERROR_MESSAGE}`);
    api.on('POST', '/api/portfolio', { status: 401, body: { error: 'Invalid token' } });
    await expect(addCoin(payload)).rejects.toThrow(PORTFOLIO_TEXTS.notAuthenticatedAdd);
    setTokenGetter(async () => null);
    await expect(addCoin(payload)).rejects.toThrow(PORTFOLIO_TEXTS.notAuthenticatedAdd);
    expect(api.callsTo('POST', '/api/portfolio')).toHaveLength(3);
  });

  it('says the user is not authenticated when loading without a session token', async () => {
    setTokenGetter(async () => null);
    await loadPortfolio();
    expect(usePortfolio.getState().error).toBe(PORTFOLIO_TEXTS.notAuthenticatedLoad);
    expect(api.calls).toHaveLength(0);
  });

  it('says the user is not authenticated when a delete is refused for the session', async () => {
    const btc = holding();
    setHoldings([btc]);
    api.on('DELETE', `/api/portfolio/${btc.id}`, { status: 401, body: { error: 'Invalid token' } });
    expect(await deleteHoldings([btc.id])).toBe(0);
    expect(usePortfolio.getState().error).toBe(PORTFOLIO_TEXTS.notAuthenticatedDelete);
    expect(usePortfolio.getState().holdings).toHaveLength(1);
  });
});
