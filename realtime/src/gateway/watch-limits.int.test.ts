/**
 * A socket watches only coins Coinpace follows (built in, priced, held, alerted on or
 * tracked), at most its cap of them, and a node keeps a bounded number of coin sets. What a `subscribe`
 * did not add comes back in its ack; the socket stays connected.
 */
import { waitFor } from '@coinpace/adapters/testing';
import { ensureUser, trackCoin } from '@coinpace/db';
import { createTestHolding } from '@coinpace/db/testing';
import { BUS_TOPICS, type PriceQuote, type PriceTick } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import type { GatewayOptions } from './gateway.ts';
import { gatewaySuite } from './testing/gateway-suite.ts';

const q = (usd: number): PriceQuote => ({ usd, usd_24h_change: 0, last_updated: 1_700_000_000 });
let tickSeq = 0;
const tick = (prices: PriceTick['prices']): PriceTick => ({
  id: `${Date.now()}-${++tickSeq}`,
  at: Date.now(),
  prices,
  source: { status: 'live' },
});
const none = { unknown: [], overLimit: [], gatewayFull: [] };

describe('what a socket may watch', () => {
  const suite = gatewaySuite({
    prices: {
      'wl-priced': q(1),
      'wl-a': q(1),
      'wl-b': q(2),
      'wl-c': q(3),
      'wl-d': q(4),
      'wl-e': q(5),
      'wl-f': q(6),
    },
    gatewayDefaults: { knownLookupEveryMs: 50 },
  });
  const start = async (options: Partial<GatewayOptions> = {}) => (await suite.start(options)).url;
  const client = (url: string, token?: string) => suite.client(url, token ? { auth: { token } } : {});

  it('watches built-in, priced, held, tracked and ticked coins, and reports made-up ones without dropping the socket', async () => {
    const url = await start();
    // Held and tracked after the gateway started: found in Postgres when asked for.
    const owner = await ensureUser(suite.database.db, `local_wl_${Date.now()}`);
    await createTestHolding(suite.database.db, owner.id, {
      coingeckoId: 'wl-held',
      symbol: 'WLH',
      name: 'Held',
    });
    await trackCoin(suite.database.db, { coingeckoId: 'wl-tracked', name: 'Tracked', symbol: 'WLT' });
    const socket = await client(url);

    const answer = await socket.watch(['bitcoin', 'wl-priced', 'wl-held', 'wl-tracked', 'wl-made-up', 'x-y']);
    expect(answer.latest).toEqual({ 'wl-priced': q(1) });
    expect(answer.refused).toEqual({ unknown: ['wl-made-up', 'x-y'], overLimit: [], gatewayFull: [] });
    expect(socket.socket.connected).toBe(true);

    // A coin the poller priced since start is known from the tick.
    await suite.bus.publish(BUS_TOPICS.priceTick, tick({ 'wl-ticked': q(7), 'wl-made-up': q(8) }));
    await waitFor(async () => (await socket.watch(['wl-ticked'])).refused.unknown.length === 0, {
      what: 'a ticked coin becoming known',
    });
    await suite.bus.publish(BUS_TOPICS.priceTick, tick({ 'wl-held': q(9), 'x-y': q(10) }));
    await waitFor(() => socket.of('prices').some((p) => p['wl-held']), { what: 'the held coin ticking' });
    expect(socket.of('prices').some((p) => p['x-y'])).toBe(false);
  });

  it('caps the coins of an anonymous socket and, higher, of a signed-in one', async () => {
    const url = await start({ watchLimits: { anonymous: 3, signedIn: 5 } });
    const anonymous = await client(url);
    await expect(anonymous.watch(['wl-a', 'wl-b'])).resolves.toMatchObject({ refused: none });
    await expect(anonymous.watch(['wl-b', 'wl-c', 'wl-d', 'wl-e'])).resolves.toEqual({
      latest: { 'wl-b': q(2), 'wl-c': q(3) },
      refused: { unknown: [], overLimit: ['wl-d', 'wl-e'], gatewayFull: [] },
    });
    // Unwatching makes room again.
    anonymous.socket.emit('unsubscribe', { coins: ['wl-a'] });
    await expect(anonymous.watch(['wl-d'])).resolves.toMatchObject({ refused: none });

    const subject = `local_wl_cap_${Date.now()}`;
    await ensureUser(suite.database.db, subject);
    const signedIn = await client(url, suite.identity.issueToken(subject));
    const many = ['wl-a', 'wl-b', 'wl-c', 'wl-d', 'wl-e', 'wl-f'];
    await expect(signedIn.watch(many)).resolves.toMatchObject({
      refused: { unknown: [], overLimit: ['wl-f'], gatewayFull: [] },
    });
    expect(anonymous.socket.connected && signedIn.socket.connected).toBe(true);
  });

  it('keeps at most maxCoinSets coin sets: a new set is refused until one is freed, an existing one is joined', async () => {
    // Every socket starts in the ticker-only set (idle stays there): with it, room for two sets of coins.
    const url = await start({ maxCoinSets: 3 });
    const a = await client(url);
    const b = await client(url);
    const c = await client(url);
    await client(url);
    await expect(a.watch(['wl-a'])).resolves.toMatchObject({ refused: none });
    await expect(b.watch(['wl-b'])).resolves.toMatchObject({ refused: none });
    await expect(c.watch(['wl-c'])).resolves.toEqual({
      latest: {},
      refused: { unknown: [], overLimit: [], gatewayFull: ['wl-c'] },
    });
    // The refused socket still gets the ticker coins and may join a set that exists.
    await expect(c.watch(['wl-a'])).resolves.toEqual({ latest: { 'wl-a': q(1) }, refused: none });
    await suite.bus.publish(BUS_TOPICS.priceTick, tick({ 'wl-a': q(1.5), 'wl-c': q(3.5) }));
    await waitFor(() => c.of('prices').length === 1, { what: 'a tick' });
    expect(c.of('prices')).toEqual([{ 'wl-a': q(1.5) }]);

    // Once b's set is gone, there is room for a new one.
    b.close();
    await waitFor(async () => (await c.watch(['wl-c'])).refused.gatewayFull.length === 0, {
      what: 'room for a new set',
    });
  });
});
