/**
 * Anonymous sockets cannot use up a gateway's coin sets: a share of the sets is kept for signed-in sockets,
 * and the anonymous sockets of one address key may be in only a few sets at once. Real Socket.IO clients
 * against a real gateway; client addresses come from X-Forwarded-For behind one trusted proxy hop.
 */
import { ensureUser } from '@coinpace/db';
import type { PriceMap } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import type { GatewayOptions } from './gateway.ts';
import { gatewaySuite } from './testing/gateway-suite.ts';

/** Coins with a stored price: known, so only the bounds on sets stand between them and a socket. */
const COINS = Array.from({ length: 40 }, (_, i) => `reserve-coin-${i + 1}`);
const none = { unknown: [], overLimit: [], gatewayFull: [] };

describe('coin sets kept for signed-in users', () => {
  const prices: PriceMap = {};
  for (const id of COINS) prices[id] = { usd: 1, usd_24h_change: 0, last_updated: 1_700_000_000 };
  const suite = gatewaySuite({ prices, gatewayDefaults: { trustedProxyHops: 1 } });
  const start = async (options: Partial<GatewayOptions>) => (await suite.start(options)).url;
  /** A client whose address, as the gateway counts it, is `address`; signed in when `subject` is given. */
  const client = async (url: string, address: string, subject?: string) => {
    const auth = subject ? { token: suite.identity.issueToken(subject) } : {};
    return suite.client(url, { auth, extraHeaders: { 'x-forwarded-for': address } });
  };
  const signedInUser = async (name: string) => {
    const subject = `local_${name}_${Date.now()}`;
    await ensureUser(suite.database.db, subject);
    return subject;
  };

  it('refuses anonymous sockets new sets short of the reserve, and a signed-in user still gets one', async () => {
    // Six sets: the ticker-only one every socket starts in, then two kept for signed-in sockets.
    const url = await start({ maxCoinSets: 6, signedInSetReserve: 2, anonymousSetsPerAddress: 100 });
    const anonymous = [];
    for (let i = 0; i < 6; i++) anonymous.push(await client(url, `203.0.113.${i + 1}`));
    const answers = [];
    for (const [i, socket] of anonymous.entries()) answers.push(await socket.watch([COINS[i]!]));
    // Three sets of their own (with the ticker-only set, four = 6 - 2), then refusals.
    expect(answers.map((a) => a.refused.gatewayFull.length)).toEqual([0, 0, 0, 1, 1, 1]);
    // An anonymous socket may still join a set that exists.
    await expect(anonymous[5]!.watch([COINS[0]!])).resolves.toMatchObject({ refused: none });

    const alice = await client(url, '198.51.100.1', await signedInUser('alice'));
    const bob = await client(url, '198.51.100.2', await signedInUser('bob'));
    const carol = await client(url, '198.51.100.3', await signedInUser('carol'));
    await expect(alice.watch([COINS[10]!])).resolves.toMatchObject({ refused: none });
    await expect(bob.watch([COINS[11]!])).resolves.toMatchObject({ refused: none });
    // The whole bound holds for signed-in sockets too.
    await expect(carol.watch([COINS[12]!])).resolves.toMatchObject({
      refused: { unknown: [], overLimit: [], gatewayFull: [COINS[12]] },
    });
  });

  it('caps the sets of one address key’s anonymous sockets, not other keys’ nor signed-in sockets', async () => {
    const url = await start({ anonymousSetsPerAddress: 2 });
    const a1 = await client(url, '203.0.113.10');
    const a2 = await client(url, '203.0.113.10');
    const a3 = await client(url, '203.0.113.10');
    await expect(a1.watch([COINS[0]!])).resolves.toMatchObject({ refused: none });
    await expect(a2.watch([COINS[1]!])).resolves.toMatchObject({ refused: none });
    await expect(a3.watch([COINS[2]!])).resolves.toMatchObject({
      refused: { unknown: [], overLimit: [], gatewayFull: [COINS[2]] },
    });
    // A set the key is in already costs nothing more.
    await expect(a3.watch([COINS[0]!])).resolves.toMatchObject({ refused: none });

    // Two addresses of one IPv6 /64 are one key; another /64 and another IPv4 address are others.
    const v6a = await client(url, '2001:db8:5:7::1');
    const v6b = await client(url, '2001:db8:5:7::2');
    const v6c = await client(url, '2001:db8:5:7::3');
    await expect(v6a.watch([COINS[3]!])).resolves.toMatchObject({ refused: none });
    await expect(v6b.watch([COINS[4]!])).resolves.toMatchObject({ refused: none });
    await expect(v6c.watch([COINS[5]!])).resolves.toMatchObject({
      refused: { unknown: [], overLimit: [], gatewayFull: [COINS[5]] },
    });
    const other6 = await client(url, '2001:db8:5:8::1');
    await expect(other6.watch([COINS[5]!])).resolves.toMatchObject({ refused: none });
    const other4 = await client(url, '203.0.113.11');
    await expect(other4.watch([COINS[6]!])).resolves.toMatchObject({ refused: none });

    // A signed-in socket from the capped address is not counted under it.
    const dave = await client(url, '203.0.113.10', await signedInUser('dave'));
    await expect(dave.watch([COINS[7]!])).resolves.toMatchObject({ refused: none });

    // Once one of the key's sets is left, the key may be in a new one.
    a2.close();
    await expect
      .poll(async () => (await a3.watch([COINS[2]!])).refused.gatewayFull, { timeout: 5_000 })
      .toEqual([]);
  });

  it('keeps signed-in users subscribing while anonymous sockets from many addresses flood', async () => {
    const url = await start({ maxCoinSets: 20 });
    const flood = [];
    for (let address = 0; address < 8; address++) {
      for (let socket = 0; socket < 3; socket++) flood.push(await client(url, `203.0.113.${100 + address}`));
    }
    const answers = await Promise.all(flood.map((socket, i) => socket.watch([COINS[i]!])));
    const opened = answers.filter((a) => a.refused.gatewayFull.length === 0).length;
    // 20 sets less the reserve (a fifth: 4) less the ticker-only set.
    expect(opened).toBe(15);
    for (let i = 0; i < 4; i++) {
      const user = await client(url, `198.51.100.${20 + i}`, await signedInUser(`user${i}`));
      await expect(user.watch([COINS[30 + i]!])).resolves.toMatchObject({ refused: none });
    }
  });
});
