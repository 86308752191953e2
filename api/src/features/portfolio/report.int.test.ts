import { outboxMessages } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { REPORTS_PER_HOUR } from './routes.ts';

const SUPPORT = 'help-desk@example.test';
const eth = {
  coingeckoId: 'ethereum',
  name: 'Ethereum',
  symbol: 'ETH',
  quantity: '2',
  purchasePrice: '2500',
};

describe.each(testEngines(process.env.DATABASE_URL))('POST /api/portfolio/{id}/report on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine, { SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(() => api?.close());

  const outboxOf = (userId: string) =>
    api.database.db.select().from(outboxMessages).where(eq(outboxMessages.userId, userId));

  it('queues the report e-mail to the support mailbox with coin details and user id', async () => {
    const { token, user } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: eth });

    const response = await api.call('POST', `/api/portfolio/${holding.id}/report`, {
      token,
      body: { note: 'The price shown is far too low' },
    });
    expect(response.status).toBe(202);
    expect(response.body.status).toBe('queued');

    const [message, ...others] = await outboxOf(user.id);
    expect(others).toHaveLength(0);
    expect(message).toMatchObject({
      id: response.body.reportId,
      channel: 'email',
      kind: 'report',
      recipient: SUPPORT,
      status: 'pending',
      subject: 'Error report: ETH (Ethereum)',
    });
    expect(message!.bodyText).toContain(`User id: ${user.id}`);
    expect(message!.bodyText).toContain(`Holding id: ${holding.id}`);
    expect(message!.bodyText).toContain('CoinGecko id: ethereum');
    expect(message!.bodyText).toContain('Quantity: 2');
    expect(message!.bodyText).toContain('The price shown is far too low');
  });

  it('accepts a report without a body, and each click is its own message', async () => {
    const { token, user } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: eth });
    const first = await api.call('POST', `/api/portfolio/${holding.id}/report`, { token });
    const second = await api.call('POST', `/api/portfolio/${holding.id}/report`, { token, body: {} });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(await outboxOf(user.id)).toHaveLength(2);
  });

  it("answers 404 for another user's holding and for non-ids, and queues nothing", async () => {
    const owner = await api.signUp();
    const intruder = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token: owner.token, body: eth });
    const foreign = await api.call('POST', `/api/portfolio/${holding.id}/report`, { token: intruder.token });
    const bogus = await api.call('POST', '/api/portfolio/not-an-id/report', { token: intruder.token });
    expect([foreign.status, bogus.status]).toEqual([404, 404]);
    expect(foreign.body.error).toBe('Portfolio item not found.');
    expect(await outboxOf(intruder.user.id)).toHaveLength(0);
    expect(await outboxOf(owner.user.id)).toHaveLength(0);
  });

  it('rejects bad bodies with 400 and a message', async () => {
    const { token, user } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: eth });
    for (const [body, message] of [
      [{ note: 'x'.repeat(2001) }, /at most 2000/],
      [{ note: 42 }, /note must be text/],
      [{ userId: 'someone' }, /Unknown field: userId/],
    ] as const) {
      const response = await api.call('POST', `/api/portfolio/${holding.id}/report`, { token, body });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    expect(await outboxOf(user.id)).toHaveLength(0);
  });

  it('needs a token', async () => {
    const response = await api.call('POST', '/api/portfolio/00000000-0000-0000-0000-000000000000/report');
    expect(response.status).toBe(401);
  });

  it(`limits a user to ${REPORTS_PER_HOUR} reports an hour with 429 and Retry-After`, async () => {
    const { token, user } = await api.signUp();
    const { body: holding } = await api.call('POST', '/api/portfolio', { token, body: eth });
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      expect((await api.call('POST', `/api/portfolio/${holding.id}/report`, { token })).status).toBe(202);
    }
    const limited = await api.call('POST', `/api/portfolio/${holding.id}/report`, { token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outboxOf(user.id)).toHaveLength(REPORTS_PER_HOUR);
    // Another user is not affected.
    const other = await api.signUp();
    const { body: theirs } = await api.call('POST', '/api/portfolio', { token: other.token, body: eth });
    expect(
      (await api.call('POST', `/api/portfolio/${theirs.id}/report`, { token: other.token })).status,
    ).toBe(202);
  });
});
