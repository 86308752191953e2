import { describe, expect, it } from 'vitest';
import { CoinIndex, searchText } from './coin-index.ts';
import { listedCoin } from './testing/memory-store.ts';

const index = new CoinIndex([
  listedCoin('bitcoin', 'btc', 'Bitcoin', 1),
  listedCoin('bitcoin-cash', 'bch', 'Bitcoin Cash', 20),
  listedCoin('wrapped-bitcoin', 'wbtc', 'Wrapped Bitcoin', 15),
  listedCoin('bitcoin-2', 'btc2', 'Bitcoin 2'),
  listedCoin('btc-bridged', 'btc', 'BTC (Bridged)'),
  listedCoin('harry-bitcoin', 'hbtc', 'HarryBitcoin'),
  listedCoin('Ethereum', 'ETH', 'Ethereum', 2),
]);

describe('CoinIndex', () => {
  it('looks ids up lower-cased, first entry winning', () => {
    expect(index.size).toBe(7);
    expect(index.has('ethereum')).toBe(true);
    expect(index.get('bitcoin')?.name).toBe('Bitcoin');
    expect(
      new CoinIndex([listedCoin('a', 'a', 'First'), listedCoin('A', 'a', 'Second')]).get('a')?.name,
    ).toBe('First');
  });

  it.each([
    ['bitcoin', ['bitcoin', 'wrapped-bitcoin', 'bitcoin-cash', 'bitcoin-2', 'harry-bitcoin']],
    ['BTC', ['bitcoin', 'wrapped-bitcoin', 'btc-bridged', 'bitcoin-2', 'harry-bitcoin']],
    ['  Bitcoin   Cash ', ['bitcoin-cash']],
    ['eth', ['ethereum']],
    ['zzz', []],
    ['', []],
  ])('searches %j', (query, ids) => {
    expect(index.search(query, 10).map((coin) => coin.id)).toEqual(ids);
  });

  it('gives at most `limit` coins', () => {
    expect(index.search('bitcoin', 2).map((coin) => coin.id)).toEqual(['bitcoin', 'wrapped-bitcoin']);
  });

  it('normalises search text', () => {
    expect(searchText('  Foo   BAR ')).toBe('foo bar');
  });

  it("names a coin's exchange symbol only when no better-ranked coin shares it", () => {
    expect(index.pairSymbol('bitcoin')).toBe('BTC');
    // Unranked and sharing BTC with bitcoin: ambiguous.
    expect(index.pairSymbol('btc-bridged')).toBeNull();
    expect(index.pairSymbol('bitcoin-2')).toBe('BTC2');
    expect(index.pairSymbol('ethereum')).toBe('ETH');
    expect(index.pairSymbol('not-listed')).toBeNull();
    const unranked = new CoinIndex([listedCoin('a', 'x', 'A'), listedCoin('b', 'x', 'B')]);
    expect(unranked.pairSymbol('a')).toBeNull();
  });
});
