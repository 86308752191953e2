import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';
import { describeConfig, publicMetricsAccess } from './config-summary.ts';

describe('parseConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './.data',
      role: 'all',
      publicUrl: 'http://localhost:3000',
      database: { url: undefined },
      redis: { url: undefined, prefix: 'coinpace:' },
      prices: {
        source: 'coingecko',
        baseUrl: 'https://api.coingecko.com/api/v3',
        binanceDataUrl: 'https://data-api.binance.vision',
        pollMs: 60_000,
        userCallsPerMinute: 10,
        coinListRefreshMs: 6 * 3_600_000,
      },
      identity: { mode: 'local' },
      payments: { mode: 'local' },
      sms: { mode: 'log' },
      maintenanceMode: false,
      beta: { signupLimit: 50 },
    });
    expect(Object.isFrozen(config.prices)).toBe(true);
  });

  it("reads the users' share of the CoinGecko quota and the coin list's refresh interval", () => {
    const prices = parseConfig({
      COINGECKO_USER_CALLS_PER_MINUTE: '0',
      COINGECKO_COIN_LIST_REFRESH_MINUTES: '15',
    }).prices;
    expect(prices).toMatchObject({ userCallsPerMinute: 0, coinListRefreshMs: 900_000 });
    expect(() => parseConfig({ COINGECKO_COIN_LIST_REFRESH_MINUTES: '5' })).toThrow(
      'COINGECKO_COIN_LIST_REFRESH_MINUTES: expected a whole number from 15 to 10080',
    );
  });

  it("reads Binance's market-data URL without a trailing slash, and refuses one that is not http(s)", () => {
    expect(parseConfig({ BINANCE_DATA_URL: 'http://127.0.0.1:9000/' }).prices.binanceDataUrl).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => parseConfig({ BINANCE_DATA_URL: 'ftp://example.com' })).toThrow('BINANCE_DATA_URL');
  });

  it('reads the exchanges pointed at local peers, and refuses a pair that is not exchange=http(s) origin', () => {
    expect(parseConfig({}).exchangeUrls).toEqual({});
    expect(
      parseConfig({ EXCHANGE_URLS: 'binance=http://127.0.0.1:9000, kraken=http://127.0.0.1:9001' })
        .exchangeUrls,
    ).toEqual({ binance: 'http://127.0.0.1:9000', kraken: 'http://127.0.0.1:9001' });
    expect(() => parseConfig({ EXCHANGE_URLS: 'binance' })).toThrow('EXCHANGE_URLS');
    expect(() => parseConfig({ EXCHANGE_URLS: 'binance=ftp://example.com' })).toThrow('EXCHANGE_URLS');
  });

  it('reads the beta waitlist size', () => {
    expect(parseConfig({ BETA_SIGNUP_LIMIT: '200' }).beta.signupLimit).toBe(200);
  });

  it('reads the verification caps and the SMS countries, with defaults', () => {
    expect(parseConfig({}).verification).toEqual({
      codesPerHour: 1000,
      smsCountries: expect.arrayContaining(['US', 'GB', 'DE']),
    });
    expect(
      parseConfig({ VERIFICATION_CODES_PER_HOUR: '50', SMS_COUNTRIES: 'us, gb,US' }).verification,
    ).toEqual({ codesPerHour: 50, smsCountries: ['US', 'GB'] });
    expect(() => parseConfig({ SMS_COUNTRIES: 'USA' })).toThrow(
      'SMS_COUNTRIES: expected country codes (ISO 3166 alpha-2) separated by commas, e.g. US,CA,GB',
    );
    expect(() => parseConfig({ VERIFICATION_CODES_PER_HOUR: '0' })).toThrow('VERIFICATION_CODES_PER_HOUR');
  });

  it('reads the Redis prefix', () => {
    expect(parseConfig({ REDIS_PREFIX: 'cluster-1:' }).redis.prefix).toBe('cluster-1:');
  });

  it('keeps a fifth of the coin sets for signed-in sockets unless told, and caps anonymous sets per address', () => {
    expect(parseConfig({}).connections).toMatchObject({
      coinSets: 10_000,
      signedInSetReserve: 2_000,
      coinSetsPerAddress: 10,
    });
    expect(parseConfig({ MAX_COIN_SETS: '500' }).connections.signedInSetReserve).toBe(100);
    const set = parseConfig({
      MAX_COIN_SETS: '500',
      COIN_SETS_SIGNED_IN_RESERVE: '0',
      MAX_COIN_SETS_PER_ADDRESS: '3',
    });
    expect(set.connections).toMatchObject({ signedInSetReserve: 0, coinSetsPerAddress: 3 });
    expect(() => parseConfig({ MAX_COIN_SETS: '500', COIN_SETS_SIGNED_IN_RESERVE: '500' })).toThrow(
      'COIN_SETS_SIGNED_IN_RESERVE: must be below MAX_COIN_SETS',
    );
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '  ', ROLE: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT: expected a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT: expected a whole number from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: expected a Postgres URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL: expected a Redis URL'],
    [{ REDIS_PREFIX: 'a b' }, 'REDIS_PREFIX: expected up to 64 letters, digits or _ . : -'],
    [{ ROLE: 'boss' }, 'ROLE: expected one of all, api, gateway, poller, worker'],
    [{ PRICE_SOURCE: 'random' }, 'PRICE_SOURCE: expected coingecko or simulated'],
    [{ MAINTENANCE_MODE: 'maybe' }, 'MAINTENANCE_MODE: MAINTENANCE_MODE must be 1 or 0'],
    [{ BETA_SIGNUP_LIMIT: '-1' }, 'BETA_SIGNUP_LIMIT: expected a whole number from 0 to 1000000'],
    [{ CLERK_JWT_KEY: 'nope' }, 'CLERK_JWT_KEY: expected the PEM public key'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set'],
    [{ TWILIO_AUTH_TOKEN: 'x' }, 'TWILIO_ACCOUNT_SID: required when any TWILIO_* setting is given'],
    [{ CLERK_PUBLISHABLE_KEY: 'pk_test_x' }, 'CLERK_JWT_KEY: required with CLERK_PUBLISHABLE_KEY'],
    [{ NODE_ENV: 'production' }, 'CLERK_JWT_KEY: production needs Clerk'],
  ])('refuses %j with one line naming the variable', (env, message) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('never echoes a secret in the error line', () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'super-secret-value' })).toThrow(
      /^(?!.*super-secret-value)/,
    );
  });

  it('allows local providers in production only when asked', () => {
    expect(parseConfig({ NODE_ENV: 'production', ALLOW_LOCAL_PROVIDERS: '1' }).identity.mode).toBe('local');
  });

  it('builds the Clerk, Stripe and Twilio settings when given', () => {
    const config = parseConfig({
      CLERK_JWT_KEY: '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----',
      PUBLIC_URL: 'https://app.coinpace.example/',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_BASIC: 'price_b',
      STRIPE_PRICE_PRO: 'price_p',
      STRIPE_PRICE_ENTERPRISE: 'price_e',
      TWILIO_ACCOUNT_SID: 'AC' + 'a'.repeat(32),
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM_NUMBER: '+15550001111',
    });
    expect(config.identity).toMatchObject({
      mode: 'clerk',
      authorizedParties: ['https://app.coinpace.example'],
    });
    expect(config.identity.mode === 'clerk' && config.identity.jwtKey).toContain('\nabc\n');
    expect(config.payments).toMatchObject({
      mode: 'stripe',
      prices: { basic: 'price_b', pro: 'price_p', enterprise: 'price_e' },
    });
    expect(config.sms).toMatchObject({ fromNumber: '+15550001111' });
    expect(describeConfig(config)).toMatchObject({ identity: 'clerk', payments: 'stripe', sms: 'twilio' });
  });

  it('redacts passwords in URLs it describes', () => {
    const summary = describeConfig(parseConfig({ DATABASE_URL: 'postgres://u:hunter2@db:5432/app' }));
    expect(JSON.stringify(summary)).not.toContain('hunter2');
  });

  it('trusts one proxy hop in production and none elsewhere, unless TRUSTED_PROXY_HOPS says', () => {
    const production = { NODE_ENV: 'production', ALLOW_LOCAL_PROVIDERS: '1' };
    expect(parseConfig({}).trustedProxyHops).toBe(0);
    expect(parseConfig(production).trustedProxyHops).toBe(1);
    expect(parseConfig({ ...production, TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
    expect(parseConfig({ ...production, TRUSTED_PROXY_HOPS: '0' }).trustedProxyHops).toBe(0);
    expect(() => parseConfig({ TRUSTED_PROXY_HOPS: 'all' })).toThrow(/TRUSTED_PROXY_HOPS/);
  });

  it('serves /metrics on PORT openly outside production, nowhere in production, else as the settings say', () => {
    const production = { NODE_ENV: 'production', ALLOW_LOCAL_PROVIDERS: '1' };
    const token = 'a-metrics-token-of-32-characters';
    expect(publicMetricsAccess(parseConfig({}))).toBe('open');
    expect(publicMetricsAccess(parseConfig(production))).toBe('off');
    expect(publicMetricsAccess(parseConfig({ ...production, METRICS_TOKEN: token }))).toBe('token');
    expect(publicMetricsAccess(parseConfig({ METRICS_TOKEN: token }))).toBe('token');
    expect(publicMetricsAccess(parseConfig({ METRICS_PORT: '9100' }))).toBe('off');
    expect(parseConfig({ METRICS_PORT: '9100', METRICS_TOKEN: token }).metrics).toEqual({
      port: 9100,
      token,
    });
    expect(() => parseConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: expected at least 16/);
    expect(() => parseConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ/);
    expect(JSON.stringify(describeConfig(parseConfig({ METRICS_TOKEN: token })))).not.toContain(token);
  });
});
