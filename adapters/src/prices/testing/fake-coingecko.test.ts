import { afterEach, describe, expect, it } from 'vitest';
import { createFakeCoinGecko, type FakeCoinGecko } from './fake-coingecko.ts';

let fake: FakeCoinGecko;
let base: string;
async function start(options: Parameters<typeof createFakeCoinGecko>[0] = {}) {
  fake = createFakeCoinGecko({ now: () => 1_732_200_000_000, ...options });
  base = (await fake.start()).url;
}
afterEach(async () => {
  await fake.close();
});
const get = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
};

describe('fake CoinGecko server', () => {
  it('listens on 127.0.0.1 under /api/v3', async () => {
    await start();
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/);
  });

  it('answers simple/price in CoinGecko shape', async () => {
    await start();
    fake.setPrice('bitcoin', 97000.1, -1.23);
    const { status, body } = await get(
      '/simple/price?ids=bitcoin,nope&vs_currencies=usd&include_24hr_change=true&include_last_updated_at=true',
    );
    expect(status).toBe(200);
    expect(body).toEqual({ bitcoin: { usd: 97000.1, usd_24h_change: -1.23, last_updated_at: 1732200000 } });
    expect((await get('/simple/price?ids=bitcoin&vs_currencies=usd')).body).toEqual({
      bitcoin: { usd: 97000.1 },
    });
    expect((await get('/simple/price?ids=bitcoin')).status).toBe(400);
  });

  it('answers coins/markets rows ordered by market cap, with paging', async () => {
    await start();
    const { body } = await get(
      '/coins/markets?vs_currency=usd&ids=ethereum,bitcoin&order=market_cap_desc&per_page=1&page=2&price_change_percentage=24h',
    );
    const rows = body as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 'ethereum',
      symbol: 'eth',
      name: 'Ethereum',
      current_price: 3400,
      market_cap_rank: 2,
      price_change_percentage_24h: 0,
      price_change_percentage_24h_in_currency: 0,
      last_updated: '2024-11-21T14:40:00.000Z',
    });
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(['image', 'market_cap', 'total_volume', 'price_change_24h', 'roi']),
    );
  });

  it('answers simple/token_price/{chain} by lower-case address, 404 for an unknown chain', async () => {
    await start();
    fake.setTokenPrice('ethereum', '0xABCDEF0000000000000000000000000000000001', 2.5, 4);
    const { body } = await get(
      '/simple/token_price/ethereum?contract_addresses=0xabcdef0000000000000000000000000000000001&vs_currencies=usd&include_24hr_change=true',
    );
    expect(body).toEqual({ '0xabcdef0000000000000000000000000000000001': { usd: 2.5, usd_24h_change: 4 } });
    expect((await get('/simple/token_price/nowhere?contract_addresses=0x1&vs_currencies=usd')).status).toBe(
      404,
    );
  });

  it('answers search with coins and the other (empty) sections', async () => {
    await start();
    const { body } = await get('/search?query=eth');
    const result = body as { coins: Record<string, unknown>[] };
    expect(Object.keys(result).sort()).toEqual(['categories', 'coins', 'exchanges', 'icos', 'nfts']);
    expect(result.coins[0]).toEqual({
      id: 'ethereum',
      name: 'Ethereum',
      api_symbol: 'ethereum',
      symbol: 'ETH',
      market_cap_rank: 2,
      thumb: 'https://coin-images.coingecko.com/coins/images/2/thumb/ethereum.png',
      large: 'https://coin-images.coingecko.com/coins/images/2/large/ethereum.png',
    });
  });

  it('forces failures per route, a given number of times', async () => {
    await start({ retryAfterSeconds: 30 });
    fake.fail('search', 429, 1);
    const limited = await get('/search?query=btc');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.body).toMatchObject({ status: { error_code: 429 } });
    expect((await get('/search?query=btc')).status).toBe(200);
    fake.fail('simple/price', 500);
    expect((await get('/simple/price?ids=bitcoin&vs_currencies=usd')).status).toBe(500);
    expect((await get('/simple/price?ids=bitcoin&vs_currencies=usd')).status).toBe(500);
    expect((await get('/coins/markets?vs_currency=usd')).status).toBe(200);
    fake.clearFailures();
    expect((await get('/simple/price?ids=bitcoin&vs_currencies=usd')).status).toBe(200);
  });

  it('hangs a request until closed', async () => {
    await start();
    fake.fail('coins/markets', 'hang');
    const outcome = await fetch(`${base}/coins/markets?vs_currency=usd`, {
      signal: AbortSignal.timeout(100),
    }).catch((e: Error) => e.name);
    expect(outcome).toBe('TimeoutError');
  });

  it('logs every request with route, path, query and time', async () => {
    await start();
    await get('/search?query=sol');
    await get('/elsewhere');
    expect(fake.requests.map((r) => [r.route, r.path, r.query.get('query'), r.at])).toEqual([
      ['search', '/search', 'sol', 1_732_200_000_000],
      [null, '/elsewhere', null, 1_732_200_000_000],
    ]);
    expect(fake.requestsTo('search')).toHaveLength(1);
    fake.clearRequests();
    expect(fake.requests).toHaveLength(0);
  });

  it('enforces a quota over every route: 429 past N calls in any window, refused calls not counted', async () => {
    let now = 1_732_200_000_000;
    await start({ now: () => now, quota: { calls: 2, perMs: 10_000 }, retryAfterSeconds: 30 });
    expect((await get('/simple/price?ids=bitcoin&vs_currencies=usd')).status).toBe(200);
    now += 4_000;
    expect((await get('/search?query=sol')).status).toBe(200);
    const refused = await get('/coins/list');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((refused.body as { status: { error_code: number } }).status.error_code).toBe(429);
    now += 6_000; // the first call has left the window; the refused one never counted
    expect((await get('/coins/list')).status).toBe(200);
    expect((await get('/coins/list')).status).toBe(429);
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 429, 200, 429]);
  });

  it('can start empty', async () => {
    await start({ empty: true });
    expect((await get('/simple/price?ids=bitcoin&vs_currencies=usd')).body).toEqual({});
  });
});
