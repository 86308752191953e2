import { describe, expect, it } from 'vitest';
import { TICKER_COIN_IDS } from '../coins.ts';
import { tickerFromPrices } from '../prices/ticker.ts';
import type { PriceQuote } from '../prices/types.ts';
import { applyQuotesToTicker, tickQuotes } from './tick-quotes.ts';

const q = (usd: number, change = 0, last_updated = 1_700_000_000): PriceQuote => ({
  usd,
  usd_24h_change: change,
  last_updated,
});
const all = (usd: number) => Object.fromEntries(TICKER_COIN_IDS.map((id) => [id, q(usd)]));

describe('tickQuotes', () => {
  it('is the tick’s prices when the tick has no ticker or its ticker coins all have quotes', () => {
    const prices = { 'coin-a': q(1) };
    expect(tickQuotes({ prices }, null)).toBe(prices);
    const withTicker = { ...all(5), 'coin-a': q(1) };
    expect(tickQuotes({ prices: withTicker, ticker: tickerFromPrices(withTicker) }, null)).toBe(withTicker);
  });

  it('adds a quote for each ticker coin that moved without one in the tick, keeping its last update time', () => {
    const before = tickerFromPrices(all(5));
    // Bitcoin's ticker entry moved to a price the tick carries no quote for (a cached price).
    const ticker = tickerFromPrices({ ...all(5), bitcoin: q(7, 2) });
    const out = tickQuotes({ prices: { 'coin-a': q(1) }, ticker }, before, (id) =>
      id === 'bitcoin' ? 1_699_000_000 : undefined,
    );
    expect(out).toEqual({ 'coin-a': q(1), bitcoin: q(7, 2, 1_699_000_000) });
  });

  it('adds every ticker coin when the clients saw no ticker yet, with 0 (not live) for unknown times', () => {
    const out = tickQuotes({ prices: {}, ticker: tickerFromPrices(all(5)) }, null);
    expect(Object.keys(out).sort()).toEqual([...TICKER_COIN_IDS].sort());
    expect(out.ethereum).toEqual(q(5, 0, 0));
  });
});

describe('applyQuotesToTicker', () => {
  it('moves the ticker coins a quote changed, keeps the others and the order', () => {
    const ticker = tickerFromPrices(all(5));
    const next = applyQuotesToTicker(ticker, { ethereum: q(10, 100), 'coin-a': q(1) });
    expect(next).not.toBe(ticker);
    expect(next.map((c) => c.symbol)).toEqual(ticker.map((c) => c.symbol));
    expect(next[1]).toEqual({ ...ticker[1], price: 10, changePercent24h: 100, change24h: 5 });
    expect(next[0]).toBe(ticker[0]);
  });

  it('returns the same ticker when no ticker coin moved, and ignores a price that is not above 0', () => {
    const ticker = tickerFromPrices(all(5));
    expect(applyQuotesToTicker(ticker, { bitcoin: q(5), 'coin-a': q(2) })).toBe(ticker);
    expect(applyQuotesToTicker(ticker, { bitcoin: q(0) })).toBe(ticker);
  });
});
