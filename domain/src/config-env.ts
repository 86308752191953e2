/**
 * The environment variables of DESIGN.md section 4 and how each is read: names, types, ranges and
 * defaults. parseConfig (config.ts) turns the result into the typed Config.
 */
import { z } from 'zod';
import { DEFAULT_BETA_SIGNUP_LIMIT } from './form-texts.ts';
import { DEFAULT_CODES_PER_HOUR } from './accounts/contact-verification.ts';
import {
  DEFAULT_COIN_LIST_REFRESH_MINUTES,
  DEFAULT_COIN_SETS_PER_ADDRESS,
  DEFAULT_MAX_COIN_SETS,
  DEFAULT_USER_UPSTREAM_CALLS_PER_MINUTE,
  DEFAULT_HISTORY_UPSTREAM_CALLS_PER_MINUTE,
  DEFAULT_WATCHED_COINS,
} from './limits.ts';

export const ROLES = ['all', 'api', 'gateway', 'poller', 'worker'] as const;
export type Role = (typeof ROLES)[number];

const optionalString = z.string().trim().min(1).optional();
/**
 * A 256-bit key for the secrets kept at rest (exchange API keys): 64 hex digits, or 32 bytes in base64 or
 * base64url (43 or 44 characters).
 */
export const SECRETS_KEY_PATTERN = /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/;
const SECRETS_KEY_MESSAGE = 'expected 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)';
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

export const ZEnv = z.object({
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
  BINANCE_DATA_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').default(
    'https://data-api.binance.vision',
  ),
  EVM_RPC_URL_ETHEREUM: urlWithProtocols(['http:', 'https:'], 'http(s)').default(
    'https://ethereum-rpc.publicnode.com',
  ),
  EVM_RPC_URL_BASE: urlWithProtocols(['http:', 'https:'], 'http(s)').default('https://mainnet.base.org'),
  EVM_RPC_URL_ARBITRUM: urlWithProtocols(['http:', 'https:'], 'http(s)').default(
    'https://arb1.arbitrum.io/rpc',
  ),
  EVM_RPC_URL_OPTIMISM: urlWithProtocols(['http:', 'https:'], 'http(s)').default(
    'https://mainnet.optimism.io',
  ),
  EVM_RPC_URL_POLYGON: urlWithProtocols(['http:', 'https:'], 'http(s)').default('https://polygon-rpc.com'),
  EVM_RPC_URL_BSC: urlWithProtocols(['http:', 'https:'], 'http(s)').default(
    'https://bsc-dataseed.bnbchain.org',
  ),
  ESPLORA_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').default('https://blockstream.info/api'),
  SOLANA_RPC_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').default(
    'https://api.mainnet-beta.solana.com',
  ),
  PRICE_POLL_MS: integer(250, 3_600_000).default(60_000),
  COINGECKO_USER_CALLS_PER_MINUTE: integer(0, 100_000).default(DEFAULT_USER_UPSTREAM_CALLS_PER_MINUTE),
  COINGECKO_HISTORY_CALLS_PER_MINUTE: integer(0, 100_000).default(DEFAULT_HISTORY_UPSTREAM_CALLS_PER_MINUTE),
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
  WEBHOOK_ALLOW_LOOPBACK: flag('WEBHOOK_ALLOW_LOOPBACK'),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, { message: 'expected the 87-character base64url public key' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'expected the 43-character base64url private key' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)\S+$/, { message: 'expected a mailto: or https:// contact' })
    .optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .trim()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, { message: 'expected the token @BotFather gave, <id>:<secret>' })
    .optional(),
  TELEGRAM_BOT_NAME: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, { message: "expected the bot's username, without the @" })
    .optional(),
  TELEGRAM_API_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').optional(),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'http(s)').optional(),
  TRUSTED_PROXY_HOPS: integer(0, 10).optional(),
  METRICS_PORT: integer(0, 65535).optional(),
  METRICS_TOKEN: z.string().trim().min(16, { message: 'expected at least 16 characters' }).optional(),
  SECRETS_KEY: z.string().trim().regex(SECRETS_KEY_PATTERN, { message: SECRETS_KEY_MESSAGE }).optional(),
  SECRETS_KEY_PREVIOUS: z
    .string()
    .trim()
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .refine((keys) => keys.every((k) => SECRETS_KEY_PATTERN.test(k)), {
      message: `${SECRETS_KEY_MESSAGE}, separated by commas`,
    })
    .optional(),
  EXCHANGE_URLS: z
    .string()
    .trim()
    .transform((v) =>
      v
        .split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim()]),
    )
    .refine(
      (pairs) =>
        pairs.every(([id, url]) => {
          try {
            return /^[a-z0-9]+$/.test(id ?? '') && ['http:', 'https:'].includes(new URL(url ?? '').protocol);
          } catch {
            return false;
          }
        }),
      {
        message:
          'expected exchange=http(s) origin pairs, separated by commas (binance=http://127.0.0.1:9000)',
      },
    )
    .transform((pairs) => Object.fromEntries(pairs) as Record<string, string>)
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
});

/** Every environment variable the configuration reads; README.md and .env.example list each one. */
export const CONFIG_SETTINGS: readonly string[] = Object.freeze(Object.keys(ZEnv.shape));
