/**
 * Test support for the reference test: the requests behind the answers of the health, config, site-
 * password, sign-up, sign-in and user routes. Not used by production code.
 */
import { TEST_PASSWORD } from '../../testing/harness.ts';
import { sentSignUpCode, sentVerificationCode } from '../../testing/verification-code.ts';
import { SITE_PASSWORD } from './reference-apps.ts';
import { type Scenario, email, untilLimited, aMobile, smsReady, signedIn } from './reference-kit.ts';

export const SYSTEM_AUTH_SCENARIOS: Record<string, Scenario> = {
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
  'GET /api/users/me/verification 200': async ({ main }) => {
    const { token } = await smsReady(main);
    await main.call('POST', '/api/users/me/verification', { token, body: { channel: 'sms' } });
    return main.call('GET', '/api/users/me/verification', { token });
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
};
