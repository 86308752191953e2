/**
 * The contract every PriceSource keeps (STYLE.md: one contract suite per adapter, run against the real
 * adapter's local peer and the embedded default). Call it from a test file with a factory per source.
 */
import { TICKER_COIN_IDS } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PriceSource } from './port.ts';

/** A source under test and how to tear it down. */
export interface ContractSubject {
  source: PriceSource;
  close(): Promise<void>;
}

const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';

/** Registers the shared expectations for one source. */
export function describePriceSourceContract(name: string, make: () => Promise<ContractSubject>): void {
  describe(`PriceSource contract: ${name}`, () => {
    let subject: ContractSubject;
    beforeEach(async () => {
      subject = await make();
    });
    afterEach(async () => {
      await subject.close();
    });

    it('prices every ticker coin with a sane quote', async () => {
      const { prices, origin, state } = await subject.source.getPrices(TICKER_COIN_IDS);
      expect(Object.keys(prices).sort()).toEqual([...TICKER_COIN_IDS].sort());
      for (const id of TICKER_COIN_IDS) {
        const quote = prices[id]!;
        expect(quote.usd).toBeGreaterThan(0);
        expect(quote.usd).toBeLessThanOrEqual(10_000_000);
        expect(quote.usd_24h_change === null || Number.isFinite(quote.usd_24h_change)).toBe(true);
        expect(Number.isInteger(quote.last_updated)).toBe(true);
        expect(quote.last_updated).toBeGreaterThan(1_600_000_000);
        expect(['live', 'simulated']).toContain(origin[id]);
      }
      expect(['live', 'simulated']).toContain(state.status);
    });

    it('normalises ids: trims, lower-cases and de-duplicates', async () => {
      const { prices } = await subject.source.getPrices([' Bitcoin ', 'bitcoin', 'ETHEREUM', '']);
      expect(Object.keys(prices).sort()).toEqual(['bitcoin', 'ethereum']);
    });

    it('answers no ids with no prices', async () => {
      expect((await subject.source.getPrices([])).prices).toEqual({});
    });

    it('gives coins/markets rows for the ticker', async () => {
      const { coins } = await subject.source.getMarkets(TICKER_COIN_IDS);
      expect(coins.map((c) => c.id).sort()).toEqual([...TICKER_COIN_IDS].sort());
      const btc = coins.find((c) => c.id === 'bitcoin')!;
      expect(btc.symbol).toBe('BTC');
      expect(btc.name).toBe('Bitcoin');
      expect(btc.current_price).toBeGreaterThan(0);
    });

    it('prices a known token by contract address, in any case', async () => {
      const { prices } = await subject.source.getTokenPrices('ethereum', [
        USDT.toUpperCase().replace('0X', '0x'),
        'not-an-address',
      ]);
      expect(Object.keys(prices)).toEqual([USDT]);
      expect(prices[USDT]!.usd).toBeGreaterThan(0);
    });

    it('searches by name and prices the results', async () => {
      const { coins: results, state } = await subject.source.search('bitcoin');
      expect(['live', 'simulated']).toContain(state.status);
      expect(results.length).toBeGreaterThan(0);
      expect(results.length).toBeLessThanOrEqual(10);
      const btc = results.find((r) => r.id === 'bitcoin')!;
      expect(btc).toMatchObject({ name: 'Bitcoin', symbol: 'BTC' });
      expect(btc.current_price).toBeGreaterThan(0);
      expect(Object.keys(btc).sort()).toEqual(
        [
          'contract_address',
          'current_price',
          'id',
          'image',
          'name',
          'price_change_percentage_24h',
          'symbol',
        ].sort(),
      );
    });

    it('gives the known contract address in search results', async () => {
      const { coins: results } = await subject.source.search('tether');
      expect(results.find((r) => r.id === 'tether')?.contract_address).toBe(USDT);
    });

    it('does not search for fewer than 2 characters', async () => {
      expect((await subject.source.search('b')).coins).toEqual([]);
      expect((await subject.source.search('  ')).coins).toEqual([]);
    });

    it('proxies simple/price in CoinGecko shape', async () => {
      const query = new URLSearchParams({
        ids: 'bitcoin',
        vs_currencies: 'usd',
        include_24hr_change: 'true',
      });
      const response = await subject.source.proxy('/simple/price', query);
      expect(response.status).toBe(200);
      const body = response.body as Record<string, { usd: number; usd_24h_change: number }>;
      expect(body.bitcoin!.usd).toBeGreaterThan(0);
      expect(typeof body.bitcoin!.usd_24h_change).toBe('number');
    });

    it('proxies coins/markets and search in CoinGecko shape', async () => {
      const markets = await subject.source.proxy(
        '/coins/markets',
        new URLSearchParams({ vs_currency: 'usd', ids: 'bitcoin,ethereum', order: 'market_cap_desc' }),
      );
      expect(markets.status).toBe(200);
      expect((markets.body as { id: string; symbol: string }[]).map((r) => [r.id, r.symbol])).toEqual([
        ['bitcoin', 'btc'],
        ['ethereum', 'eth'],
      ]);
      const search = await subject.source.proxy('/search', new URLSearchParams({ query: 'eth' }));
      expect((search.body as { coins: { id: string }[] }).coins.map((c) => c.id)).toContain('ethereum');
    });

    it('refuses routes outside the allow-list and bad chains', async () => {
      expect((await subject.source.proxy('/coins/list', new URLSearchParams())).status).toBe(404);
      expect(
        (await subject.source.proxy('/simple/token_price/../../coins', new URLSearchParams())).status,
      ).toBe(400);
      expect((await subject.source.proxy('/simple/token_price/Eth%20X', new URLSearchParams())).status).toBe(
        400,
      );
    });

    it('gives a past span of hourly and daily dollar prices, one per period start, oldest first', async () => {
      const hour = 3_600_000;
      const to = Math.floor(Date.now() / hour) * hour - 2 * hour;
      const hourly = await subject.source.getMarketHistory('bitcoin', {
        from: to - 48 * hour,
        to,
        granularity: 'hourly',
      });
      if (!hourly.ok) throw new Error(`no history: ${hourly.reason}`);
      expect(hourly.answered).toEqual({ from: to - 48 * hour, to });
      expect(hourly.points.map((p) => p.at)).toEqual(
        Array.from({ length: 48 }, (_, i) => to - (48 - i) * hour),
      );
      for (const point of hourly.points) expect(point.price).toBeGreaterThan(0);
      const day = 24 * hour;
      const from = Math.floor(to / day) * day - 30 * day;
      const daily = await subject.source.getMarketHistory('ethereum', {
        from,
        to: from + 30 * day,
        granularity: 'daily',
      });
      if (!daily.ok) throw new Error(`no history: ${daily.reason}`);
      expect(daily.points.map((p) => p.at)).toEqual(Array.from({ length: 30 }, (_, i) => from + i * day));
    });

    it('reports a valid state', () => {
      expect(['live', 'rate_limited', 'unavailable', 'simulated']).toContain(subject.source.state().status);
    });
  });
}
