/**
 * Test support for the reference test: for each documented answer of a route (`METHOD /path STATUS`), a real
 * request that gets it. Answers every route of a kind gives (401, 403 for the site password, 400 and 413 for
 * a body, 429) come from `genericScenarios`. Not used by production code.
 */
import { randomUUID } from 'node:crypto';
import { isSitePasswordGated, type RouteDoc } from '@coinpace/domain/openapi';
import type { TestApi } from '../../testing/harness.ts';
import { type Scenario, email, whileHashingIsFull, signedIn } from './reference-kit.ts';
import { SYSTEM_AUTH_SCENARIOS } from './scenarios-system-auth.ts';
import { PORTFOLIO_SCENARIOS } from './scenarios-portfolio.ts';
import { EXCHANGE_SCENARIOS } from './scenarios-exchanges.ts';
import { ALERT_DESTINATION_SCENARIOS } from './scenarios-alert-destinations.ts';
import { WALLET_SCENARIOS } from './scenarios-wallets.ts';
import { IMPORT_SCENARIOS } from './scenarios-imports.ts';
import { ALERTS_BILLING_SCENARIOS } from './scenarios-alerts-billing.ts';
import { PUBLIC_SCENARIOS } from './scenarios-public.ts';

export type { Answer, Scenario } from './reference-kit.ts';

/** The requests behind each route's own answers. */
export const SCENARIOS: Record<string, Scenario> = {
  ...SYSTEM_AUTH_SCENARIOS,
  ...PORTFOLIO_SCENARIOS,
  ...IMPORT_SCENARIOS,
  ...EXCHANGE_SCENARIOS,
  ...ALERT_DESTINATION_SCENARIOS,
  ...WALLET_SCENARIOS,
  ...ALERTS_BILLING_SCENARIOS,
  ...PUBLIC_SCENARIOS,
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
