import { describe, expect, it } from 'vitest';
import { ratesFromSamples, readRateSamples } from './coingecko-parse.ts';

describe('display-currency rates from simple/price', () => {
  it('takes the median of every coin’s price in the currency over its dollar price', () => {
    const samples = new Map<string, number[]>();
    readRateSamples(
      {
        bitcoin: { usd: 100_000, eur: 92_000, jpy: 15_000_000 },
        ethereum: { usd: 4_000, eur: 3_680 },
        // Quoted stale in euros: one odd reading does not move the median.
        'odd-coin': { usd: 1, eur: 5 },
        'no-dollar': { eur: 3 },
        'zero-dollar': { usd: 0, eur: 1 },
        junk: 'not an entry',
      },
      ['eur', 'jpy', 'gbp'],
      samples,
    );
    readRateSamples({ solana: { usd: 200, eur: 184 } }, ['eur'], samples);
    expect(samples.get('eur')).toHaveLength(4);
    const rates = ratesFromSamples(samples)!;
    expect(rates.eur).toBeCloseTo(0.92, 12);
    expect(rates.jpy).toBe(150);
    expect(rates.gbp).toBeUndefined();
  });

  it('gives no rates when nothing was read', () => {
    const samples = new Map<string, number[]>();
    readRateSamples(null, ['eur'], samples);
    readRateSamples([1, 2], ['eur'], samples);
    expect(ratesFromSamples(samples)).toBeUndefined();
  });
});
