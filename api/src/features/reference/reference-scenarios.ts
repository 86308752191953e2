/**
 * Test support for the reference test: for each documented answer of a route (`METHOD /path STATUS`), a real
 * request that gets it. Answers every route of a kind gives (401, 403 for the site password, 400 and 413 for
 * a body, 429) come from `genericScenarios`. Not used by production code.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createTestSubscription } from '@coinpace/db/testing';
import { MAX_HOLDINGS_PER_USER } from '@coinpace/domain';
import { isSitePasswordGated, type RouteDoc } from '@coinpace/domain/openapi';
import { TEST_PASSWORD, type TestApi } from '../../testing/harness.ts';
import { KRAKEN_SAMPLE } from '../../testing/route-table.ts';
import { sentSignUpCode, sentVerificationCode } from '../../testing/verification-code.ts';
import { SITE_PASSWORD, bitcoin, payingUser, startCheckout, type ReferenceApps } from './reference-apps.ts';

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}
export type Scenario = (apps: ReferenceApps) => Promise<Answer>;

const ADDRESS = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984';
const email = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;
const notMe = { userId: 'someone-else' };

/** Calls `call` until it answers 429 (at most `tries` times) and returns the last answer. */
async function untilLimited(call: () => Promise<Answer>, tries = 3): Promise<Answer> {
  let answer = await call();
  for (let i = 1; i < tries && answer.status !== 429; i += 1) answer = await call();
  return answer;
}

/**
 * Sends more password-hashing requests at once than the hash queue holds (MAX_CONCURRENT_HASHES +
 * MAX_WAITING_HASHES) and returns a 503 among the answers (or the last answer when none).
 */
async function whileHashingIsFull(call: () => Promise<Answer>): Promise<Answer> {
  const answers = await Promise.all(Array.from({ length: 40 }, call));
  return answers.find((a) => a.status === 503) ?? answers.at(-1)!;
}

/** Opens the SSE stream, keeps the status and headers, and hangs up. */
async function openStream(api: TestApi, query: string): Promise<Answer> {
  const abort = new AbortController();
  const response = await fetch(`${api.url}/api/prices/stream${query}`, { signal: abort.signal });
  const body = response.headers.get('content-type')?.includes('json') ? await response.json() : '';
  abort.abort();
  return { status: response.status, body, headers: response.headers };
}

async function holdingOf(api: TestApi, token: string) {
  return (await api.call('POST', '/api/portfolio', { token, body: bitcoin })).body as { id: string };
}

/** A sale of part of a holding, dated after its opening buy. */
function aSale(quantity: string) {
  return { type: 'sell', at: new Date().toISOString(), quantity, pricePerCoin: '35000', fee: '1' };
}

/** A holding with a sale recorded after its opening buy, and the sale's id. */
async function holdingWithSale(api: TestApi) {
  const token = await signedIn(api);
  const holding = await holdingOf(api, token);
  const { body } = await api.call('POST', `/api/portfolio/${holding.id}/transactions`, {
    token,
    body: aSale('0.25'),
  });
  const sale = (body as { transactions: { id: string; type: string }[] }).transactions.find(
    (t) => t.type === 'sell',
  )!.id;
  return { token, holding, sale };
}

async function alertOf(api: TestApi, token: string) {
  const created = await api.call('POST', '/api/alerts', {
    token,
    body: {
      type: 'WatchlistPrice',
      coinId: 'bitcoin',
      thresholdType: 'Above',
      thresholdValue: 1_000_000,
      notificationMethod: 'Email',
      coin: { name: 'Bitcoin', symbol: 'BTC' },
    },
  });
  if (created.status !== 201) throw new Error(`alert not created: ${JSON.stringify(created.body)}`);
  return created.body.alerts[0] as { id: string };
}

