import { describe, expect, it } from 'vitest';
import { fakeAdapterFixture } from './testing/setup.ts';

const start = fakeAdapterFixture();

describe('proxy', () => {
  it('forwards an allowed route with only its allowed query keys, and the API key header', async () => {
    const { fake, source } = await start({ apiKey: 'CG-key' });
    const query = new URLSearchParams({
      ids: 'bitcoin',
      vs_currencies: 'usd',
      include_last_updated_at: 'true',
      x_cg_demo_api_key: 'someone-elses',
      callback: 'x',
    });
    const response = await source.proxy('/simple/price', query);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ bitcoin: { usd: 97000, last_updated_at: expect.any(Number) } });
    const [request] = fake.requests;
    expect(Object.fromEntries(request!.query)).toEqual({
      ids: 'bitcoin',
      vs_currencies: 'usd',
      include_last_updated_at: 'true',
    });
    expect(request!.headers['x-cg-demo-api-key']).toBe('CG-key');
  });

  it('forwards simple/token_price/{chain}', async () => {
    const { fake, source } = await start();
    const usdt = '0xdac17f958d2ee523a2206206994597c13d831ec7';
    const response = await source.proxy(
      '/simple/token_price/ethereum',
      new URLSearchParams({ contract_addresses: usdt, vs_currencies: 'usd', include_24hr_change: 'true' }),
    );
    expect(response).toEqual({ status: 200, body: { [usdt]: { usd: 1, usd_24h_change: 0 } } });
    expect(fake.requests[0]!.path).toBe('/simple/token_price/ethereum');
  });

  it('refuses other routes and bad chains without a call', async () => {
    const { fake, source } = await start();
    expect(await source.proxy('/coins/bitcoin', new URLSearchParams())).toMatchObject({ status: 404 });
    expect(await source.proxy('/simple/token_price/a/b', new URLSearchParams())).toMatchObject({
      status: 400,
    });
    expect(await source.proxy('/search', new URLSearchParams({ query: 'x'.repeat(4001) }))).toMatchObject({
      status: 400,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('passes CoinGecko 4xx answers through', async () => {
    const { source } = await start();
    const response = await source.proxy('/simple/price', new URLSearchParams({ ids: 'bitcoin' }));
    expect(response).toEqual({ status: 400, body: { error: 'Missing parameter vs_currencies' } });
  });

  it('answers 429 with Retry-After on a rate limit, and during the lock without calling', async () => {
    const { fake, clock, source } = await start();
    fake.fail('search', 429, 1);
    const first = await source.proxy('/search', new URLSearchParams({ query: 'unlisted' }));
    expect(first).toMatchObject({ status: 429, retryAfterSeconds: 120 });
    clock.advance(60_000);
    const second = await source.proxy(
      '/simple/price',
      new URLSearchParams({ ids: 'bitcoin', vs_currencies: 'usd' }),
    );
    expect(second).toMatchObject({ status: 429, retryAfterSeconds: 60 });
    expect(fake.requests).toHaveLength(1);
  });

  it('maps upstream failures to 502 and 504', async () => {
    const { fake, source } = await start({ priceTimeoutMs: 100, timeoutMs: 60_000 });
    fake.fail('coins/markets', 500, 1);
    expect((await source.proxy('/coins/markets', new URLSearchParams({ vs_currency: 'usd' }))).status).toBe(
      502,
    );
    // simple/price uses the shorter price timeout: with the general one this would outlast the test
    fake.fail('simple/price', 'hang', 1);
    expect(
      (await source.proxy('/simple/price', new URLSearchParams({ ids: 'bitcoin', vs_currencies: 'usd' })))
        .status,
    ).toBe(504);
    await fake.close();
    expect((await source.proxy('/search', new URLSearchParams({ query: 'unlisted' }))).status).toBe(502);
  });
});
