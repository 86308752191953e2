import { TICKER_COIN_IDS } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { SIMULATED_LABEL, createSimulatedPriceSource } from './simulated.ts';
import { SHAPE_FIAT_RATES } from './coingecko-shapes.ts';
import { simulatedCoin } from './simulated-coins.ts';
import { createTestClock } from './testing/test-clock.ts';

const HOUR = 3_600_000;

async function pricesAt(seed: number, times: number[], ids: readonly string[] = TICKER_COIN_IDS) {
  const clock = createTestClock(0);
  const source = createSimulatedPriceSource({ seed, now: clock.now });
  const out = [];
  for (const t of times) {
    clock.advance(t - clock.now());
    out.push((await source.getPrices(ids)).prices);
  }
  return out;
}

describe('simulated source', () => {
  it('is deterministic for a seed and a clock', async () => {
    const times = [1_700_000_000_000, 1_700_000_060_000, 1_700_003_600_000];
    expect(await pricesAt(42, times)).toEqual(await pricesAt(42, times));
    expect(await pricesAt(42, times)).not.toEqual(await pricesAt(43, times));
  });

  it('gives each coin a path of its own, whatever else is asked', async () => {
    const times = [1_700_000_000_000, 1_700_000_000_000 + HOUR];
    const alone = await pricesAt(5, times, ['bitcoin']);
    const together = await pricesAt(5, times, ['ethereum', 'bitcoin', 'solana']);
    expect(alone.map((p) => p.bitcoin)).toEqual(together.map((p) => p.bitcoin));
  });

  it('gives display-currency rates when asked: fixed fiat rates, bitcoin and ether at their own prices', async () => {
    const clock = createTestClock(1_700_000_000_000);
    const source = createSimulatedPriceSource({ seed: 1, now: clock.now });
    expect((await source.getPrices(['solana'])).rates).toBeUndefined();
    const { prices, rates } = await source.getPrices(['bitcoin', 'ethereum'], {
      currencies: ['eur', 'jpy', 'btc', 'eth'],
    });
    expect(rates).toEqual({
      eur: SHAPE_FIAT_RATES.eur,
      jpy: SHAPE_FIAT_RATES.jpy,
      btc: 1 / prices.bitcoin!.usd,
      eth: 1 / prices.ethereum!.usd,
    });
  });

  it('gives past daily rates offline: each of the days asked and today at the demo rates', async () => {
    const clock = createTestClock(Date.UTC(2026, 10, 28, 15, 0, 0));
    const source = createSimulatedPriceSource({ seed: 3, now: clock.now });
    const { rates, state } = await source.getDailyRates(['eur', 'btc', 'usd'], { days: 31 });
    expect(state.status).toBe('simulated');
    expect(Object.keys(rates).sort()).toEqual(['btc', 'eur']);
    expect(rates.eur).toHaveLength(32);
    expect(rates.eur![0]).toEqual({ day: '2026-10-28', rate: SHAPE_FIAT_RATES.eur });
    expect(rates.eur!.at(-1)!.day).toBe('2026-11-28');
    const btcUsd = (await source.getPrices(['bitcoin'])).prices.bitcoin!.usd;
    expect(rates.btc!.at(-1)!.rate).toBeCloseTo(1 / btcUsd, 15);
  });

  it('stands still while the clock does, however often it is asked', async () => {
    const clock = createTestClock(1_700_000_000_000);
    const source = createSimulatedPriceSource({ seed: 1, now: clock.now });
    const first = (await source.getPrices(['bitcoin'])).prices.bitcoin!;
    for (let i = 0; i < 50; i++) {
      expect((await source.getPrices(['bitcoin'])).prices.bitcoin).toEqual(first);
    }
    expect((await source.getMarkets(['bitcoin'])).coins[0]!.current_price).toBe(first.usd);
    expect(first.last_updated).toBe(clock.now() / 1000);
  });

  it('moves with the clock, never ahead of it', async () => {
    const clock = createTestClock(1_700_000_000_000);
    const source = createSimulatedPriceSource({ seed: 1, now: clock.now });
    const before = (await source.getPrices(['bitcoin'])).prices.bitcoin!;
    for (let i = 0; i < 20; i++) await source.getPrices(['bitcoin']);
    clock.advance(60_000);
    const after = (await source.getPrices(['bitcoin'])).prices.bitcoin!;
    expect(after.usd).not.toBe(before.usd);
    expect(after.last_updated).toBe(clock.now() / 1000);
  });

  it('stays positive and finite over long gaps and a turbulent coin', async () => {
    // A gap of 30 days pulls back in one exact step; a forward-Euler step of that size overshoots and diverges.
    for (const gapDays of [1, 30, 400]) {
      const clock = createTestClock(1_700_000_000_000);
      const source = createSimulatedPriceSource({ seed: 13, now: clock.now });
      for (let step = 0; step < 200; step++) {
        clock.advance(gapDays * 24 * HOUR);
        const { prices } = await source.getPrices(['bitcoin', 'shiba-inu', 'tether']);
        for (const [id, base] of [
          ['bitcoin', 97000],
          ['shiba-inu', 0.000022],
          ['tether', 1],
        ] as const) {
          const usd = prices[id]!.usd;
          expect(Number.isFinite(usd), `${id} after ${step} gaps of ${gapDays} days`).toBe(true);
          expect(usd).toBeGreaterThan(base / 10);
          expect(usd).toBeLessThan(base * 10);
        }
      }
    }
  });

  it('moves further over more elapsed time', async () => {
    // average absolute log move over many coins: one minute vs one day
    const ids = Array.from({ length: 200 }, (_, i) => `sim-coin-${i}`);
    const [start, minute] = await pricesAt(9, [1_700_000_000_000, 1_700_000_060_000], ids);
    const [, day] = await pricesAt(9, [1_700_000_000_000, 1_700_086_400_000], ids);
    const move = (from: typeof start, to: typeof start) =>
      ids.reduce((sum, id) => sum + Math.abs(Math.log(to![id]!.usd / from![id]!.usd)), 0) / ids.length;
    expect(move(start, day)).toBeGreaterThan(10 * move(start, minute));
  });

  it('starts from the built-in prices and stays near them over a long run', async () => {
    const clock = createTestClock(1_700_000_000_000);
    const source = createSimulatedPriceSource({ seed: 3, now: clock.now });
    const first = (await source.getPrices(['bitcoin'])).prices.bitcoin!.usd;
    expect(first / 97000).toBeGreaterThan(0.99);
    expect(first / 97000).toBeLessThan(1.01);
    let last = first;
    for (let day = 0; day < 365; day++) {
      clock.advance(24 * HOUR);
      last = (await source.getPrices(['bitcoin'])).prices.bitcoin!.usd;
    }
    expect(last).toBeGreaterThan(97000 / 5);
    expect(last).toBeLessThan(97000 * 5);
  });

  it('keeps stablecoins near 1', async () => {
    const [, later] = await pricesAt(11, [1_700_000_000_000, 1_700_000_000_000 + 30 * 24 * HOUR], ['tether']);
    expect(later!.tether!.usd).toBeGreaterThan(0.98);
    expect(later!.tether!.usd).toBeLessThan(1.02);
  });

  it('gives unknown ids a stable pseudo-random base price', async () => {
    const base = simulatedCoin('my-obscure-token').baseUsd;
    expect(simulatedCoin('my-obscure-token').baseUsd).toBe(base);
    expect(base).toBeGreaterThanOrEqual(0.01);
    expect(base).toBeLessThanOrEqual(1000);
    expect(simulatedCoin('another-token').baseUsd).not.toBe(base);
    const [a] = await pricesAt(1, [1_700_000_000_000], ['my-obscure-token']);
    const [b] = await pricesAt(2, [1_700_000_000_000], ['my-obscure-token']);
    for (const p of [a!, b!])
      expect(Math.abs(Math.log(p['my-obscure-token']!.usd / base))).toBeLessThan(0.01);
  });

  it('reports a 24h change and the simulated state on every answer', async () => {
    const clock = createTestClock(1_700_000_000_000);
    const source = createSimulatedPriceSource({ now: clock.now });
    const { prices, origin, state } = await source.getPrices(['ethereum']);
    expect(Number.isFinite(prices.ethereum!.usd_24h_change)).toBe(true);
    expect(origin.ethereum).toBe('simulated');
    expect(state).toEqual({ status: 'simulated', lastSuccessAt: clock.now(), message: SIMULATED_LABEL });
    expect(SIMULATED_LABEL).toBe('Simulated prices');
    expect((await source.getMarkets(['ethereum'])).state.status).toBe('simulated');
  });

  it('searches its built-in list by name or symbol, exact symbol first', async () => {
    const source = createSimulatedPriceSource({ now: () => 1_700_000_000_000 });
    const { coins: usdc } = await source.search('usdc');
    expect(usdc[0]).toMatchObject({
      id: 'usd-coin',
      symbol: 'USDC',
      contract_address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    });
    expect((await source.search('Doge')).coins.map((r) => r.id)).toEqual(['dogecoin']);
    expect((await source.search('zzzz')).coins).toEqual([]);
  });

  it('prices a known token as its coin', async () => {
    const clock = createTestClock(1_700_000_000_000);
    const source = createSimulatedPriceSource({ now: clock.now });
    const weth = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
    const { prices } = await source.getTokenPrices('ethereum', [weth]);
    expect(prices[weth]!.usd / 3400).toBeGreaterThan(0.99);
    expect(prices[weth]!.usd / 3400).toBeLessThan(1.01);
  });

  it('answers markets in market-cap order', async () => {
    const source = createSimulatedPriceSource({ now: () => 1_700_000_000_000 });
    const { coins } = await source.getMarkets(['solana', 'bitcoin', 'ethereum']);
    expect(coins.map((c) => c.id)).toEqual(['bitcoin', 'ethereum', 'solana']);
  });
});
