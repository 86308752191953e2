/**
 * The configuration contract of DESIGN.md section 4, as a pure parser: the server's config module
 * hands it `process.env`, nothing else reads the environment. Empty strings count as unset.
 */
import { z } from 'zod';
import { DEFAULT_BETA_SIGNUP_LIMIT } from './form-texts.ts';
import { DEFAULT_CODES_PER_HOUR, DEFAULT_SMS_COUNTRIES } from './accounts/contact-verification.ts';
import {
  DEFAULT_COIN_LIST_REFRESH_MINUTES,
  DEFAULT_COIN_SETS_PER_ADDRESS,
  DEFAULT_MAX_COIN_SETS,
  DEFAULT_USER_UPSTREAM_CALLS_PER_MINUTE,
  DEFAULT_WATCHED_COINS,
  defaultSignedInSetReserve,
} from './limits.ts';

export const ROLES = ['all', 'api', 'gateway', 'poller', 'worker'] as const;
export type Role = (typeof ROLES)[number];

const optionalString = z.string().trim().min(1).optional();
const flag = (name: string) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no'], { message: `${name} must be 1 or 0` })
    .optional()
    .transform((v) => v === '1' || v === 'true' || v === 'yes');
const urlWithProtocols = (protocols: string[], label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `expected a ${label} URL (${protocols.map((p) => p + '//').join(' or ')}...)` },
    );
