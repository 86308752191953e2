import { parseConfig } from '@coinpace/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createPriceSource } from './create.ts';
import { createFakeCoinGecko, type FakeCoinGecko } from './testing/fake-coingecko.ts';

let fake: FakeCoinGecko | undefined;
afterEach(async () => {
  await fake?.close();
});

describe('createPriceSource', () => {
  it('builds the simulated source for PRICE_SOURCE=simulated', async () => {
    const source = createPriceSource(parseConfig({ PRICE_SOURCE: 'simulated' }).prices, { seed: 2 });
    expect(source.state().status).toBe('simulated');
    expect((await source.getPrices(['bitcoin'])).origin.bitcoin).toBe('simulated');
  });

  it('builds the CoinGecko adapter from COINGECKO_BASE_URL and COINGECKO_API_KEY', async () => {
    fake = createFakeCoinGecko();
    const { url } = await fake.start();
    const config = parseConfig({ COINGECKO_BASE_URL: url, COINGECKO_API_KEY: 'CG-from-config' });
    const source = createPriceSource(config.prices);
    const { origin } = await source.getPrices(['bitcoin']);
    expect(origin.bitcoin).toBe('live');
    expect(fake.requests[0]!.headers['x-cg-demo-api-key']).toBe('CG-from-config');
  });
});
