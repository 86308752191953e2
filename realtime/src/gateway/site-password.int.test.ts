/**
 * Wrong site passwords in the Socket.IO handshake count with the check-password
 * limiter (per client address, shared through Redis between processes); past the limit a handshake is
 * refused, even with the right password, with the HTTP route's 429 answer as the error's data.
 */
import { closeRedis, connectRedis, noopLogger, type RedisClient } from '@coinpace/adapters';
import { SITE_PASSWORD_GUESS_LIMIT, SOCKET_ERRORS } from '@coinpace/domain';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { connectClient } from './testing/clients.ts';
import { gatewaySuite } from './testing/gateway-suite.ts';

const PASSWORD = 'open sesame';

describe('site password guesses in the handshake', () => {
  const suite = gatewaySuite({ gatewayDefaults: { sitePassword: PASSWORD, trustedProxyHops: 1 } });
  const start = async (guesses: RateLimiterAbstract) =>
    (await suite.start({ sitePasswordGuesses: guesses })).url;

  /** A handshake from `address` (as the proxy in front names it); resolves with the refusal, if any. */
  async function handshake(url: string, address: string, sitePassword?: string) {
    try {
      const client = await connectClient(url, {
        extraHeaders: { 'x-forwarded-for': address },
        auth: sitePassword === undefined ? {} : { sitePassword },
      });
      suite.adopt(client);
      return undefined;
    } catch (err) {
      return err as Error & { data?: unknown };
    }
  }

  it('refuses every handshake from an address past the limit, with the HTTP 429 body, and no other address', async () => {
    const url = await start(
      new RateLimiterMemory({ keyPrefix: 'check-password', ...SITE_PASSWORD_GUESS_LIMIT }),
    );
    // No password at all is not a guess.
    for (let i = 0; i < 3; i += 1)
      expect((await handshake(url, '198.51.100.5'))?.message).toBe(SOCKET_ERRORS.sitePassword);
    for (let i = 0; i < SITE_PASSWORD_GUESS_LIMIT.points; i += 1)
      expect((await handshake(url, '198.51.100.5', `guess ${i}`))?.message).toBe(SOCKET_ERRORS.sitePassword);

    const refused = await handshake(url, '198.51.100.5', PASSWORD);
    expect(refused?.message).toBe(SOCKET_ERRORS.rateLimited);
    expect(refused?.data).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      error: 'Too many requests. Please wait a moment and try again.',
      retryAfter: expect.any(Number),
    });
    expect(await handshake(url, '198.51.100.6', PASSWORD)).toBeUndefined();
  });

  it('counts guesses from every address of one IPv6 /64 as one client', async () => {
    const url = await start(
      new RateLimiterMemory({ keyPrefix: 'check-password', ...SITE_PASSWORD_GUESS_LIMIT }),
    );
    const rotating = (i: number) => `2001:db8:77:1:${(i + 1).toString(16)}::${i + 1}`;
    for (let i = 0; i < SITE_PASSWORD_GUESS_LIMIT.points; i += 1)
      expect((await handshake(url, rotating(i), `guess ${i}`))?.message).toBe(SOCKET_ERRORS.sitePassword);
    expect((await handshake(url, rotating(99), PASSWORD))?.message).toBe(SOCKET_ERRORS.rateLimited);
    expect(await handshake(url, '2001:db8:77:2::1', PASSWORD)).toBeUndefined();
  });

  it.runIf(process.env.REDIS_URL)(
    'shares the count between processes through Redis: guesses at one gateway block the address at another',
    async () => {
      const redis: RedisClient = await connectRedis(process.env.REDIS_URL!, noopLogger, 'test-limits');
      try {
        // Each process makes its own limiter over the same Redis keys, as server/main.ts does.
        const prefix = `${suite.bus.prefix}rl:check-password:${Date.now()}`;
        const limiter = () =>
          new RateLimiterRedis({
            storeClient: redis,
            useRedisPackage: true,
            keyPrefix: prefix,
            ...SITE_PASSWORD_GUESS_LIMIT,
          });
        const first = await start(limiter());
        const second = await start(limiter());
        for (let i = 0; i < SITE_PASSWORD_GUESS_LIMIT.points; i += 1)
          expect((await handshake(first, '203.0.113.9', `guess ${i}`))?.message).toBe(
            SOCKET_ERRORS.sitePassword,
          );
        expect((await handshake(second, '203.0.113.9', PASSWORD))?.message).toBe(SOCKET_ERRORS.rateLimited);
        expect(await handshake(second, '203.0.113.10', PASSWORD)).toBeUndefined();
      } finally {
        await closeRedis(redis);
      }
    },
  );
});
