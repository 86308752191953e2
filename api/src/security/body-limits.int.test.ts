/**
 * Work before limits. Public bodies are small and refused before they are read
 * past their limit, deep nesting is refused before parsing, and the per-address limits count every
 * request, also those whose body is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/harness.ts';

const deep = (levels: number) =>
  `{"name":"a","email":"a@example.test","message":${'['.repeat(levels)}${']'.repeat(levels)}}`;
const contact = (message: string) => ({ name: 'Ada', email: 'ada@example.test', message });

describe('request bodies on public routes', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(() => api?.close());

  it('refuses a sign-in body over 4 kB with 413 and says the limit', async () => {
    const response = await api.call('POST', '/api/auth/local/sign-in', {
      body: { email: 'ada@example.test', password: 'x'.repeat(5000) },
    });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('The request body is too large: at most 4 kB here.');
  });

  it('refuses a contact body over 16 kB with 413, and one of 1 MB too', async () => {
    const big = await api.call('POST', '/api/contact', { body: contact('x'.repeat(20_000)) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('The request body is too large: at most 16 kB here.');
    const huge = await api.call('POST', '/api/contact', { body: deep(500_000) });
    expect(huge.status).toBe(413);
  });

  it('refuses a body that grows past the limit without a declared length', async () => {
    const chunks = [
      new TextEncoder().encode('{"email":"a@example.test","password":"'),
      new Uint8Array(8192).fill(0x61),
    ];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(`${api.url}/api/auth/local/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('refuses deep nesting with 400 and a message, before parsing', async () => {
    const response = await api.call('POST', '/api/auth/local/sign-in', { body: deep(1000) });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(
      'The request body is nested too deeply: at most 16 levels of objects and arrays.',
    );
  });

  it('keeps a signed-in route at 64 kB and bulk import at 1 MB', async () => {
    const { token } = await api.signUp();
    const patch = await api.call('PATCH', '/api/users/me', {
      token,
      body: { firstName: 'x'.repeat(70_000) },
    });
    expect(patch.status).toBe(413);
    const items = Array.from({ length: 1000 }, (_, i) => ({
      coingeckoId: `made-up-coin-${i}`,
      name: `Made up coin number ${i} with a long name`,
      symbol: `MU${i}`,
      quantity: 1.5,
      purchasePrice: 123.456789,
    }));
    const bulk = await api.call('POST', '/api/portfolio/bulk', { token, body: { portfolioItems: items } });
    expect(bulk.status).not.toBe(413);
  });
});

describe('limits counted before the body is read', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi('pglite');
  });
  afterAll(() => api?.close());

  it('counts refused contact bodies: after 30, a good message gets 429', async () => {
    for (let i = 0; i < 30; i += 1) {
      const status = (await api.call('POST', '/api/contact', { body: deep(1000 + i) })).status;
      expect(status).toBe(400);
    }
    const good = await api.call('POST', '/api/contact', { body: contact('hello') });
    expect(good.status).toBe(429);
    expect(good.headers.get('retry-after')).toBeTruthy();
  });

  it('counts refused beta bodies the same way', async () => {
    for (let i = 0; i < 60; i += 1) {
      expect((await api.call('POST', '/api/beta-signup', { body: 'x'.repeat(5000) })).status).toBe(413);
    }
    const good = await api.call('POST', '/api/beta-signup', {
      body: { email: 'late@example.test', tradingKnowledge: 'beginner', wallet: 'metamask' },
    });
    expect(good.status).toBe(429);
  });
});