const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: `expected a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `expected a whole number from ${min} to ${max}` });

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: integer(0, 65535).default(3000),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'Postgres').optional(),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'Redis').optional(),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { message: 'expected up to 64 letters, digits or _ . : -' })
    .default('coinpace:'),
  ROLE: z.enum(ROLES, { message: `expected one of ${ROLES.join(', ')}` }).default('all'),
  PRICE_SOURCE: z
    .enum(['coingecko', 'simulated'], { message: 'expected coingecko or simulated' })
    .default('coingecko'),
  COINGECKO_BASE_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').default(
    'https://api.coingecko.com/api/v3',
  ),
  COINGECKO_API_KEY: optionalString,
  PRICE_POLL_MS: integer(250, 3_600_000).default(60_000),
  COINGECKO_USER_CALLS_PER_MINUTE: integer(0, 100_000).default(DEFAULT_USER_UPSTREAM_CALLS_PER_MINUTE),
  COINGECKO_COIN_LIST_REFRESH_MINUTES: integer(15, 10_080).default(DEFAULT_COIN_LIST_REFRESH_MINUTES),
  CLERK_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .regex(/^pk_(test|live)_/, { message: 'expected a Clerk publishable key (pk_test_... or pk_live_...)' })
    .optional(),
  CLERK_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^sk_(test|live)_/, { message: 'expected a Clerk secret key (sk_test_... or sk_live_...)' })
    .optional(),
  CLERK_JWT_KEY: z
    .string()
    .trim()
    .transform((v) => v.replace(/\\n/g, '\n'))
    .refine((v) => v.includes('-----BEGIN PUBLIC KEY-----'), {
      message: 'expected the PEM public key from the Clerk dashboard (-----BEGIN PUBLIC KEY-----...)',
    })
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_/, { message: 'expected a Stripe secret key (sk_test_... or sk_live_...)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_/, { message: 'expected a Stripe webhook signing secret (whsec_...)' })
    .optional(),
  STRIPE_PRICE_BASIC: z
    .string()
    .trim()
    .regex(/^price_/, { message: 'expected a Stripe price id (price_...)' })
    .optional(),
  STRIPE_PRICE_PRO: z
    .string()
    .trim()
    .regex(/^price_/, { message: 'expected a Stripe price id (price_...)' })
    .optional(),
  STRIPE_PRICE_ENTERPRISE: z
    .string()
    .trim()
    .regex(/^price_/, { message: 'expected a Stripe price id (price_...)' })
    .optional(),
  STRIPE_API_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'SMTP').optional(),
  MAIL_FROM: z.string().trim().min(3).default('Coinpace <alerts@coinpace.local>'),
  SUPPORT_EMAIL: z.email({ message: 'expected an e-mail address' }).default('support@coinpace.local'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, { message: 'expected a Twilio Account SID (AC + 32 hex)' })
    .optional(),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, { message: 'expected a phone number in E.164 form (+15551234567)' })
    .optional(),
  TWILIO_API_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').optional(),
  SITE_PASSWORD: optionalString,
  MAINTENANCE_MODE: flag('MAINTENANCE_MODE'),
  BETA_SIGNUP_LIMIT: integer(0, 1_000_000).default(DEFAULT_BETA_SIGNUP_LIMIT),
  MAX_SOCKETS_PER_ADDRESS: integer(1, 100_000).default(50),
  MAX_STREAMS_PER_ADDRESS: integer(1, 100_000).default(10),
  MAX_WATCHED_COINS_ANONYMOUS: integer(1, 2_000).default(DEFAULT_WATCHED_COINS.anonymous),
  MAX_WATCHED_COINS_SIGNED_IN: integer(1, 2_000).default(DEFAULT_WATCHED_COINS.signedIn),
  MAX_COIN_SETS: integer(1, 1_000_000).default(DEFAULT_MAX_COIN_SETS),
  COIN_SETS_SIGNED_IN_RESERVE: integer(0, 1_000_000).optional(),
  MAX_COIN_SETS_PER_ADDRESS: integer(1, 1_000_000).default(DEFAULT_COIN_SETS_PER_ADDRESS),
  VERIFICATION_CODES_PER_HOUR: integer(1, 1_000_000).default(DEFAULT_CODES_PER_HOUR),
  SMS_COUNTRIES: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}(\s*,\s*[A-Z]{2})*$/, {
      message: 'expected country codes (ISO 3166 alpha-2) separated by commas, e.g. US,CA,GB',
    })
    .transform((v) => [...new Set(v.split(',').map((c) => c.trim()))])
    .optional(),
  ALLOW_LOCAL_PROVIDERS: flag('ALLOW_LOCAL_PROVIDERS'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').optional(),
  TRUSTED_PROXY_HOPS: integer(0, 10).optional(),
  METRICS_PORT: integer(0, 65535).optional(),
  METRICS_TOKEN: z.string().trim().min(16, { message: 'expected at least 16 characters' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
});

/** Every environment variable the configuration reads; README.md and .env.example list each one. */
export const CONFIG_SETTINGS: readonly string[] = Object.freeze(Object.keys(ZEnv.shape));

/** The validated, typed configuration every process is built from. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  dataDir: string;
  role: Role;
  /**
   * How many reverse proxies in front of the API append to X-Forwarded-For. The
   * client address is the entry that many places from the right; 0 ignores X-Forwarded-* altogether.
   * Default 1 in production, 0 otherwise.
   */
  trustedProxyHops: number;
  /** Public origin of the app, used for links in e-mails, checkout return URLs and Clerk's authorized parties. */
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Where `/metrics` is served: with `port`, on a server of its own on that port
   * (0: any free port) and not on PORT; with `token`, only to `Authorization: Bearer <token>`. With
   * neither, on PORT openly outside production and nowhere in production.
   */
  metrics: { port?: number; token?: string };
  maintenanceMode: boolean;
  sitePassword?: string;
  /** How many beta waitlist spots exist (SPEC.md section 9: 50 by default). */
  beta: { signupLimit: number };
  /**
   * Open Socket.IO connections and price streams one client address may hold at once, coins one socket
   * or stream may watch, and distinct coin sets (rooms) one gateway node keeps: of
   * those, `signedInSetReserve` only signed-in sockets may open, and the anonymous sockets of one address
   * key may be in at most `coinSetsPerAddress`.
   */
  connections: {
    socketsPerAddress: number;
    streamsPerAddress: number;
    watchedCoins: { anonymous: number; signedIn: number };
    coinSets: number;
    signedInSetReserve: number;
    coinSetsPerAddress: number;
  };
  /**
   * Codes and links sent to confirm an address (verification and sign-up): `codesPerHour` across all users
   * (then 429 and an alarm metric), and the countries whose mobile numbers may get an SMS code.
   */
  verification: { codesPerHour: number; smsCountries: readonly string[] };
  database: { url?: string };
  /** `prefix` starts every Redis key and channel name, so deployments can share one Redis. */
  redis: { url?: string; prefix: string };
  /** userCallsPerMinute: the users' share of the CoinGecko quota; coinListRefreshMs: the poller's list reads. */
  prices: {
    source: 'coingecko' | 'simulated';
    baseUrl: string;
    apiKey?: string;
    pollMs: number;
    userCallsPerMinute: number;
    coinListRefreshMs: number;
  };
  identity:
    | { mode: 'local' }
    | {
        mode: 'clerk';
        publishableKey?: string;
        secretKey?: string;
        jwtKey?: string;
        authorizedParties: string[];
      };
  payments:
    | { mode: 'local' }
    | {
        mode: 'stripe';
        secretKey: string;
        webhookSecret: string;
        prices: { basic: string; pro: string; enterprise: string };
        apiUrl?: string;
      };
  mail: { smtpUrl?: string; from: string; supportEmail: string };
  sms: { accountSid: string; authToken: string; fromNumber: string; apiUrl?: string } | { mode: 'log' };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates an environment record into a frozen Config.
 * @throws ConfigError with one line naming the variable and what it expected.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.keys(ZEnv.shape).map((key) => {
      const value = env[key];
      return [key, value === undefined || value.trim() === '' ? undefined : value];
    }),
  );
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = cleaned[name];
    const shown = got === undefined || /KEY|SECRET|TOKEN|PASSWORD/.test(name) ? '' : ` (got "${got}")`;
    throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}${shown}`);
  }
  const e = parsed.data;
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  const clerkSet = Boolean(e.CLERK_PUBLISHABLE_KEY || e.CLERK_SECRET_KEY || e.CLERK_JWT_KEY);
  if (clerkSet && !e.CLERK_JWT_KEY && !e.CLERK_SECRET_KEY) {
    fail('CLERK_JWT_KEY: required with CLERK_PUBLISHABLE_KEY, so session tokens can be verified');
  }
  const identity: Config['identity'] = clerkSet
    ? {
        mode: 'clerk',
        publishableKey: e.CLERK_PUBLISHABLE_KEY,
        secretKey: e.CLERK_SECRET_KEY,
        jwtKey: e.CLERK_JWT_KEY,
        authorizedParties: [new URL(publicUrl).origin],
      }
    : { mode: 'local' };

  let payments: Config['payments'] = { mode: 'local' };
  if (e.STRIPE_SECRET_KEY) {
    for (const name of [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_BASIC',
      'STRIPE_PRICE_PRO',
      'STRIPE_PRICE_ENTERPRISE',
    ] as const) {
      if (!e[name]) fail(`${name}: required when STRIPE_SECRET_KEY is set`);
    }
    payments = {
      mode: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      prices: {
        basic: e.STRIPE_PRICE_BASIC!,
        pro: e.STRIPE_PRICE_PRO!,
        enterprise: e.STRIPE_PRICE_ENTERPRISE!,
      },
      apiUrl: e.STRIPE_API_URL,
    };
  }

  const twilioParts = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM_NUMBER];
  if (twilioParts.some(Boolean) && !twilioParts.every(Boolean)) {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const).find(
      (n) => !e[n],
    );
    fail(`${missing}: required when any TWILIO_* setting is given`);
  }
  const sms: Config['sms'] = e.TWILIO_ACCOUNT_SID
    ? {
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN!,
        fromNumber: e.TWILIO_FROM_NUMBER!,
        apiUrl: e.TWILIO_API_URL,
      }
    : { mode: 'log' };

  if (e.NODE_ENV === 'production' && !e.ALLOW_LOCAL_PROVIDERS) {
    if (identity.mode === 'local') {
      fail(
        'CLERK_JWT_KEY: production needs Clerk for sign-in; set ALLOW_LOCAL_PROVIDERS=1 to run local accounts anyway',
      );
    }
    if (payments.mode === 'local') {
      fail(
        'STRIPE_SECRET_KEY: production needs Stripe for payments; set ALLOW_LOCAL_PROVIDERS=1 to run local checkout anyway',
      );
    }
  }

  if (e.COIN_SETS_SIGNED_IN_RESERVE !== undefined && e.COIN_SETS_SIGNED_IN_RESERVE >= e.MAX_COIN_SETS) {
    fail(
      'COIN_SETS_SIGNED_IN_RESERVE: must be below MAX_COIN_SETS, or anonymous sockets could watch no coin',
    );
  }

  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    fail('METRICS_PORT: must differ from PORT, so /metrics stays off the public port');
  }

  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    role: e.ROLE,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS ?? (e.NODE_ENV === 'production' ? 1 : 0),
    publicUrl,
    logLevel: e.LOG_LEVEL,
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    maintenanceMode: e.MAINTENANCE_MODE,
    sitePassword: e.SITE_PASSWORD,
    beta: { signupLimit: e.BETA_SIGNUP_LIMIT },
    connections: {
      socketsPerAddress: e.MAX_SOCKETS_PER_ADDRESS,
      streamsPerAddress: e.MAX_STREAMS_PER_ADDRESS,
      watchedCoins: {
        anonymous: e.MAX_WATCHED_COINS_ANONYMOUS,
        signedIn: e.MAX_WATCHED_COINS_SIGNED_IN,
      },
      coinSets: e.MAX_COIN_SETS,
      signedInSetReserve: e.COIN_SETS_SIGNED_IN_RESERVE ?? defaultSignedInSetReserve(e.MAX_COIN_SETS),
      coinSetsPerAddress: e.MAX_COIN_SETS_PER_ADDRESS,
    },
    verification: {
      codesPerHour: e.VERIFICATION_CODES_PER_HOUR,
      smsCountries: e.SMS_COUNTRIES ?? DEFAULT_SMS_COUNTRIES,
    },
    database: { url: e.DATABASE_URL },
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    prices: {
      source: e.PRICE_SOURCE,
      baseUrl: e.COINGECKO_BASE_URL.replace(/\/+$/, ''),
      apiKey: e.COINGECKO_API_KEY,
      pollMs: e.PRICE_POLL_MS,
      userCallsPerMinute: e.COINGECKO_USER_CALLS_PER_MINUTE,
      coinListRefreshMs: e.COINGECKO_COIN_LIST_REFRESH_MINUTES * 60_000,
    },
    identity,
    payments,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, supportEmail: e.SUPPORT_EMAIL },
    sms,
  };
  return deepFreeze(config);
}

