/**
 * One client address may hold only so many sockets on a gateway; another address
 * still connects, and a closed socket frees its place.
 */
import { createLocalIdentity } from '@coinpace/adapters';
import { createTestBus, waitFor, type TestBus } from '@coinpace/adapters/testing';
import { createTestDatabase, type TestDatabase } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, clientKey } from './address-limit.ts';
import { connectClient, type TestClient } from './testing/clients.ts';
import { testKeyPem } from './testing/key.ts';
import { startTestGateway, type TestGateway } from './testing/start-test-gateway.ts';

describe('sockets per client address', () => {
  let database: TestDatabase;
  let bus: TestBus;
  let server: TestGateway;
  let url: string;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    bus = await createTestBus('memory');
    server = await startTestGateway({
      bus,
      db: database.db,
      verifier: await createLocalIdentity({ privateKeyPem: testKeyPem() }),
      maxSocketsPerAddress: 3,
      trustedProxyHops: 1,
    });
    url = server.url;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
    await bus?.close();
    await database?.close();
  });

  /** A socket from `address`, as the proxy in front reports it (the forged left entry is not counted). */
  async function from(address: string): Promise<TestClient> {
    const client = await connectClient(url, { extraHeaders: { 'x-forwarded-for': `10.9.9.9, ${address}` } });
    clients.push(client);
    return client;
  }

  it('refuses a socket over the cap from one address while another address connects', async () => {
    const first = await from('203.0.113.7');
    await from('203.0.113.7');
    await from('203.0.113.7');
    await expect(from('203.0.113.7')).rejects.toThrow();
    await expect(from('203.0.113.8')).resolves.toBeDefined();
    // The same /64 counts as one address.
    await from('2001:db8:1:2::1');
    await from('2001:db8:1:2:ffff::2');
    await from('2001:db8:1:2::3');
    await expect(from('2001:db8:1:2::4')).rejects.toThrow();

    // Once a connection from the address closes, the address may open one again.
    first.close();
    await waitFor(
      () =>
        from('203.0.113.7').then(
          () => true,
          () => false,
        ),
      { what: 'a place freed for 203.0.113.7' },
    );
  });
});

describe('the client address', () => {
  it('is the entry the nearest proxy appended, or the peer without proxies', () => {
    expect(clientAddress('10.0.0.1', '1.2.3.4, 5.6.7.8', 1)).toBe('5.6.7.8');
    expect(clientAddress('10.0.0.1', '1.2.3.4, 5.6.7.8', 2)).toBe('1.2.3.4');
    expect(clientAddress('10.0.0.1', '1.2.3.4', 0)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
  });

  it('is counted under the address key the API uses: IPv4 as it is, IPv6 by its /64', () => {
    expect(clientKey('::ffff:10.0.0.1', '2001:db8:1:2::1, 2001:db8:1:2:aaaa::7', 1)).toBe(
      '2001:db8:1:2::/64',
    );
    expect(clientKey('::ffff:10.0.0.1', '2001:db8:1:2::1', 0)).toBe('10.0.0.1');
    expect(clientKey(undefined, undefined, 1)).toBe('unknown');
  });
});
