/**
 * Test support for the reference test: the API started in the configurations its documented answers need
 * (normal, rate limits of one request, a site password, maintenance mode, Stripe and CoinGecko behind local
 * fakes), and a user with a paid plan and a full profile. Not used by production code.
 */
import { randomUUID } from 'node:crypto';
import {
  ExchangeError,
  createBullmqQueue,
  createCoinGeckoPriceSource,
  createMemoryUpstreamBudget,
  withDemoExchange,
  type ExchangeConnector,
} from '@coinpace/adapters';
import {
  createFakeCoinGecko,
  startFakeStripe,
  startOwnRedisServer,
  startPushServicePeer,
  startWebhookReceiver,
  type FakeCoinGecko,
  type PushServicePeer,
  type WebhookReceiver,
  type FakeStripe,
} from '@coinpace/adapters/testing';
import type { Engine } from '@coinpace/db/testing';
import { limitersWith, startTestApi, type TestApi } from '../../testing/harness.ts';
import { checkoutBody, stripeEnv } from '../billing/billing-test-support.ts';
import { TRADE_IMPORT_QUEUE, type TradeImportQueue } from '../portfolio/import-jobs.ts';

export const SITE_PASSWORD = 'open sesame';
const METRICS_TOKEN = 'reference-metrics-token-0123456789';

export interface ReferenceApps {
  /** Defaults: local accounts, local checkout, simulated prices. */
  main: TestApi;
  /** Every rate limit but sign-up's allows one request per window; imports answer 202 at once. */
  tight: TestApi;
  /** SITE_PASSWORD and METRICS_TOKEN set, rate limits of one. */
  gated: TestApi;
  /**
   * MAINTENANCE_MODE=1 and METRICS_PORT (so PORT does not serve /metrics); its database is closed last to
   * see /readyz fail.
   */
  maintenance: TestApi;
  /**
   * Stripe and CoinGecko, each a local fake; its trade imports on a Redis of the test's own that is
   * stopped (the job queue unavailable).
   */
  upstream: TestApi;
  stripe: FakeStripe;
  coingecko: FakeCoinGecko;
  /**
   * A webhook receiver on 127.0.0.1, which `upstream` may post to (WEBHOOK_ALLOW_LOOPBACK): it answers 500
   * to a path with `fail` in it, 200 otherwise.
   */
  webhooks: WebhookReceiver;
  /** A push service on 127.0.0.1 (its endpoints reachable from `upstream`). */
  push: PushServicePeer;
  close(): Promise<void>;
}

/** An exchange that does not answer (the connect's 503), beside the demo exchange. */
const DOWN_EXCHANGE: ExchangeConnector = {
  list: () => [
    { id: 'down', name: 'Down', firstClass: false, needsPassword: false, reportsPermissions: true },
  ],
  connect: () => ({
    exchange: 'down',
    checkKey: () => Promise.reject(new ExchangeError('unavailable', 'no answer')),
    fetchBalances: () => Promise.reject(new ExchangeError('unavailable', 'no answer')),
    fetchMovements: () => Promise.reject(new ExchangeError('unavailable', 'no answer')),
    close: () => Promise.resolve(),
  }),
};

/** The test signs up far more users from one address than a real visitor may. */
const MANY_SIGN_UPS = { 'sign-up': 100_000 };

/** Starts every configuration on `engine`. */
export async function startReferenceApps(engine: Engine): Promise<ReferenceApps> {
  const stripe = await startFakeStripe();
  const coingecko = createFakeCoinGecko();
  const { url: coingeckoUrl } = await coingecko.start();
  const jobsRedis = await startOwnRedisServer();
  const push = await startPushServicePeer();
  const webhooks = await startWebhookReceiver((hook) => (hook.path.includes('fail') ? 500 : undefined));
  const imports: TradeImportQueue = createBullmqQueue(TRADE_IMPORT_QUEUE, { redisUrl: jobsRedis.url });
  await jobsRedis.stop();
  const [main, tight, gated, maintenance, upstream] = await Promise.all([
    startTestApi(engine, {}, { limiters: limitersWith(MANY_SIGN_UPS) }),
    // No wait for imports: its trade import answers 202 with the job.
    startTestApi(engine, {}, { limiters: limitersWith({ ...MANY_SIGN_UPS, '*': 1 }), importAnswerWaitMs: 0 }),
    startTestApi(engine, { SITE_PASSWORD, METRICS_TOKEN }, { limiters: limitersWith({ '*': 1 }) }),
    startTestApi(engine, { MAINTENANCE_MODE: '1', METRICS_PORT: '9464' }),
    startTestApi(
      engine,
      { ...stripeEnv(stripe), WEBHOOK_ALLOW_LOOPBACK: '1' },
      {
        // Its full-queue scenarios refuse dozens of sign-ups and then sign-ins from one address, and each
        // refusal counts against that address's sign-in failures.
        limiters: limitersWith({ ...MANY_SIGN_UPS, 'sign-in-failures-address': 100_000 }),
        // Every scenario on this app that reaches CoinGecko draws on the users' share: a roomy one, so each
        // scenario gets the answer it is there for (the share's own 429 has its scenario on 'tight').
        prices: createCoinGeckoPriceSource({
          baseUrl: coingeckoUrl,
          minGapMs: 0,
          userBudget: createMemoryUpstreamBudget({ calls: 100_000, perMs: 60_000 }),
        }),
        imports,
        exchanges: withDemoExchange(DOWN_EXCHANGE),
      },
    ),
  ]);
  return {
    main,
    tight,
    gated,
    maintenance,
    upstream,
    stripe,
    coingecko,
    webhooks,
    push,
    async close() {
      await webhooks.close();
      await push.close();
      await Promise.all([main, tight, gated, upstream].map((api) => api.close()));
      // Its database was closed by the readiness check already.
      await maintenance.close().catch(() => {});
      await stripe.close();
      await coingecko.close();
      // Back up, so the queue's connections close rather than wait for it.
      await jobsRedis.start();
      await imports.close();
      await jobsRedis.close();
    },
  };
}

/** A fresh user of `api` with a phone number and, unless `plan` is false, a paid plan (local checkout). */
export async function payingUser(api: TestApi, { plan = true, phone = true } = {}) {
  const { token, user } = await api.signUp(`payer-${randomUUID()}@example.test`);
  if (phone) await api.call('PATCH', '/api/users/me', { token, body: { phone: '+15551234567' } });
  if (plan) {
    const session = await startCheckout(api, token);
    const paid = await api.call('POST', `/api/billing/local-checkout/${session}/complete`, { token });
    if (paid.status !== 200) throw new Error(`local checkout failed: ${JSON.stringify(paid.body)}`);
  }
  return { token, user };
}

/** Opens a local checkout session for the basic plan and returns its id. */
export async function startCheckout(api: TestApi, token: string): Promise<string> {
  const plans = await api.call('GET', '/api/billing/plans', { token });
  const priceId = plans.body.plans[0].priceId as string;
  const created = await api.call('POST', '/api/billing/create-checkout-session', {
    token,
    body: checkoutBody(api, priceId),
  });
  if (!created.body.sessionId) throw new Error(`no checkout session: ${JSON.stringify(created.body)}`);
  return created.body.sessionId as string;
}

/** The add-coin payload of a holding. */
export const bitcoin = {
  coingeckoId: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'BTC',
  quantity: '0.5',
  purchasePrice: '30000',
};
