/** Reference scenarios of the alert channel destinations (see reference-scenarios.ts). */
import { randomUUID } from 'node:crypto';
import { MAX_DESTINATIONS } from '@coinpace/domain';
import type { TestApi } from '../../testing/harness.ts';
import { type Scenario, signedIn, untilLimited } from './reference-kit.ts';

const hook = (url = 'https://hooks.example.test/coinpace') => ({ kind: 'webhook', url });

/** A webhook added through the API; answers its id. */
async function added(api: TestApi, token: string, url?: string): Promise<string> {
  const { body } = await api.call('POST', '/api/alert-destinations', { token, body: hook(url) });
  return (body as { destination: { id: string } }).destination.id;
}

export const ALERT_DESTINATION_SCENARIOS: Record<string, Scenario> = {
  'GET /api/alert-destinations 200': async ({ main }) => {
    const token = await signedIn(main);
    await added(main, token);
    return main.call('GET', '/api/alert-destinations', { token });
  },
  'POST /api/alert-destinations 201': async ({ main }) =>
    main.call('POST', '/api/alert-destinations', { token: await signedIn(main), body: hook() }),
  'POST /api/alert-destinations 400': async ({ main }) =>
    main.call('POST', '/api/alert-destinations', {
      token: await signedIn(main),
      body: hook('https://192.168.1.10/hook'),
    }),
  'POST /api/alert-destinations 409': async ({ main }) => {
    const token = await signedIn(main);
    await added(main, token);
    return main.call('POST', '/api/alert-destinations', {
      token,
      body: hook('https://other.example.test/x'),
    });
  },
  'POST /api/alert-destinations 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() => tight.call('POST', '/api/alert-destinations', { token, body: hook() }));
  },
  'POST /api/alert-destinations/{id}/test 200': async ({ upstream, webhooks }) => {
    const token = await signedIn(upstream);
    const id = await added(upstream, token, webhooks.url);
    return upstream.call('POST', `/api/alert-destinations/${id}/test`, { token });
  },
  'POST /api/alert-destinations/{id}/test 400': async ({ upstream, webhooks }) => {
    const token = await signedIn(upstream);
    const id = await added(upstream, token, `${webhooks.url}/fail`);
    return upstream.call('POST', `/api/alert-destinations/${id}/test`, { token });
  },
  'POST /api/alert-destinations/{id}/test 404': async ({ main }) =>
    main.call('POST', `/api/alert-destinations/${randomUUID()}/test`, { token: await signedIn(main) }),
  'POST /api/alert-destinations/{id}/test 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() => tight.call('POST', `/api/alert-destinations/${randomUUID()}/test`, { token }));
  },
  'GET /api/alert-destinations/{id}/deliveries 200': async ({ upstream, webhooks }) => {
    const token = await signedIn(upstream);
    const id = await added(upstream, token, webhooks.url);
    await upstream.call('POST', `/api/alert-destinations/${id}/test`, { token });
    return upstream.call('GET', `/api/alert-destinations/${id}/deliveries`, { token });
  },
  'GET /api/alert-destinations/{id}/deliveries 404': async ({ main }) =>
    main.call('GET', `/api/alert-destinations/${randomUUID()}/deliveries`, { token: await signedIn(main) }),
  'DELETE /api/alert-destinations/{id} 204': async ({ main }) => {
    const token = await signedIn(main);
    const id = await added(main, token);
    return main.call('DELETE', `/api/alert-destinations/${id}`, { token });
  },
  'GET /api/telegram 200': async ({ main }) =>
    main.call('GET', '/api/telegram', { token: await signedIn(main) }),
  'GET /api/push/public-key 200': async ({ main }) =>
    main.call('GET', '/api/push/public-key', { token: await signedIn(main) }),
  'POST /api/push/subscriptions 201': async ({ upstream, push }) =>
    upstream.call('POST', '/api/push/subscriptions', {
      token: await signedIn(upstream),
      body: push.subscribe(),
    }),
  'POST /api/push/subscriptions 400': async ({ main, push }) =>
    // The default app refuses the loopback endpoint of the local push service.
    main.call('POST', '/api/push/subscriptions', { token: await signedIn(main), body: push.subscribe() }),
  'POST /api/push/subscriptions 409': async ({ upstream, push }) => {
    const token = await signedIn(upstream);
    for (let i = 0; i < MAX_DESTINATIONS.push; i += 1) {
      await upstream.call('POST', '/api/push/subscriptions', { token, body: push.subscribe() });
    }
    return upstream.call('POST', '/api/push/subscriptions', { token, body: push.subscribe() });
  },
  'POST /api/push/subscriptions 429': async ({ tight, push }) => {
    const token = await signedIn(tight);
    return untilLimited(() =>
      tight.call('POST', '/api/push/subscriptions', { token, body: push.subscribe() }),
    );
  },
  'DELETE /api/alert-destinations/{id} 404': async ({ main }) =>
    main.call('DELETE', `/api/alert-destinations/${randomUUID()}`, { token: await signedIn(main) }),
};
