import { MAX_SUBSCRIBE_IDS } from '@coinpace/domain';
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
    expect(sets.size).toBe(2);
    // No coins is a set of its own, in a room of its own.
    expect(sets.join([])).toEqual({ key: '', coins: [] });
    expect(sets.size).toBe(3);
    expect(sets.setRoom('')).toBe('coins:ticker');
  });

  it('puts the coins every set holds in every payload, also for sockets that asked for nothing', () => {
    const sets = new CoinSets(['bitcoin', 'ethereum']);
    const none = sets.join([]).key;
    const sol = sets.join(['bitcoin', 'solana']);
    expect(sol.coins).toEqual(['bitcoin', 'solana']);
    const payloads = sets.payloads({ bitcoin: q(1), ethereum: q(2), solana: q(3), cardano: q(4) });
    expect(Object.fromEntries(payloads)).toEqual({
      [none]: { bitcoin: q(1), ethereum: q(2) },
      [sol.key]: { bitcoin: q(1), ethereum: q(2), solana: q(3) },
    });
    sets.leave(none);
    sets.leave(sol.key);
    expect(sets.size).toBe(0);
    expect(sets.payloads({ bitcoin: q(1) }).size).toBe(0);
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

describe('the bound on sets', () => {
  it('allows a move into an existing set, the ticker set, or a new set while there is room', () => {
    const sets = new CoinSets([], 2);
    const a = sets.join(['bitcoin']).key;
    expect(sets.canMove(CoinSets.keyOf(['solana']), undefined)).toBe(true);
    sets.join(['solana']);
    expect(sets.size).toBe(2);
    // Full: a new set is refused, an existing one and the ticker-only one are not.
    expect(sets.canMove(CoinSets.keyOf(['cardano']), undefined)).toBe(false);
    expect(sets.canMove(a, undefined)).toBe(true);
    expect(sets.canMove('', undefined)).toBe(true);
    // The last member of a set may move to a new one: it frees a set as it takes one.
    expect(sets.canMove(CoinSets.keyOf(['cardano']), a)).toBe(true);
    sets.join(['bitcoin']);
    expect(sets.canMove(CoinSets.keyOf(['cardano']), a)).toBe(false);
  });
});

describe('the signed-in reserve and the per-address cap', () => {
  const key = (...coins: string[]) => CoinSets.keyOf(coins);
  const anon = (addressKey: string) => ({ signedIn: false as const, addressKey });
  const signedIn = { signedIn: true as const };

  it('stops anonymous sockets at max - reserve new sets; signed-in ones go on to max', () => {
    const sets = new CoinSets([], { max: 4, signedInReserve: 2 });
    sets.join(['a'], anon('1.1.1.1'));
    expect(sets.canMove(key('b'), undefined, anon('2.2.2.2'))).toBe(true);
    sets.join(['b'], anon('2.2.2.2'));
    // Two sets: at max - reserve.
    expect(sets.canMove(key('c'), undefined, anon('3.3.3.3'))).toBe(false);
    expect(sets.canMove(key('a'), undefined, anon('3.3.3.3'))).toBe(true);
    expect(sets.canMove('', undefined, anon('3.3.3.3'))).toBe(true);
    expect(sets.canMove(key('c'), undefined, signedIn)).toBe(true);
    sets.join(['c'], signedIn);
    sets.join(['d'], signedIn);
    expect(sets.canMove(key('e'), undefined, signedIn)).toBe(false);
    // Over max - reserve, an anonymous socket alone in its set may still swap it for another.
    expect(sets.canMove(key('e'), key('b'), anon('2.2.2.2'))).toBe(true);
  });

  it('caps the distinct sets one address key’s anonymous sockets are in, and frees as they leave', () => {
    const sets = new CoinSets([], { anonymousPerAddress: 2 });
    const home = anon('2001:db8::/64');
    sets.join(['a'], home);
    sets.join(['b'], home);
    sets.join([], home);
    expect(sets.setsOfAddress('2001:db8::/64')).toBe(2);
    expect(sets.canMove(key('c'), undefined, home)).toBe(false);
    expect(sets.canMove(key('c'), '', home)).toBe(false);
    // A set the key is in, the ticker-only set, another key, a signed-in socket: all allowed.
    expect(sets.canMove(key('a'), undefined, home)).toBe(true);
    expect(sets.canMove('', undefined, home)).toBe(true);
    expect(sets.canMove(key('c'), undefined, anon('198.51.100.1'))).toBe(true);
    expect(sets.canMove(key('c'), undefined, signedIn)).toBe(true);
    // The key's only socket in a set may swap that set for a new one.
    expect(sets.canMove(key('c'), key('b'), home)).toBe(true);
    sets.join(['b'], home);
    expect(sets.canMove(key('c'), key('b'), home)).toBe(false);
    sets.leave(key('b'), home);
    sets.leave(key('b'), home);
    expect(sets.setsOfAddress('2001:db8::/64')).toBe(1);
    expect(sets.canMove(key('c'), undefined, home)).toBe(true);
    sets.leave(key('a'), home);
    sets.leave('', home);
    expect(sets.setsOfAddress('2001:db8::/64')).toBe(0);
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
    const many = Array.from({ length: MAX_SUBSCRIBE_IDS + 5 }, (_, i) => `coin-${i}`);
    expect(cleanIds(many)).toHaveLength(MAX_SUBSCRIBE_IDS);
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
