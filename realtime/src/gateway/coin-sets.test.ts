import { MAX_SOCKET_COINS } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { CoinSets } from './coin-sets.ts';
import { sitePasswordMatches } from './handshake.ts';
import { cleanIds } from './subscriptions.ts';

const q = (usd: number) => ({ usd, usd_24h_change: 0, last_updated: 0 });

describe('CoinSets', () => {
  it('shares one key between sockets watching the same coins', () => {
    const sets = new CoinSets();
    const a = sets.join(['bitcoin', 'ethereum']);
    const b = sets.join(['bitcoin', 'ethereum'].map((id) => id.slice(0)));
    const c = sets.join(['bitcoin']);
    expect(a.key).toBe(b.key);
    // The second socket gets the first one's array, so sockets of a set share one copy.
    expect(b.coins).toBe(a.coins);
    expect(a.key).not.toBe(c.key);
    expect(sets.setRoom(a.key)).toBe(`coins:${a.key}`);
    expect(sets.coinRoom('bitcoin')).toBe('coin:bitcoin');
    expect(sets.size).toBe(2);
    expect(sets.join([])).toEqual({ key: '', coins: [] });
    expect(sets.size).toBe(2);
  });

  it('builds one payload per set holding a changed coin, with only its changed coins', () => {
    const sets = new CoinSets();
    const both = sets.join(['bitcoin', 'ethereum']).key;
    const btc = sets.join(['bitcoin']).key;
    const sol = sets.join(['solana']).key;
    const payloads = sets.payloads({ bitcoin: q(1), ethereum: q(2), cardano: q(3) });
    expect(Object.fromEntries(payloads)).toEqual({
      [both]: { bitcoin: q(1), ethereum: q(2) },
      [btc]: { bitcoin: q(1) },
    });
    expect(payloads.has(sol)).toBe(false);
    expect(sets.payloads({})).toEqual(new Map());
  });

  it('forgets a set when its last socket leaves', () => {
    const sets = new CoinSets();
    const { key } = sets.join(['bitcoin']);
    sets.join(['bitcoin']);
    sets.leave(key);
    expect(sets.payloads({ bitcoin: q(1) }).size).toBe(1);
    sets.leave(key);
    expect(sets.size).toBe(0);
    expect(sets.payloads({ bitcoin: q(1) }).size).toBe(0);
    sets.leave(key);
    sets.leave(undefined);
    expect(sets.size).toBe(0);
  });
});

describe('cleanIds', () => {
  it('keeps valid unique ids and drops everything else', () => {
    expect(cleanIds(['bitcoin', 'bitcoin', 'Not Valid', 42, null, 'matic-network'])).toEqual([
      'bitcoin',
      'matic-network',
    ]);
    expect(cleanIds('bitcoin')).toEqual([]);
    expect(cleanIds(undefined)).toEqual([]);
  });

  it('looks at no more than the socket limit of ids', () => {
    const many = Array.from({ length: MAX_SOCKET_COINS + 5 }, (_, i) => `coin-${i}`);
    expect(cleanIds(many)).toHaveLength(MAX_SOCKET_COINS);
  });
});

describe('sitePasswordMatches', () => {
  it.each([
    ['open sesame', true],
    ['open sesame ', false],
    ['', false],
    [undefined, false],
    [['open sesame'], false],
  ])('%j -> %s', (given, expected) => {
    expect(sitePasswordMatches('open sesame', given)).toBe(expected);
  });
});
