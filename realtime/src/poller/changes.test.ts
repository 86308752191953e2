import { fallbackTicker, type PriceQuote } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { changedQuotes, quoteChanged, sameSourceState, sameTicker } from './changes.ts';

const q = (usd: number, change: number | null = 0, last = 1): PriceQuote => ({
  usd,
  usd_24h_change: change,
  last_updated: last,
});

describe('changedQuotes', () => {
  it.each([
    ['a new coin', undefined, q(1), true],
    ['a new price', q(1), q(2), true],
    ['a new 24h change', q(1, 1), q(1, 2), true],
    ['a change that became unknown', q(1, 1), q(1, null), true],
    ['only a newer timestamp', q(1, 1, 10), q(1, 1, 20), false],
    ['the same quote', q(1, 1), q(1, 1), false],
  ])('%s -> changed: %s', (_name, before, after, expected) => {
    expect(quoteChanged(before, after)).toBe(expected);
  });

  it('keeps only changed and new coins', () => {
    const previous = { a: q(1), b: q(2), gone: q(3) };
    const next = { a: q(1, 0, 99), b: q(2.5), c: q(4) };
    expect(changedQuotes(previous, next)).toEqual({ b: q(2.5), c: q(4) });
    expect(changedQuotes(next, next)).toEqual({});
  });
});

describe('sameTicker', () => {
  it('compares symbol, price and changes in order', () => {
    const ticker = fallbackTicker();
    expect(sameTicker(null, ticker)).toBe(false);
    expect(sameTicker(ticker, fallbackTicker())).toBe(true);
    expect(sameTicker(ticker.slice(1), ticker)).toBe(false);
    const moved = ticker.map((c, i) => (i === 3 ? { ...c, price: c.price + 0.01 } : c));
    expect(sameTicker(ticker, moved)).toBe(false);
    const swapped = [ticker[1]!, ticker[0]!, ...ticker.slice(2)];
    expect(sameTicker(ticker, swapped)).toBe(false);
  });
});

describe('sameSourceState', () => {
  it('ignores the time of the last success only', () => {
    expect(sameSourceState(null, { status: 'live' })).toBe(false);
    expect(sameSourceState({ status: 'live', lastSuccessAt: 1 }, { status: 'live', lastSuccessAt: 2 })).toBe(
      true,
    );
    expect(sameSourceState({ status: 'live' }, { status: 'unavailable' })).toBe(false);
    expect(
      sameSourceState({ status: 'rate_limited', lockedUntil: 1 }, { status: 'rate_limited', lockedUntil: 2 }),
    ).toBe(false);
  });
});