/** A US number libphonenumber-js takes for a mobile, one of its own per call (a number gets 3 codes an hour). */
const aMobile = () => `+1202555${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/** A fresh user on a plan with SMS, with `phone` (default a mobile number of its own). */
async function smsReady(api: TestApi, phone = aMobile()) {
  const signed = await api.signUp(email('sms'));
  await createTestSubscription(api.database.db, signed.user.id, { planId: 'basic' });
  await api.call('PATCH', '/api/users/me', { token: signed.token, body: { phone } });
  return signed;
}

async function signedIn(api: TestApi) {
  return (await api.signUp(email('ref'))).token;
}

/** The requests behind each route's own answers. */
export const SCENARIOS: Record<string, Scenario> = {
  'GET /healthz 200': ({ main }) => main.call('GET', '/healthz'),
  'GET /readyz 200': ({ main }) => main.call('GET', '/readyz'),
  'GET /metrics 200': ({ main }) => main.call('GET', '/metrics'),
  'GET /metrics 401': ({ gated }) => gated.call('GET', '/metrics'),
  'GET /metrics 404': ({ maintenance }) => maintenance.call('GET', '/metrics'),
  'GET /api/openapi.json 200': ({ main }) => main.call('GET', '/api/openapi.json'),
  'GET /api/docs 200': ({ main }) => main.call('GET', '/api/docs'),
  'GET /api/docs/style.css 200': ({ main }) => main.call('GET', '/api/docs/style.css'),
  'GET /api/config 200': ({ main }) => main.call('GET', '/api/config'),

  'POST /api/check-password 200': ({ main }) =>
    main.call('POST', '/api/check-password', { body: { password: 'anything' } }),
  'POST /api/check-password 403': ({ gated }) =>
    gated.call('POST', '/api/check-password', { body: { password: 'wrong' } }),
  'POST /api/check-password 429': ({ gated }) =>
    untilLimited(() => gated.call('POST', '/api/check-password', { body: { password: 'wrong' } })),

  'POST /api/auth/local/sign-up 202': ({ main }) =>
    main.call('POST', '/api/auth/local/sign-up', {
      body: { email: email('up'), password: 'correct horse battery' },
    }),
  'POST /api/auth/local/sign-up 403': ({ maintenance }) =>
    maintenance.call('POST', '/api/auth/local/sign-up', {
      body: { email: email('up'), password: 'correct horse battery' },
    }),
  'POST /api/auth/local/confirm-email 201': async ({ main }) => {
    const address = email('link');
    await main.call('POST', '/api/auth/local/sign-up', {
      body: { email: address, password: 'correct horse battery' },
    });
    const code = await sentSignUpCode(main.database.db, address);
    return main.call('POST', '/api/auth/local/confirm-email', { body: { code } });
  },
  'POST /api/auth/local/confirm-email 400': ({ main }) =>
    main.call('POST', '/api/auth/local/confirm-email', { body: { code: 'a-link-nobody-was-sent' } }),
  'POST /api/auth/local/confirm-email 403': ({ maintenance }) =>
    maintenance.call('POST', '/api/auth/local/confirm-email', { body: { code: 'any' } }),
  'POST /api/auth/local/confirm-email 409': async ({ main }) => {
    const address = email('meanwhile');
    await main.call('POST', '/api/auth/local/sign-up', {
      body: { email: address, password: 'correct horse battery' },
    });
    const code = await sentSignUpCode(main.database.db, address);
    // The e-mail got an account while the link waited (as when two of its links are opened at once).
    await main.signUp(address);
    return main.call('POST', '/api/auth/local/confirm-email', { body: { code } });
  },
  'POST /api/auth/local/confirm-email 429': ({ tight }) =>
    untilLimited(() =>
      tight.call('POST', '/api/auth/local/confirm-email', { body: { code: 'a-link-nobody-was-sent' } }),
    ),
  'POST /api/auth/local/sign-up 429': ({ gated }) =>
    untilLimited(() =>
      gated.call('POST', '/api/auth/local/sign-up', {
        body: { email: email('many'), password: 'correct horse battery' },
        headers: { 'x-site-password': SITE_PASSWORD },
      }),
    ),
  'POST /api/auth/local/sign-in 200': async ({ main }) => {
    const address = email('in');
    await main.signUp(address);
    return main.call('POST', '/api/auth/local/sign-in', {
      body: { email: address, password: TEST_PASSWORD },
    });
  },
  'POST /api/auth/local/sign-in 401': ({ main }) =>
    main.call('POST', '/api/auth/local/sign-in', { body: { email: email('nobody'), password: 'wrong one' } }),
  'POST /api/auth/local/sign-in 403': ({ maintenance }) =>
    maintenance.call('POST', '/api/auth/local/sign-in', {
      body: { email: email('in'), password: 'whatever' },
    }),
  'POST /api/auth/local/sign-in 429': ({ tight }) => {
    const body = { email: email('guess'), password: 'wrong guess' };
    return untilLimited(() => tight.call('POST', '/api/auth/local/sign-in', { body }));
  },

  'POST /api/users/ensure 200': async ({ main }) =>
    main.call('POST', '/api/users/ensure', { token: await signedIn(main), body: {} }),
  'POST /api/users/ensure 403': async ({ main }) =>
    main.call('POST', '/api/users/ensure', {
      token: await signedIn(main),
      body: { clerkId: 'someone-else' },
    }),
  'GET /api/users/me 200': async ({ main }) =>
    main.call('GET', '/api/users/me', { token: await signedIn(main) }),
  'PATCH /api/users/me 200': async ({ main }) =>
    main.call('PATCH', '/api/users/me', { token: await signedIn(main), body: { firstName: 'Grace' } }),
  'POST /api/users/me/verification 202': async ({ main }) => {
    const { token } = await smsReady(main);
    return main.call('POST', '/api/users/me/verification', { token, body: { channel: 'sms' } });
  },
  'POST /api/users/me/verification 400': async ({ main }) => {
    const { token } = await smsReady(main, '+8821612345678');
    return main.call('POST', '/api/users/me/verification', { token, body: { channel: 'sms' } });
  },
  'POST /api/users/me/verification 403': async ({ main }) => {
    const token = await signedIn(main);
    await main.call('PATCH', '/api/users/me', { token, body: { phone: aMobile() } });
    return main.call('POST', '/api/users/me/verification', { token, body: { channel: 'sms' } });
  },
  // A local account's sign-in e-mail counts as verified.
  'POST /api/users/me/verification 409': async ({ main }) =>
    main.call('POST', '/api/users/me/verification', {
      token: await signedIn(main),
      body: { channel: 'email' },
    }),
  'POST /api/users/me/verification 429': async ({ main }) => {
    const { token } = await smsReady(main);
    return untilLimited(() =>
      main.call('POST', '/api/users/me/verification', { token, body: { channel: 'sms' } }),
    );
  },
  'POST /api/users/me/verification/confirm 200': async ({ main }) => {
    const { token, user } = await smsReady(main);
    await main.call('POST', '/api/users/me/verification', { token, body: { channel: 'sms' } });
    const code = await sentVerificationCode(main.database.db, user.id, 'sms');
    return main.call('POST', '/api/users/me/verification/confirm', { token, body: { channel: 'sms', code } });
  },
  'POST /api/users/me/verification/confirm 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const body = { channel: 'sms', code: '000000' };
    return untilLimited(() => tight.call('POST', '/api/users/me/verification/confirm', { token, body }));
  },

  'GET /api/portfolio 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio', { token });
  },
  'GET /api/portfolio/export.csv 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio/export.csv', { token });
  },
  'GET /api/portfolio/transactions.csv 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio/transactions.csv', { token });
  },
  'POST /api/portfolio/balances 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('POST', '/api/portfolio/balances', {
      token,
      body: {
        balances: [
          { symbol: 'btc', quantity: '2' },
          { symbol: 'DOGE', quantity: '5' },
        ],
      },
    });
  },
  'GET /api/portfolio/summary 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio/summary?method=fifo', { token });
  },
  'GET /api/portfolio/summary 400': async ({ main }) =>
    main.call('GET', '/api/portfolio/summary?method=lifo', { token: await signedIn(main) }),
  'GET /api/portfolio/history 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('GET', '/api/portfolio/history?range=30d', { token });
  },
  'GET /api/portfolio/history 400': async ({ main }) =>
    main.call('GET', '/api/portfolio/history?range=1y', { token: await signedIn(main) }),
  'POST /api/portfolio 201': async ({ main }) =>
    main.call('POST', '/api/portfolio', { token: await signedIn(main), body: bitcoin }),
  'POST /api/portfolio 200': async ({ main }) => {
    const token = await signedIn(main);
    await holdingOf(main, token);
    return main.call('POST', '/api/portfolio', { token, body: bitcoin });
  },
  'POST /api/portfolio 409': async ({ main }) => {
    const token = await signedIn(main);
    const portfolioItems = Array.from({ length: MAX_HOLDINGS_PER_USER }, (_, i) => ({
      name: `Full ${i}`,
      symbol: `F${i}`,
      quantity: '1',
      purchasePrice: '1',
    }));
    await main.call('POST', '/api/portfolio/bulk', { token, body: { portfolioItems } });
    return main.call('POST', '/api/portfolio', { token, body: bitcoin });
  },
  'GET /api/portfolio/{id}/price-history 200': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('GET', `/api/portfolio/${holding.id}/price-history?range=30d`, { token });
  },
  'GET /api/portfolio/{id}/price-history 400': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('GET', `/api/portfolio/${holding.id}/price-history?range=1y`, { token });
  },
  'GET /api/portfolio/{id}/price-history 404': async ({ main }) =>
    main.call('GET', `/api/portfolio/${randomUUID()}/price-history`, { token: await signedIn(main) }),
  'GET /api/portfolio/{id}/transactions 200': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('GET', `/api/portfolio/${holding.id}/transactions?method=fifo`, { token });
  },
  'GET /api/portfolio/{id}/transactions 400': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('GET', `/api/portfolio/${holding.id}/transactions?method=lifo`, { token });
  },
  'GET /api/portfolio/{id}/transactions 404': async ({ main }) =>
    main.call('GET', `/api/portfolio/${randomUUID()}/transactions`, { token: await signedIn(main) }),
  'POST /api/portfolio/{id}/transactions 201': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('POST', `/api/portfolio/${holding.id}/transactions`, { token, body: aSale('0.25') });
  },
  'POST /api/portfolio/{id}/transactions 404': async ({ main }) =>
    main.call('POST', `/api/portfolio/${randomUUID()}/transactions`, {
      token: await signedIn(main),
      body: aSale('0.25'),
    }),
  'POST /api/portfolio/{id}/transactions 409': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('POST', `/api/portfolio/${holding.id}/transactions`, { token, body: aSale('1000') });
  },
  'PATCH /api/portfolio/{id}/transactions/{transactionId} 200': async ({ main }) => {
    const { token, holding, sale } = await holdingWithSale(main);
    return main.call('PATCH', `/api/portfolio/${holding.id}/transactions/${sale}`, {
      token,
      body: { fee: '2' },
    });
  },
  'PATCH /api/portfolio/{id}/transactions/{transactionId} 404': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('PATCH', `/api/portfolio/${holding.id}/transactions/${randomUUID()}`, {
      token,
      body: { fee: '2' },
    });
  },
  'PATCH /api/portfolio/{id}/transactions/{transactionId} 409': async ({ main }) => {
    const { token, holding, sale } = await holdingWithSale(main);
    return main.call('PATCH', `/api/portfolio/${holding.id}/transactions/${sale}`, {
      token,
      body: { quantity: '1000' },
    });
  },
  'DELETE /api/portfolio/{id}/transactions/{transactionId} 200': async ({ main }) => {
    const { token, holding, sale } = await holdingWithSale(main);
    return main.call('DELETE', `/api/portfolio/${holding.id}/transactions/${sale}`, { token });
  },
  'DELETE /api/portfolio/{id}/transactions/{transactionId} 404': async ({ main }) =>
    main.call('DELETE', `/api/portfolio/${randomUUID()}/transactions/${randomUUID()}`, {
      token: await signedIn(main),
    }),
  'DELETE /api/portfolio/{id}/transactions/{transactionId} 409': async ({ main }) => {
    const { token, holding } = await holdingWithSale(main);
    const { body } = await main.call('GET', `/api/portfolio/${holding.id}/transactions`, { token });
    const opening = (body as { transactions: { id: string }[] }).transactions[0]!.id;
    return main.call('DELETE', `/api/portfolio/${holding.id}/transactions/${opening}`, { token });
  },
  'POST /api/portfolio/bulk 200': async ({ main }) =>
    main.call('POST', '/api/portfolio/bulk', {
      token: await signedIn(main),
      body: { portfolioItems: [bitcoin, { ...bitcoin, symbol: '' }] },
    }),
  'POST /api/portfolio/bulk 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() =>
      tight.call('POST', '/api/portfolio/bulk', { token, body: { portfolioItems: [bitcoin] } }),
    );
  },
  'POST /api/portfolio/balances 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const balances = [{ symbol: 'BTC', quantity: '2' }];
    return untilLimited(() => tight.call('POST', '/api/portfolio/balances', { token, body: { balances } }));
  },
  'POST /api/portfolio/import-trades 200': async ({ main }) =>
    main.call('POST', '/api/portfolio/import-trades', {
      token: await signedIn(main),
      body: { text: KRAKEN_SAMPLE },
    }),
  'POST /api/portfolio/import-trades 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() =>
      tight.call('POST', '/api/portfolio/import-trades', { token, body: { text: KRAKEN_SAMPLE } }),
    );
  },
  'POST /api/portfolio/{id}/report 202': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('POST', `/api/portfolio/${holding.id}/report`, { token, body: { note: 'Wrong price' } });
  },
  'POST /api/portfolio/{id}/report 404': async ({ main }) =>
    main.call('POST', `/api/portfolio/${randomUUID()}/report`, { token: await signedIn(main), body: {} }),
  'POST /api/portfolio/{id}/report 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const holding = await holdingOf(tight, token);
    return untilLimited(() => tight.call('POST', `/api/portfolio/${holding.id}/report`, { token, body: {} }));
  },
  'PUT /api/portfolio/{id} 200': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('PUT', `/api/portfolio/${holding.id}`, { token, body: { purchasePrice: '31000' } });
  },
  'PUT /api/portfolio/{id} 404': async ({ main }) =>
    main.call('PUT', `/api/portfolio/${randomUUID()}`, {
      token: await signedIn(main),
      body: { purchasePrice: 1 },
    }),
  'DELETE /api/portfolio/{id} 204': async ({ main }) => {
    const token = await signedIn(main);
    const holding = await holdingOf(main, token);
    return main.call('DELETE', `/api/portfolio/${holding.id}`, { token });
  },
  'DELETE /api/portfolio/{id} 404': async ({ main }) =>
    main.call('DELETE', `/api/portfolio/${randomUUID()}`, { token: await signedIn(main) }),

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

  'GET /api/prices 200': ({ main }) => main.call('GET', '/api/prices?ids=bitcoin,ethereum'),
  'GET /api/prices/rates 200': ({ main }) => main.call('GET', '/api/prices/rates'),
  'GET /api/prices/rates 429': ({ tight }) => untilLimited(() => tight.call('GET', '/api/prices/rates')),
  'GET /api/prices 400': ({ main }) => main.call('GET', '/api/prices'),
  'GET /api/prices 429': ({ tight }) => untilLimited(() => tight.call('GET', '/api/prices?ids=bitcoin')),
  'GET /api/prices/by-address 200': ({ upstream }) =>
    upstream.call('GET', `/api/prices/by-address?addresses=${ADDRESS}`),
  'GET /api/prices/by-address 400': ({ main }) => main.call('GET', '/api/prices/by-address?addresses=0x12'),
  'GET /api/prices/by-address 429': ({ tight }) =>
    untilLimited(() => tight.call('GET', `/api/prices/by-address?addresses=${ADDRESS}`)),
  'GET /api/prices/stream 200': ({ main }) => openStream(main, '?ids=bitcoin'),
  'GET /api/prices/stream 400': ({ main }) => openStream(main, '?ids=Not%20An%20Id!'),
  'GET /api/prices/stream 429': ({ tight }) => untilLimited(() => openStream(tight, '')),
  'POST /api/prices/track 201': async ({ main }) =>
    main.call('POST', '/api/prices/track', {
      token: await signedIn(main),
      body: { coingeckoId: 'uniswap', name: 'Uniswap', symbol: 'uni', address: ADDRESS },
    }),
  'POST /api/prices/track 429': async ({ tight }) => {
    const token = await signedIn(tight);
    const body = { coingeckoId: 'uniswap', name: 'Uniswap', symbol: 'uni', address: ADDRESS };
    return untilLimited(() => tight.call('POST', '/api/prices/track', { token, body }));
  },
  'GET /api/prices/tracked 200': async ({ main }) =>
    main.call('GET', '/api/prices/tracked', { token: await signedIn(main) }),
  'POST /api/prices/update 200': async ({ main }) =>
    main.call('POST', '/api/prices/update', { token: await signedIn(main), body: { ids: ['bitcoin'] } }),
  'POST /api/prices/update 429': async ({ tight }) => {
    const token = await signedIn(tight);
    return untilLimited(() => tight.call('POST', '/api/prices/update', { token, body: {} }));
  },
  'GET /api/search 200': ({ upstream }) => upstream.call('GET', '/api/search?query=bit'),
  'GET /api/search 400': ({ main }) => main.call('GET', `/api/search?query=${'x'.repeat(101)}`),
  'GET /api/search 429': ({ tight }) => untilLimited(() => tight.call('GET', '/api/search?query=eth')),
  'GET /api/coingecko/{path} 200': ({ upstream }) =>
    upstream.call(
      'GET',
      '/api/coingecko/simple/price?ids=bitcoin&vs_currencies=usd&include_24hr_change=true',
    ),
  'GET /api/coingecko/{path} 400': ({ upstream }) =>
    upstream.call('GET', `/api/coingecko/simple/token_price/Not%20a%20chain?contract_addresses=${ADDRESS}`),
  'GET /api/coingecko/{path} 404': ({ upstream }) => upstream.call('GET', '/api/coingecko/coins/list'),
  'GET /api/coingecko/{path} 429': ({ tight }) =>
    untilLimited(() => tight.call('GET', '/api/coingecko/simple/price?ids=bitcoin&vs_currencies=usd')),
  'GET /api/coingecko/{path} 503': ({ upstream, coingecko }) => {
    coingecko.fail('search', 500);
    return upstream.call('GET', `/api/coingecko/search?query=${randomUUID()}`);
  },

  'GET /api/beta-signup/count 200': ({ main }) => main.call('GET', '/api/beta-signup/count'),
  'POST /api/beta-signup 201': ({ main }) =>
    main.call('POST', '/api/beta-signup', {
      body: { email: email('beta'), tradingKnowledge: 'beginner', wallet: 'metamask' },
    }),
  'POST /api/beta-signup 409': async ({ main }) => {
    const body = { email: email('beta'), tradingKnowledge: 'expert', wallet: 'ledger' };
    await main.call('POST', '/api/beta-signup', { body });
    return main.call('POST', '/api/beta-signup', { body });
  },
  'POST /api/beta-signup 429': ({ tight }) =>
    untilLimited(() =>
      tight.call('POST', '/api/beta-signup', {
        body: { email: email('beta'), tradingKnowledge: 'advanced', wallet: 'other' },
      }),
    ),
  'POST /api/contact 201': ({ main }) =>
    main.call('POST', '/api/contact', { body: { name: 'Ada', email: email('contact'), message: 'Hello' } }),
  'POST /api/contact 429': ({ tight }) =>
    untilLimited(() =>
      tight.call('POST', '/api/contact', {
        body: { name: 'Ada', email: email('contact'), message: 'Hello' },
      }),
    ),
};

/** Answers the API gives only once everything else is done (they take a part of it down). */
export const LAST_SCENARIOS: Record<string, Scenario> = {
  // Last: the wrong passwords use up the address's sign-in failures on that app.
  'POST /api/auth/local/sign-up 503': ({ upstream }) =>
    whileHashingIsFull(() =>
      upstream.call('POST', '/api/auth/local/sign-up', {
        body: { email: email('busy'), password: 'correct horse battery' },
      }),
    ),
  'POST /api/auth/local/sign-in 503': ({ upstream }) =>
    whileHashingIsFull(() =>
      upstream.call('POST', '/api/auth/local/sign-in', {
        body: { email: email('busy'), password: 'correct horse battery' },
      }),
    ),
  'GET /readyz 503': async ({ maintenance }) => {
    await maintenance.database.close();
    return maintenance.call('GET', '/readyz');
  },
};

/** A path of `route` with its parameters filled with values that exist nowhere. */
function anyPath(route: RouteDoc): string {
  return route.path
    .replace('{id}', randomUUID())
    .replace('{sessionId}', 'cs_nowhere')
    .replace('{path}', 'simple/price');
}

/** Bytes just over a limit written as '1 MB', '16 kB' or '512 kB'. */
function overLimit(limit: string): number {
  const [amount = '0', unit = ''] = limit.split(' ');
  return Number(amount) * (unit === 'MB' ? 1024 * 1024 : 1024) + 1024;
}

/** The requests behind the answers every route of a kind gives, by status. */
export function genericScenarios(route: RouteDoc): Record<number, Scenario> {
  const method = route.method.toUpperCase();
  const scenarios: Record<number, Scenario> = {};
  const token = async (api: TestApi) => (route.access === 'user' ? await signedIn(api) : undefined);
  if (route.access === 'user') scenarios[401] = ({ main }) => main.call(method, anyPath(route));
  if (isSitePasswordGated(route)) {
    scenarios[403] = ({ gated }) => gated.call(method, anyPath(route), { body: route.body ? {} : undefined });
  }
  if (route.body) {
    const { limit } = route.body;
    scenarios[400] = async ({ main }) =>
      main.call(method, anyPath(route), {
        token: await token(main),
        body: 'not json',
        headers: { 'content-type': 'text/plain' },
      });
    scenarios[413] = async ({ main }) =>
      main.call(method, anyPath(route), {
        token: await token(main),
        body: JSON.stringify({ padding: 'x'.repeat(overLimit(limit)) }),
      });
  }
  return scenarios;
}
