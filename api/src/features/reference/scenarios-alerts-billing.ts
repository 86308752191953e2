/**
 * Test support for the reference test: the requests behind the answers of the alert, billing and account-
 * export routes. Not used by production code.
 */
import { randomUUID } from 'node:crypto';
import { TEST_PASSWORD } from '../../testing/harness.ts';
import { payingUser, startCheckout } from './reference-apps.ts';
import { type Scenario, notMe, untilLimited, holdingOf, alertOf, signedIn } from './reference-kit.ts';

export const ALERTS_BILLING_SCENARIOS: Record<string, Scenario> = {
  'GET /api/alerts/user 200': async ({ main }) => {
    const { token } = await payingUser(main);
    await alertOf(main, token);
    return main.call('GET', '/api/alerts/user', { token });
  },
  'GET /api/alerts/user/stats 200': async ({ main }) =>
    main.call('GET', '/api/alerts/user/stats', { token: (await payingUser(main)).token }),
  'GET /api/alerts/user/history 200': async ({ main }) =>
    main.call('GET', '/api/alerts/user/history?limit=10', { token: await signedIn(main) }),
  'GET /api/alerts/user/history 400': async ({ main }) =>
    main.call('GET', '/api/alerts/user/history?limit=0', { token: await signedIn(main) }),
  'POST /api/alerts 201': async ({ main }) => {
    const { token } = await payingUser(main);
    return main.call('POST', '/api/alerts', {
      token,
      body: {
        type: 'WatchlistPrice',
        coinId: 'ethereum',
        thresholdType: 'Below',
        thresholdValue: '1,000',
        notificationMethod: 'Both',
        coin: { name: 'Ethereum', symbol: 'ETH' },
      },
    });
  },
  'POST /api/alerts 403': async ({ main }) =>
    main.call('POST', '/api/alerts', {
      token: (await payingUser(main, { plan: false })).token,
      body: {
        type: 'WatchlistPrice',
        coinId: 'bitcoin',
        thresholdType: 'Above',
        thresholdValue: 1,
        notificationMethod: 'Email',
      },
    }),
  'POST /api/alerts/protect-portfolio 201': async ({ main }) => {
    const { token } = await payingUser(main);
    await holdingOf(main, token);
    return main.call('POST', '/api/alerts/protect-portfolio', {
      token,
      body: { lossPercent: 10, notificationMethod: 'Email' },
    });
  },
  'POST /api/alerts/protect-portfolio 200': async ({ main }) =>
    main.call('POST', '/api/alerts/protect-portfolio', {
      token: (await payingUser(main)).token,
      body: { lossPercent: 10, notificationMethod: 'Email' },
    }),
  'POST /api/alerts/protect-portfolio 403': async ({ main }) =>
    main.call('POST', '/api/alerts/protect-portfolio', {
      token: (await payingUser(main, { plan: false })).token,
      body: { lossPercent: 10, notificationMethod: 'Email' },
    }),
  'GET /api/alerts/{id} 200': async ({ main }) => {
    const { token } = await payingUser(main);
    return main.call('GET', `/api/alerts/${(await alertOf(main, token)).id}`, { token });
  },
  'GET /api/alerts/{id} 404': async ({ main }) =>
    main.call('GET', `/api/alerts/${randomUUID()}`, { token: await signedIn(main) }),
  'GET /api/alerts/{id}/history 200': async ({ main }) => {
    const { token } = await payingUser(main);
    return main.call('GET', `/api/alerts/${(await alertOf(main, token)).id}/history`, { token });
  },
  'GET /api/alerts/{id}/history 400': async ({ main }) => {
    const { token } = await payingUser(main);
    return main.call('GET', `/api/alerts/${(await alertOf(main, token)).id}/history?before=yesterday`, {
      token,
    });
  },
  'GET /api/alerts/{id}/history 404': async ({ main }) =>
    main.call('GET', `/api/alerts/${randomUUID()}/history`, { token: await signedIn(main) }),
  'PUT /api/alerts/{id} 200': async ({ main }) => {
    const { token } = await payingUser(main);
    const alert = await alertOf(main, token);
    return main.call('PUT', `/api/alerts/${alert.id}`, { token, body: { thresholdValue: 900_000 } });
  },
  'PUT /api/alerts/{id} 403': async ({ main }) => {
    const { token } = await payingUser(main, { phone: false });
    const alert = await alertOf(main, token);
    return main.call('PUT', `/api/alerts/${alert.id}`, { token, body: { notificationMethod: 'SMS' } });
  },
  'PUT /api/alerts/{id} 404': async ({ main }) =>
    main.call('PUT', `/api/alerts/${randomUUID()}`, {
      token: await signedIn(main),
      body: { status: 'Paused' },
    }),
  'PATCH /api/alerts/{id}/status 200': async ({ main }) => {
    const { token } = await payingUser(main);
    const alert = await alertOf(main, token);
    return main.call('PATCH', `/api/alerts/${alert.id}/status`, { token, body: { status: 'Paused' } });
  },
  'PATCH /api/alerts/{id}/status 404': async ({ main }) =>
    main.call('PATCH', `/api/alerts/${randomUUID()}/status`, {
      token: await signedIn(main),
      body: { status: 'Paused' },
    }),
  'PATCH /api/alerts/{id}/reset-interval 200': async ({ main }) => {
    const { token } = await payingUser(main);
    const alert = await alertOf(main, token);
    return main.call('PATCH', `/api/alerts/${alert.id}/reset-interval`, {
      token,
      body: { resetInterval: '1day' },
    });
  },
  'PATCH /api/alerts/{id}/reset-interval 404': async ({ main }) =>
    main.call('PATCH', `/api/alerts/${randomUUID()}/reset-interval`, {
      token: await signedIn(main),
      body: { resetInterval: '1day' },
    }),
  'DELETE /api/alerts/{id} 204': async ({ main }) => {
    const { token } = await payingUser(main);
    return main.call('DELETE', `/api/alerts/${(await alertOf(main, token)).id}`, { token });
  },
  'DELETE /api/alerts/{id} 404': async ({ main }) =>
    main.call('DELETE', `/api/alerts/${randomUUID()}`, { token: await signedIn(main) }),

  'POST /api/billing/webhook 200': ({ upstream, stripe }) => {
    const signed = stripe.signedEvent('customer.created', { id: 'cus_reference', object: 'customer' });
    return upstream.call('POST', '/api/billing/webhook', {
      body: signed.payload,
      headers: { 'stripe-signature': signed.signature },
    });
  },
  'POST /api/billing/webhook 400': ({ upstream, stripe }) => {
    const forged = stripe.signedEvent(
      'customer.created',
      { id: 'cus_reference' },
      { secret: 'whsec_forged' },
    );
    return upstream.call('POST', '/api/billing/webhook', {
      body: forged.payload,
      headers: { 'stripe-signature': forged.signature },
    });
  },
  'GET /api/billing/plans 200': async ({ main }) =>
    main.call('GET', '/api/billing/plans', { token: await signedIn(main) }),
  'GET /api/billing/user 200': async ({ main }) =>
    main.call('GET', '/api/billing/user', { token: (await payingUser(main)).token }),
  'POST /api/billing/create-checkout-session 200': async ({ upstream }) => {
    const token = await signedIn(upstream);
    const plans = await upstream.call('GET', '/api/billing/plans', { token });
    return upstream.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: {
        priceId: plans.body.plans[1].priceId,
        successUrl: `${upstream.url}/account`,
        cancelUrl: upstream.url,
      },
    });
  },
  'POST /api/billing/create-checkout-session 403': async ({ main }) =>
    main.call('POST', '/api/billing/create-checkout-session', {
      token: await signedIn(main),
      body: { priceId: 'price_x', ...notMe },
    }),
  'POST /api/billing/payment-success 200': async ({ main }) => {
    const token = await signedIn(main);
    const sessionId = await startCheckout(main, token);
    await main.call('POST', `/api/billing/local-checkout/${sessionId}/complete`, { token });
    return main.call('POST', '/api/billing/payment-success', { token, body: { sessionId } });
  },
  'POST /api/billing/payment-success 403': async ({ main }) =>
    main.call('POST', '/api/billing/payment-success', {
      token: await signedIn(main),
      body: { sessionId: 'cs_x', ...notMe },
    }),
  'POST /api/billing/payment-success 404': async ({ main }) =>
    main.call('POST', '/api/billing/payment-success', {
      token: await signedIn(main),
      body: { sessionId: 'cs_nowhere' },
    }),
  'POST /api/billing/plan-change/preview 200': async ({ main }) =>
    main.call('POST', '/api/billing/plan-change/preview', {
      token: (await payingUser(main)).token,
      body: { planId: 'enterprise' },
    }),
  'POST /api/billing/plan-change/preview 409': async ({ main }) =>
    main.call('POST', '/api/billing/plan-change/preview', {
      token: await signedIn(main),
      body: { planId: 'pro' },
    }),
  'POST /api/billing/plan-change 200': async ({ main }) => {
    const { token } = await payingUser(main);
    const preview = await main.call('POST', '/api/billing/plan-change/preview', {
      token,
      body: { planId: 'enterprise' },
    });
    return main.call('POST', '/api/billing/plan-change', {
      token,
      body: { planId: 'enterprise', effectiveAt: preview.body.effectiveAt },
    });
  },
  'POST /api/billing/plan-change 409': async ({ main }) =>
    main.call('POST', '/api/billing/plan-change', {
      token: await signedIn(main),
      body: { planId: 'pro', effectiveAt: new Date().toISOString() },
    }),
  'POST /api/billing/cancel-subscription 200': async ({ main }) =>
    main.call('POST', '/api/billing/cancel-subscription', {
      token: (await payingUser(main)).token,
      body: {},
    }),
  'POST /api/billing/cancel-subscription 403': async ({ main }) =>
    main.call('POST', '/api/billing/cancel-subscription', { token: await signedIn(main), body: notMe }),
  'POST /api/billing/cancel-subscription 409': async ({ main }) =>
    main.call('POST', '/api/billing/cancel-subscription', { token: await signedIn(main), body: {} }),
  'POST /api/billing/reactivate-subscription 200': async ({ main }) => {
    const { token } = await payingUser(main);
    await main.call('POST', '/api/billing/cancel-subscription', { token, body: {} });
    return main.call('POST', '/api/billing/reactivate-subscription', { token, body: {} });
  },
  'POST /api/billing/reactivate-subscription 403': async ({ main }) =>
    main.call('POST', '/api/billing/reactivate-subscription', { token: await signedIn(main), body: notMe }),
  'POST /api/billing/reactivate-subscription 409': async ({ main }) =>
    main.call('POST', '/api/billing/reactivate-subscription', { token: await signedIn(main), body: {} }),
  'POST /api/billing/sync-plan 200': async ({ main }) =>
    main.call('POST', '/api/billing/sync-plan', { token: (await payingUser(main)).token, body: {} }),
  'POST /api/billing/sync-plan 403': async ({ main }) =>
    main.call('POST', '/api/billing/sync-plan', { token: await signedIn(main), body: notMe }),
  'DELETE /api/billing/delete-account 200': async ({ main }) =>
    main.call('DELETE', '/api/billing/delete-account', {
      token: await signedIn(main),
      body: { password: TEST_PASSWORD },
    }),
  'DELETE /api/billing/delete-account 403': async ({ main }) =>
    main.call('DELETE', '/api/billing/delete-account', { token: await signedIn(main), body: notMe }),
  'DELETE /api/billing/delete-account 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const wrong = { token, body: { password: 'not the password' } };
    return untilLimited(() => tight.call('DELETE', '/api/billing/delete-account', wrong));
  },
  'GET /api/users/me/export 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/users/me/export', { token });
  },
  'GET /api/users/me/export 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() => tight.call('GET', '/api/users/me/export', { token }));
  },
  'GET /api/billing/invoices 200': async ({ main }) =>
    main.call('GET', '/api/billing/invoices', { token: (await payingUser(main)).token }),
  'POST /api/billing/portal-session 200': async ({ main }) =>
    main.call('POST', '/api/billing/portal-session', { token: (await payingUser(main)).token, body: {} }),
  'POST /api/billing/portal-session 409': async ({ upstream }) =>
    upstream.call('POST', '/api/billing/portal-session', { token: await signedIn(upstream), body: {} }),
  'GET /api/billing/local-portal/card 200': async ({ main }) =>
    main.call('GET', '/api/billing/local-portal/card', { token: await signedIn(main) }),
  'GET /api/billing/local-portal/card 404': async ({ upstream }) =>
    upstream.call('GET', '/api/billing/local-portal/card', { token: await signedIn(upstream) }),
  'PUT /api/billing/local-portal/card 200': async ({ main }) =>
    main.call('PUT', '/api/billing/local-portal/card', {
      token: await signedIn(main),
      body: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
    }),
  'PUT /api/billing/local-portal/card 404': async ({ upstream }) =>
    upstream.call('PUT', '/api/billing/local-portal/card', {
      token: await signedIn(upstream),
      body: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
    }),
  'GET /api/billing/local-checkout/{sessionId} 200': async ({ main }) => {
    const token = await signedIn(main);
    return main.call('GET', `/api/billing/local-checkout/${await startCheckout(main, token)}`, { token });
  },
  'GET /api/billing/local-checkout/{sessionId} 404': async ({ main }) =>
    main.call('GET', '/api/billing/local-checkout/cs_nowhere', { token: await signedIn(main) }),
  'POST /api/billing/local-checkout/{sessionId}/complete 200': async ({ main }) => {
    const token = await signedIn(main);
    return main.call('POST', `/api/billing/local-checkout/${await startCheckout(main, token)}/complete`, {
      token,
    });
  },
  'POST /api/billing/local-checkout/{sessionId}/complete 404': async ({ main }) =>
    main.call('POST', '/api/billing/local-checkout/cs_nowhere/complete', { token: await signedIn(main) }),
  'POST /api/billing/local-checkout/{sessionId}/complete 409': async ({ main }) => {
    const token = await signedIn(main);
    const sessionId = await startCheckout(main, token);
    await main.call('POST', `/api/billing/local-checkout/${sessionId}/cancel`, { token });
    return main.call('POST', `/api/billing/local-checkout/${sessionId}/complete`, { token });
  },
  'POST /api/billing/local-checkout/{sessionId}/cancel 200': async ({ main }) => {
    const token = await signedIn(main);
    return main.call('POST', `/api/billing/local-checkout/${await startCheckout(main, token)}/cancel`, {
      token,
    });
  },
  'POST /api/billing/local-checkout/{sessionId}/cancel 404': async ({ main }) =>
    main.call('POST', '/api/billing/local-checkout/cs_nowhere/cancel', { token: await signedIn(main) }),
  'POST /api/billing/local-checkout/{sessionId}/cancel 409': async ({ main }) => {
    const token = await signedIn(main);
    const sessionId = await startCheckout(main, token);
    await main.call('POST', `/api/billing/local-checkout/${sessionId}/complete`, { token });
    return main.call('POST', `/api/billing/local-checkout/${sessionId}/cancel`, { token });
  },
};
