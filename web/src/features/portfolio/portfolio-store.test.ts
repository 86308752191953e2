import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import { loadPortfolio, usePortfolio } from './portfolio-store.ts';
import { resetPortfolioFeature } from './testing.ts';

/** What index.html leaves on the window when it asks for the holdings before the scripts load. */
type EarlyWindow = { __coinpacePortfolio?: Promise<Response> };

describe('loadPortfolio and the early request of index.html', () => {
  let api: FakeApi;
  const serverRow = holding({ symbol: 'ETH' });
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi().on('GET', '/api/portfolio', { body: [serverRow] });
  });
  afterEach(() => {
    delete (window as EarlyWindow).__coinpacePortfolio;
    vi.unstubAllGlobals();
  });

  it('takes the rows the page already asked for, once, without asking again', async () => {
    const early = holding({ symbol: 'BTC' });
    (window as EarlyWindow).__coinpacePortfolio = Promise.resolve(
      new Response(JSON.stringify([early]), { headers: { 'content-type': 'application/json' } }),
    );
    await loadPortfolio();
    expect(usePortfolio.getState().holdings.map((h) => h.symbol)).toEqual(['BTC']);
    expect(api.callsTo('GET', '/api/portfolio')).toHaveLength(0);
    // A later load (a refresh, another tab's change) asks the server.
    await loadPortfolio();
    expect(usePortfolio.getState().holdings.map((h) => h.symbol)).toEqual(['ETH']);
    expect(api.callsTo('GET', '/api/portfolio')).toHaveLength(1);
  });

  it.each([
    ['a refusal', () => Promise.resolve(new Response('{"error":"expired"}', { status: 401 }))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a body that is not rows', () => Promise.resolve(new Response('{"rows":1}'))],
  ])('asks again the usual way after %s', async (_label, answer) => {
    (window as EarlyWindow).__coinpacePortfolio = answer();
    await loadPortfolio();
    expect(usePortfolio.getState()).toMatchObject({ status: 'ready', error: null });
    expect(usePortfolio.getState().holdings.map((h) => h.symbol)).toEqual(['ETH']);
    expect(api.callsTo('GET', '/api/portfolio')).toHaveLength(1);
  });
});
