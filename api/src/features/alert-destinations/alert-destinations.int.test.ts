/**
 * The signed webhook's routes against a receiver on 127.0.0.1 (WEBHOOK_ALLOW_LOOPBACK): adding one (the
 * secret once, the SSRF rules), the test delivery that confirms it (signed, logged, only a 2xx confirms),
 * another user kept out, and the alerts' `channels` field.
 */
import { randomUUID } from 'node:crypto';
import { verifyWebhookSignature } from '@coinpace/adapters';
import {
  startPushServicePeer,
  startWebhookReceiver,
  type PushServicePeer,
  type WebhookReceiver,
} from '@coinpace/adapters/testing';
import { testEngines } from '@coinpace/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/harness.ts';
import { payingUser } from '../reference/reference-apps.ts';

describe.each(testEngines(process.env.DATABASE_URL))('alert destinations on %s', (engine) => {
  let api: TestApi;
  let strict: TestApi;
  let receiver: WebhookReceiver;
  let push: PushServicePeer;

  beforeAll(async () => {
    receiver = await startWebhookReceiver((hook) => (hook.path.includes('fail') ? 500 : undefined));
    push = await startPushServicePeer();
    [api, strict] = await Promise.all([
      startTestApi(engine, { WEBHOOK_ALLOW_LOOPBACK: '1' }),
      startTestApi(engine),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([api?.close(), strict?.close(), receiver?.close(), push?.close()]);
  });

  const add = (a: TestApi, token: string, url: string) =>
    a.call('POST', '/api/alert-destinations', { token, body: { kind: 'webhook', url } });

  it('refuses URLs that are not https or reach private or loopback addresses', async () => {
    const { token } = await strict.signUp(`s-${randomUUID()}@example.test`);
    for (const [url, why] of [
      ['http://hooks.example.com/x', /https/],
      ['https://10.0.0.8/x', /private/],
      ['https://169.254.169.254/latest/meta-data', /private/],
      ['https://[::1]/x', /loopback/],
      ['https://localhost/x', /localhost/],
      [receiver.url, /loopback|https/],
    ] as const) {
      const answer = await add(strict, token, url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.message ?? answer.body.error).toMatch(why);
    }
    const bad = await strict.call('POST', '/api/alert-destinations', {
      token,
      body: { kind: 'fax', url: 'https://x.example.com' },
    });
    expect(bad.status).toBe(400);
  });

  it('shows the secret once, confirms only on a 2xx test delivery, signs it, and logs every answer', async () => {
    const { token } = await api.signUp(`a-${randomUUID()}@example.test`);
    const failing = await add(api, token, `${receiver.url}/fail?token=abc`);
    expect(failing.status).toBe(201);
    expect(failing.body.secret).toMatch(/^whsec_/);
    expect(failing.body.destination).toMatchObject({ kind: 'webhook', confirmed: false });
    // The query (which may hold a token) is never shown back.
    expect(failing.body.destination.target).toBe(`${receiver.url}/fail`);
    const id = failing.body.destination.id as string;
    expect((await add(api, token, receiver.url)).status).toBe(409);

    const refused = await api.call('POST', `/api/alert-destinations/${id}/test`, { token });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('answered 500');
    const listed = await api.call('GET', '/api/alert-destinations', { token });
    expect(listed.body).toMatchObject([{ id, confirmed: false }]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    expect((await api.call('DELETE', `/api/alert-destinations/${id}`, { token })).status).toBe(204);

    const created = await add(api, token, receiver.url);
    const secret = created.body.secret as string;
    const good = created.body.destination.id as string;
    const before = receiver.received.length;
    const confirmed = await api.call('POST', `/api/alert-destinations/${good}/test`, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ statusCode: 200, destination: { id: good, confirmed: true } });
    const hook = receiver.received[before]!;
    expect(JSON.parse(hook.body)).toMatchObject({ type: 'destination.test', alerts: [] });
    const header = hook.headers['coinpace-signature'] as string;
    expect(verifyWebhookSignature(secret, hook.body, header, Date.now() / 1000)).toBe(true);
    const log = await api.call('GET', `/api/alert-destinations/${good}/deliveries`, { token });
    expect(log.body).toMatchObject([{ kind: 'test', attempt: 1, statusCode: 200 }]);

    // Another user sees, tests and deletes none of it.
    const other = await api.signUp(`b-${randomUUID()}@example.test`);
    expect((await api.call('GET', '/api/alert-destinations', { token: other.token })).body).toEqual([]);
    for (const [method, path] of [
      ['POST', `/api/alert-destinations/${good}/test`],
      ['GET', `/api/alert-destinations/${good}/deliveries`],
      ['DELETE', `/api/alert-destinations/${good}`],
    ] as const) {
      expect((await api.call(method, path, { token: other.token })).status).toBe(404);
    }
  });

  it('an alert keeps the channels it was given; older clients that send none get none', async () => {
    const { token } = await payingUser(api);
    const body = {
      type: 'WatchlistPrice',
      coinId: 'bitcoin',
      thresholdType: 'Above',
      thresholdValue: 1_000_000,
      notificationMethod: 'Email',
      coin: { name: 'Bitcoin', symbol: 'BTC' },
    };
    const plain = await api.call('POST', '/api/alerts', { token, body });
    expect(plain.status).toBe(201);
    expect(plain.body.alerts[0].channels).toEqual([]);
    const hooked = await api.call('POST', '/api/alerts', { token, body: { ...body, channels: ['webhook'] } });
    expect(hooked.body.alerts[0].channels).toEqual(['webhook']);
    const id = hooked.body.alerts[0].id as string;
    const cleared = await api.call('PUT', `/api/alerts/${id}`, { token, body: { channels: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.channels).toEqual([]);
    const fax = await api.call('POST', '/api/alerts', { token, body: { ...body, channels: ['fax'] } });
    expect(fax.status).toBe(400);
  });

  it('a browser subscription is kept, confirmed, once its push service took the first message', async () => {
    const { token } = await api.signUp(`p-${randomUUID()}@example.test`);
    const key = await api.call('GET', '/api/push/public-key', { token });
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const sub = push.subscribe();
    const before = push.messages.length;
    const created = await api.call('POST', '/api/push/subscriptions', { token, body: sub });
    expect(created.status).toBe(201);
    expect(created.body.destination).toMatchObject({ kind: 'push', confirmed: true, target: null });
    expect(JSON.parse(push.messages[before]!.payload)).toMatchObject({
      body: 'Browser notifications are on.',
    });
    expect(push.messages[before]!.vapidKey).toBe(key.body.publicKey);
    // The same browser again replaces its subscription.
    await api.call('POST', '/api/push/subscriptions', { token, body: sub });
    const listed = await api.call('GET', '/api/alert-destinations', { token });
    expect(listed.body.filter((d: { kind: string }) => d.kind === 'push')).toHaveLength(1);

    const gone = push.subscribe();
    push.expire(gone.endpoint);
    const refused = await api.call('POST', '/api/push/subscriptions', { token, body: gone });
    expect(refused.status).toBe(400);
    expect((await api.call('GET', '/api/alert-destinations', { token })).body).toHaveLength(1);
    const other = await strict.signUp(`q-${randomUUID()}@example.test`);
    const loopback = await strict.call('POST', '/api/push/subscriptions', {
      token: other.token,
      body: push.subscribe(),
    });
    expect(loopback.status).toBe(400);
  });
});
