import { betaSignups } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { BETA_EMAIL_FORBIDDEN_CHARS, BETA_MESSAGES } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomyLimiters, startTestApi, type TestApi } from '../../testing/harness.ts';

const valid = (email: string) => ({ email, tradingKnowledge: 'intermediate', wallet: 'metamask' });

describe.each(testEngines(process.env.DATABASE_URL))('beta waitlist on %s', (engine) => {
  describe('validation and one sign-up', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(engine);
    });
    afterAll(() => api?.close());

    it('starts with 50 spots, takes a sign-up and refuses the same e-mail in any case', async () => {
      expect((await api.call('GET', '/api/beta-signup/count')).body).toEqual({ count: 0, remaining: 50 });

      const first = await api.call('POST', '/api/beta-signup', { body: valid('Early.Bird@Example.com') });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ count: 1, remaining: 49 });

      const again = await api.call('POST', '/api/beta-signup', { body: valid('early.bird@EXAMPLE.com') });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('This email address is already on the beta waitlist.');
      expect((await api.call('GET', '/api/beta-signup/count')).body).toEqual({ count: 1, remaining: 49 });

      const [row] = await api.database.db.select().from(betaSignups);
      expect(row).toMatchObject({
        email: 'early.bird@example.com',
        tradingKnowledge: 'intermediate',
        wallet: 'metamask',
      });
    });

    it('refuses the plus sign with SPEC.md text', async () => {
      const response = await api.call('POST', '/api/beta-signup', { body: valid('ada+beta@example.com') });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Email addresses with + signs are not allowed.');
      expect(response.body.details).toEqual([
        { path: 'email', message: 'Email addresses with + signs are not allowed.' },
      ]);
    });

    it.each([...BETA_EMAIL_FORBIDDEN_CHARS])('refuses %j in the e-mail', async (c) => {
      const response = await api.call('POST', '/api/beta-signup', { body: valid(`ad${c}a@example.com`) });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Email contains invalid characters.');
    });

    it.each([
      [valid('not-an-email'), BETA_MESSAGES.emailInvalid],
      [valid('ada@example'), BETA_MESSAGES.emailInvalid],
      [valid(''), BETA_MESSAGES.emailRequired],
      [{ tradingKnowledge: 'expert', wallet: 'ledger' }, BETA_MESSAGES.emailRequired],
      [{ email: 12, tradingKnowledge: 'expert', wallet: 'ledger' }, BETA_MESSAGES.emailInvalid],
      [{ email: 'a@example.com', wallet: 'ledger' }, BETA_MESSAGES.tradingKnowledgeRequired],
      [
        { email: 'a@example.com', tradingKnowledge: 'wizard', wallet: 'ledger' },
        BETA_MESSAGES.tradingKnowledgeRequired,
      ],
      [{ email: 'a@example.com', tradingKnowledge: 'expert' }, BETA_MESSAGES.walletRequired],
      [
        { email: 'a@example.com', tradingKnowledge: 'expert', wallet: 'piggy-bank' },
        BETA_MESSAGES.walletRequired,
      ],
      [{ ...valid('a@example.com'), referrer: 'x' }, 'Unknown field: referrer'],
    ])('refuses %j with 400 and its message', async (body, message) => {
      const response = await api.call('POST', '/api/beta-signup', { body });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(message);
    });

    it('answers malformed JSON with 400, never 500', async () => {
      const response = await api.call('POST', '/api/beta-signup', { body: '{"email":' });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/JSON/);
    });

    it('stores nothing for a refused request', async () => {
      expect((await api.call('GET', '/api/beta-signup/count')).body.count).toBe(1);
    });
  });

  describe('a full waitlist', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(engine, { BETA_SIGNUP_LIMIT: '2' });
    });
    afterAll(() => api?.close());

    it("says 'Beta signup is full' past the limit, then limits one address's attempts", async () => {
      expect((await api.call('POST', '/api/beta-signup', { body: valid('one@example.com') })).status).toBe(
        201,
      );
      const second = await api.call('POST', '/api/beta-signup', { body: valid('two@example.com') });
      expect(second.body).toEqual({ count: 2, remaining: 0 });
      const third = await api.call('POST', '/api/beta-signup', { body: valid('three@example.com') });
      expect(third.status).toBe(409);
      expect(third.body.error).toBe('Beta signup is full');
      expect((await api.call('GET', '/api/beta-signup/count')).body).toEqual({ count: 2, remaining: 0 });

      // 20 valid requests an hour per address: 3 so far.
      for (let i = 4; i <= 20; i += 1) {
        expect(
          (await api.call('POST', '/api/beta-signup', { body: valid(`p${i}@example.com`) })).status,
        ).toBe(409);
      }
      const limited = await api.call('POST', '/api/beta-signup', { body: valid('p21@example.com') });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('under concurrency', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(engine, {}, { limiters: roomyLimiters });
    });
    afterAll(() => api?.close());

    it('never goes over 50 with 60 sign-ups at once, and numbers each place once', async () => {
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          api.call('POST', '/api/beta-signup', { body: valid(`racer${i}@example.com`) }),
        ),
      );
      const added = responses.filter((r) => r.status === 201);
      const full = responses.filter((r) => r.status === 409);
      expect(added).toHaveLength(50);
      expect(full).toHaveLength(10);
      for (const r of full) expect(r.body.error).toBe('Beta signup is full');
      expect(added.map((r) => r.body.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      expect((await api.call('GET', '/api/beta-signup/count')).body).toEqual({ count: 50, remaining: 0 });
      expect(await api.database.db.$count(betaSignups)).toBe(50);
    });
  });

  describe('the same e-mail at once', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(engine, {}, { limiters: roomyLimiters });
    });
    afterAll(() => api?.close());

    it('adds it once', async () => {
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api.call('POST', '/api/beta-signup', {
            body: valid(i % 2 ? 'Twin@example.com' : 'twin@example.com'),
          }),
        ),
      );
      expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(9);
      expect(await api.database.db.$count(betaSignups)).toBe(1);
    });
  });
});
