import { describe, expect, it } from 'vitest';
import { matchProxyRoute } from './proxy-routes.ts';

describe('matchProxyRoute', () => {
  it.each([
    ['/simple/price', 'simple_price'],
    ['simple/price/', 'simple_price'],
    ['/coins/markets', 'markets'],
    ['/search', 'search'],
    ['/simple/token_price/binance-smart-chain', 'token_price'],
  ])('allows %s', (path, kind) => {
    const match = matchProxyRoute(path, new URLSearchParams());
    expect(match.ok && match.route.kind).toBe(kind);
  });

  it.each([
    '/coins/list',
    '/coins/bitcoin',
    '/',
    '/simple/supported_vs_currencies',
    '/search/trending',
    '/simple/token_price/',
  ])('refuses %s', (path) => {
    expect(matchProxyRoute(path, new URLSearchParams())).toMatchObject({ ok: false, status: 404 });
  });

  it.each(['/simple/token_price/ETH', '/simple/token_price/a/b', '/simple/token_price/..'])(
    'refuses the chain in %s',
    (path) => {
      expect(matchProxyRoute(path, new URLSearchParams())).toMatchObject({ ok: false, status: 400 });
    },
  );

  it('keeps only the query keys of the route', () => {
    const match = matchProxyRoute(
      '/search',
      new URLSearchParams({ query: 'btc', ids: 'x', x_cg_pro_api_key: 'k' }),
    );
    expect(match.ok && Object.fromEntries(match.route.query)).toEqual({ query: 'btc' });
  });

  it('refuses a value longer than 4000 characters', () => {
    expect(matchProxyRoute('/simple/price', new URLSearchParams({ ids: 'a'.repeat(4001) }))).toMatchObject({
      status: 400,
    });
    expect(matchProxyRoute('/simple/price', new URLSearchParams({ ids: 'a'.repeat(4000) })).ok).toBe(true);
  });
});
