/**
 * Test support for the suites that walk every route of the router (the authorization matrix, the payload
 * fuzzing): a user with data behind every kind of id, the concrete path and a well-formed body of each
 * route, and snapshots of what the database holds. A route the tables do not know fails the suites, so a
 * new route cannot slip past them. Not used by production code.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApi } from './harness.ts';
import { waitFor } from '@coinpace/adapters/testing';
import { insertWallet } from '@coinpace/db';
import { importTradesToEnd } from './trade-imports.ts';

/**
 * Routes anyone may call without a session token, and why. Every other route must answer 401 to a request
 * without a valid token.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /healthz': 'process probe',
  'GET /readyz': 'process probe',
  'GET /metrics': 'Prometheus scrape',
  'GET /api/config': 'what the browser needs before sign-in',
  'POST /api/check-password': 'the site password gate',
  'POST /api/auth/local/sign-up': 'e-mails the link that makes the account',
  'POST /api/auth/local/confirm-email': 'the e-mailed link makes the account and the session',
  'POST /api/auth/local/sign-in': 'creates the session',
  'POST /api/billing/webhook': 'Stripe, authenticated by its signature',
  'GET /api/prices': 'public price read',
  'GET /api/prices/rates': 'public display-currency rates',
  'GET /api/prices/by-address': 'public price read',
  'GET /api/prices/stream': 'public price stream',
  'GET /api/search': 'public coin search',
  'GET /api/coingecko/{*path}': 'public price proxy',
  'GET /api/beta-signup/count': 'landing page',
  'POST /api/beta-signup': 'landing page',
  'POST /api/contact': 'landing page',
  'GET /api/openapi.json': 'API reference',
  'GET /api/docs': 'API reference',
  'GET /api/docs/style.css': 'API reference',
};

/** What a user owns, one of each kind of id a route takes. */
export interface Owned {
  userId: string;
  subject: string;
  email: string;
  holdingId: string;
  /** The holding's opening transaction. */
  transactionId: string;
  alertId: string;
  /** A local checkout session still open. */
  openSessionId: string;
  /** The session that paid for the plan. */
  paidSessionId: string;
  /** A finished trade import's job. */
  importJobId: string;
  /** A trade import's batch (one trade on the holding). */
  importBatchId: string;
  /** A demo exchange account, its first sync finished. */
  exchangeAccountId: string;
  /** A webhook destination of the alert channels (not confirmed). */
  alertDestinationId: string;
  /** Its signing secret, as the API showed it once. */
  alertDestinationSecret: string;
  /** A demo wallet, kept as an add keeps it, without its refresh (so no holding changes). */
  walletId: string;
}

const bitcoin = {
  coingeckoId: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'BTC',
  quantity: '0.5',
  purchasePrice: '30000',
};

/** A one-trade Kraken export, for the trade-history import. */
export const KRAKEN_SAMPLE =
  'txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers\n' +
  'TABCDE-12345-FGHIJK,OABCDE-12345-FGHIJK,XXBTZUSD,2024-01-22 10:14:51.8341,buy,limit,39850.1,797.002,2.0722,0.02,0,,\n';

/**
 * A one-trade Binance export priced in Turkish lira, a currency Coinpace keeps no rate of: it fails, so the
 * import writes nothing.
 */
const BINANCE_LIRA_SAMPLE =
  '"Date(UTC)","Pair","Side","Price","Executed","Amount","Fee"\n' +
  '"2024-05-02 10:00:00","BTCTRY","BUY","2000000.00","0.01000000BTC","20000.00000000TRY","0"\n';

type Answer = Awaited<ReturnType<TestApi['call']>>;

/** The body of a 2xx answer; anything else stops the set-up with what it got. */
async function ok(answer: Promise<Answer>, what: string): Promise<Answer['body']> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Gives the user behind `token` a profile with a phone, a paid plan (local checkout), a holding, an alert
 * and an open checkout session.
 */
