import { contactMessages, outboxMessages } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { CONTACT_MESSAGES } from '@coinpace/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';

const SUPPORT = 'help@coinpace.test';

describe.each(testEngines(process.env.DATABASE_URL))('contact form on %s', (engine) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(engine, { SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(() => api?.close());

  it('stores the message and queues one e-mail to SUPPORT_EMAIL', async () => {
    const response = await api.call('POST', '/api/contact', {
      body: { name: ' Ada\nLovelace ', email: 'ada@example.com', message: 'How do alerts count?' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true });

    const [saved] = await api.database.db.select().from(contactMessages);
    expect(saved).toMatchObject({
      name: 'Ada\nLovelace',
      email: 'ada@example.com',
      message: 'How do alerts count?',
    });
    const outbox = await api.database.db.select().from(outboxMessages);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      channel: 'email',
      kind: 'contact',
      recipient: SUPPORT,
      status: 'pending',
      dedupeKey: `contact:${saved!.id}`,
      subject: 'Contact form: Ada Lovelace',
    });
    expect(outbox[0]!.bodyText).toContain('How do alerts count?');
    expect(outbox[0]!.bodyText).toContain('E-mail: ada@example.com');
  });

  it.each([
    [{ email: 'a@example.com', message: 'Hi' }, CONTACT_MESSAGES.nameRequired],
    [{ name: '   ', email: 'a@example.com', message: 'Hi' }, CONTACT_MESSAGES.nameRequired],
    [{ name: 'Ada', message: 'Hi' }, CONTACT_MESSAGES.emailRequired],
    [{ name: 'Ada', email: 'ada at example', message: 'Hi' }, CONTACT_MESSAGES.emailInvalid],
    [{ name: 'Ada', email: 42, message: 'Hi' }, CONTACT_MESSAGES.emailInvalid],
    [{ name: 'Ada', email: 'a@example.com' }, CONTACT_MESSAGES.messageRequired],
    [{ name: 'Ada', email: 'a@example.com', message: 'x'.repeat(5001) }, CONTACT_MESSAGES.messageTooLong],
    [{ name: 'Ada', email: 'a@example.com', message: 'Hi', cc: 'b@example.com' }, 'Unknown field: cc'],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const before = await api.database.db.$count(contactMessages);
    const response = await api.call('POST', '/api/contact', { body });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(await api.database.db.$count(contactMessages)).toBe(before);
  });

  it('limits one address to 5 messages in 10 minutes', async () => {
    const send = () =>
      api.call('POST', '/api/contact', { body: { name: 'Lin', email: 'lin@example.com', message: 'Hello' } });
    // One message went out in the first test.
    for (let i = 2; i <= 5; i += 1) expect((await send()).status).toBe(201);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many requests/);
    expect(await api.database.db.$count(outboxMessages)).toBe(5);
  });
});