/** A summary safe to log: which providers are on, never a secret. */
export function describeConfig(config: Config): Record<string, unknown> {
  return {
    nodeEnv: config.nodeEnv,
    role: config.role,
    port: config.port,
    publicUrl: config.publicUrl,
    trustedProxyHops: config.trustedProxyHops,
    metrics: {
      port: config.metrics.port ?? null,
      token: Boolean(config.metrics.token),
      onPublicPort: publicMetricsAccess(config),
    },
    database: config.database.url ? redactUrl(config.database.url) : `pglite:${config.dataDir}`,
    bus: config.redis.url ? redactUrl(config.redis.url) : 'in-process',
    prices: config.prices.source === 'simulated' ? 'simulated' : config.prices.baseUrl,
    identity: config.identity.mode,
    payments: config.payments.mode,
    mail: config.mail.smtpUrl ? redactUrl(config.mail.smtpUrl) : 'log',
    sms: 'accountSid' in config.sms ? 'twilio' : 'log',
    sitePassword: Boolean(config.sitePassword),
    maintenanceMode: config.maintenanceMode,
  };
}

/**
 * How the public port (PORT) answers `/metrics`: `open` to anyone (outside production, no setting),
 * `token` to the metrics token only, `off` as if there were no such route (METRICS_PORT serves it, or
 * production with neither setting).
 */
export function publicMetricsAccess(config: Pick<Config, 'nodeEnv' | 'metrics'>): 'open' | 'token' | 'off' {
  if (config.metrics.port !== undefined) return 'off';
  if (config.metrics.token) return 'token';
  return config.nodeEnv === 'production' ? 'off' : 'open';
}

function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