export async function giveEverything(
  api: TestApi,
  token: string,
  email: string,
  /** Whether to connect the demo exchange account (its sync adds coins and trades of its own). */
  { exchangeAccount = true }: { exchangeAccount?: boolean } = {},
): Promise<Owned> {
  const me = await ok(
    api.call('POST', '/api/users/ensure', { token, body: { email, firstName: 'Alice' } }),
    'ensure',
  );
  await ok(api.call('PATCH', '/api/users/me', { token, body: { phone: '+15551234567' } }), 'phone');
  const paidSessionId = await checkout(api, token);
  await ok(api.call('POST', `/api/billing/local-checkout/${paidSessionId}/complete`, { token }), 'pay');
  await ok(
    api.call('POST', '/api/billing/payment-success', { token, body: { sessionId: paidSessionId } }),
    'paid',
  );
  const holding = await ok(api.call('POST', '/api/portfolio', { token, body: bitcoin }), 'holding');
  const created = await ok(
    api.call('POST', '/api/alerts', {
      token,
      body: {
        type: 'WatchlistPrice',
        coinId: 'bitcoin',
        thresholdType: 'Above',
        thresholdValue: 1_000_000,
        notificationMethod: 'Both',
        coin: { name: 'Bitcoin', symbol: 'BTC' },
      },
    }),
    'alert',
  );
  const transactionId = (
    await ok(api.call('GET', `/api/portfolio/${holding.id}/transactions`, { token }), 'history')
  ).transactions[0].id;
  // A finished import that wrote nothing (its one trade is priced in lira): the job exists, the
  // holdings and histories the suites compare stay as they were.
  const imported = await ok(
    api.call('POST', '/api/portfolio/import-trades', { token, body: { text: BINANCE_LIRA_SAMPLE } }),
    'import',
  );
  // An import that wrote one trade: its batch, for the routes that list and undo imports.
  const batch = await importTradesToEnd(api, token, KRAKEN_SAMPLE);
  if (!batch.body.batchId) throw new Error(`batch: ${batch.status} ${JSON.stringify(batch.body)}`);
  // A demo exchange account, waited for until its first sync has written, so the rows compared stay put.
  const exchangeAccountId = exchangeAccount ? await connectDemoExchange(api, token) : '';
  const destination = await ok(
    api.call('POST', '/api/alert-destinations', {
      token,
      body: { kind: 'webhook', url: 'https://hooks.example.test/coinpace' },
    }),
    'alert destination',
  );
  const wallet = await insertWallet(api.database.db, {
    userId: me.user.id,
    label: 'Demo wallet',
    kind: 'demo',
    address: 'demo:alice',
  });
  return {
    alertDestinationId: destination.destination.id,
    alertDestinationSecret: destination.secret as string,
    walletId: wallet!.id,
    userId: me.user.id,
    subject: me.user.clerkId,
    email,
    holdingId: holding.id,
    transactionId,
    importJobId: imported.jobId,
    importBatchId: batch.body.batchId,
    exchangeAccountId,
    alertId: created.alerts[0].id,
    openSessionId: await checkout(api, token),
    paidSessionId,
  };
}

/** Connects the demo exchange and waits until its first sync has written; answers the account's id. */
async function connectDemoExchange(api: TestApi, token: string): Promise<string> {
  const exchange = await ok(
    api.call('POST', '/api/exchange-accounts', {
      token,
      body: { exchange: 'demo', label: 'Demo', apiKey: 'alice-key', secret: 'alice-secret' },
    }),
    'exchange account',
  );
  await waitFor(
    async () => {
      const accounts = await ok(api.call('GET', '/api/exchange-accounts', { token }), 'exchange accounts');
      return accounts.some((a: { id: string; syncing: boolean }) => a.id === exchange.id && !a.syncing);
    },
    { what: 'the demo account’s first sync', intervalMs: 100 },
  );
  return exchange.id;
}

async function checkout(api: TestApi, token: string): Promise<string> {
  const plans = await ok(api.call('GET', '/api/billing/plans', { token }), 'plans');
  const created = await ok(
    api.call('POST', '/api/billing/create-checkout-session', {
      token,
      body: { priceId: plans.plans[0].priceId, successUrl: `${api.url}/account`, cancelUrl: `${api.url}/` },
    }),
    'checkout',
  );
  return created.sessionId;
}

/** The path of `route` (`METHOD /path/:param`) with the owner's ids in its parameters. */
export function concretePath(route: string, owned: Owned): string {
  const path = route.slice(route.indexOf(' ') + 1);
  const filled = path
    .replace(/^\/api\/portfolio\/imports\/:id/, `/api/portfolio/imports/${owned.importJobId}`)
    .replace(/:batchId/, owned.importBatchId)
    .replace(/:holdingId/, owned.holdingId)
    .replace(/^\/api\/exchange-accounts\/:id/, `/api/exchange-accounts/${owned.exchangeAccountId}`)
    .replace(/^\/api\/alert-destinations\/:id/, `/api/alert-destinations/${owned.alertDestinationId}`)
    .replace(/^\/api\/wallets\/:id/, `/api/wallets/${owned.walletId}`)
    .replace(/^\/api\/portfolio\/:id/, `/api/portfolio/${owned.holdingId}`)
    .replace(/^\/api\/alerts\/:id/, `/api/alerts/${owned.alertId}`)
    .replace(/:sessionId/, owned.openSessionId)
    .replace(/:transactionId/, owned.transactionId)
    .replace('{*path}', 'ping');
  if (/[:{]/.test(filled)) throw new Error(`route-table.ts: no value for the parameters of ${route}`);
  return filled + (QUERIES[route] ?? '');
}

/** Query strings that make a read well-formed. */
const QUERIES: Record<string, string> = {
  'GET /api/prices': '?ids=bitcoin',
  'GET /api/prices/by-address': '?addresses=0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
  'GET /api/search': '?query=bit',
  'GET /api/portfolio/history': '?range=30d',
  'GET /api/portfolio/performance': '?range=1M',
  'GET /api/portfolio/:id/price-history': '?range=30d',
  'GET /api/reports/gains': '?year=2024',
};

/**
 * A well-formed body for each route that reads one, naming the owner's ids where a body carries ids, so a
 * request that got past authorization would act on the owner's data. Every POST, PUT and PATCH route must
 * be listed (undefined: the route reads no body).
 */
export function wellFormedBody(route: string, owned: Owned): unknown {
  const bodies: Record<string, unknown> = {
    'POST /api/check-password': { password: 'anything' },
    'POST /api/auth/local/sign-up': {
      email: `m-${randomUUID()}@example.test`,
      password: 'correct horse battery',
    },
    'POST /api/auth/local/confirm-email': { code: 'a-link-nobody-was-sent' },
    'POST /api/auth/local/sign-in': { email: owned.email, password: 'a wrong password' },
    'POST /api/users/ensure': { clerkId: owned.subject, email: owned.email },
    'PATCH /api/users/me': { firstName: 'Mallory', phone: '+15550000000' },
    'POST /api/users/me/verification': { channel: 'sms' },
    'POST /api/users/me/verification/confirm': { channel: 'sms', code: '000000' },
    'POST /api/portfolio': bitcoin,
    'POST /api/portfolio/bulk': { portfolioItems: [bitcoin] },
    'POST /api/portfolio/balances': { balances: [{ symbol: 'BTC', quantity: '99' }] },
    'POST /api/portfolio/import-trades': { text: KRAKEN_SAMPLE },
    'POST /api/exchange-accounts': { exchange: 'demo', label: 'Mallory', apiKey: 'k', secret: 's' },
    'POST /api/exchange-accounts/:id/sync': undefined,
    'POST /api/exchange-accounts/:id/assets': { asset: 'XMAL', coingeckoId: 'bitcoin' },
    'POST /api/wallets': { label: 'Mallory', address: 'demo:mallory' },
    'POST /api/wallets/:id/refresh': undefined,
    'POST /api/wallets/:id/verification': undefined,
    'POST /api/wallets/:id/verification/confirm': {
      message: 'coinpace.test wants you to sign in with your Ethereum account',
      signature: `0x${'1b'.repeat(65)}`,
    },
    'POST /api/holding-locations/:holdingId/adjust': { accountId: owned.exchangeAccountId },
    'POST /api/portfolio/import-trades/preview': { text: KRAKEN_SAMPLE, replaceOpening: true },
    'POST /api/portfolio/:id/report': { note: 'Wrong price' },
    'PUT /api/portfolio/:id': { quantity: '99', purchasePrice: '1' },
    'POST /api/portfolio/:id/transactions': {
      type: 'buy',
      at: '2025-01-02T03:04:05Z',
      quantity: '1',
      pricePerCoin: '20000',
      fee: '5',
      note: 'Mallory',
    },
    'PATCH /api/portfolio/:id/transactions/:transactionId': { quantity: '99', note: 'Mallory' },
    'POST /api/alerts': {
      type: 'WatchlistPrice',
      coinId: 'ethereum',
      thresholdType: 'Below',
      thresholdValue: 1,
      notificationMethod: 'Email',
      coin: { name: 'Ethereum', symbol: 'ETH' },
    },
    'POST /api/alert-destinations': { kind: 'webhook', url: 'https://mallory.example.test/hook' },
    'POST /api/alert-destinations/:id/test': undefined,
    'POST /api/push/subscriptions': {
      endpoint: 'https://push.example.test/send/mallory',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    },
    'POST /api/alerts/protect-portfolio': { lossPercent: 10, notificationMethod: 'Email' },
    'PUT /api/alerts/:id': { thresholdValue: 5, status: 'Paused' },
    'PATCH /api/alerts/:id/status': { status: 'Paused' },
    'PATCH /api/alerts/:id/reset-interval': { resetInterval: '1day' },
    'POST /api/billing/webhook': { id: 'evt_forged', type: 'customer.subscription.deleted' },
    'POST /api/billing/create-checkout-session': { priceId: 'price_basic', userId: owned.userId },
    'POST /api/billing/payment-success': { sessionId: owned.paidSessionId },
    'POST /api/billing/plan-change/preview': { planId: 'enterprise' },
    'POST /api/billing/plan-change': { planId: 'enterprise', effectiveAt: new Date().toISOString() },
    'POST /api/billing/cancel-subscription': {},
    'POST /api/billing/reactivate-subscription': {},
    'POST /api/billing/sync-plan': {},
    'DELETE /api/billing/delete-account': {},
    'POST /api/billing/portal-session': { userId: owned.userId },
    'PUT /api/billing/local-portal/card': {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
      userId: owned.userId,
    },
    'POST /api/billing/local-checkout/:sessionId/complete': undefined,
    'POST /api/billing/local-checkout/:sessionId/cancel': undefined,
    'POST /api/prices/track': { ids: ['bitcoin'] },
    'POST /api/prices/update': { ids: ['bitcoin'] },
    'POST /api/beta-signup': {
      email: `b-${randomUUID()}@example.test`,
      tradingKnowledge: 'beginner',
      wallet: 'metamask',
    },
    'POST /api/contact': { name: 'Mallory', email: 'mallory@example.test', message: 'Hello' },
  };
  if (!(route in bodies) && !/^(GET|DELETE) /.test(route))
    throw new Error(`route-table.ts: no well-formed body for ${route}`);
  return bodies[route];
}

type Rows = Record<string, string[]>;
const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

/** The tables of the current schema with a `user_id` column, read from the catalogue (new tables included). */
async function userTables(api: TestApi): Promise<string[]> {
  const result = await api.database.db.execute(sql`
    select table_name as name from information_schema.columns
    where table_schema = current_schema() and column_name = 'user_id' order by table_name`);
  return rowsOf(result).map((row) => String(row.name));
}

/** Every row the user owns (their `users` row and each row of theirs in a table with `user_id`), as JSON. */
export async function rowsOfUser(api: TestApi, userId: string): Promise<Rows> {
  const snapshot: Rows = {};
  for (const table of ['users', ...(await userTables(api))]) {
    const column = table === 'users' ? sql`x.id` : sql`x.user_id`;
    const result = await api.database.db.execute(
      sql`select to_jsonb(x)::text as row from ${sql.identifier(table)} x where ${column} = ${userId} order by 1`,
    );
    snapshot[table] = rowsOf(result).map((row) => String(row.row));
  }
  return snapshot;
}

/** The number of rows of every table of the current schema. */
export async function rowCounts(api: TestApi): Promise<Record<string, number>> {
  const tables = rowsOf(
    await api.database.db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`),
  ).map((row) => String(row.name));
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await api.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(rowsOf(result)[0]!.n);
  }
  return counts;
}
