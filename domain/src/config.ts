/**
 * The configuration contract of DESIGN.md section 4, as a pure parser: the server's config module
 * hands it `process.env`, nothing else reads the environment. Empty strings count as unset.
 */
import { ZEnv, type Role } from './config-env.ts';
import { DEFAULT_SMS_COUNTRIES } from './accounts/contact-verification.ts';
import { defaultSignedInSetReserve } from './limits.ts';

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
  /**
   * userCallsPerMinute: the users' share of the CoinGecko quota; historyCallsPerMinute: the market-history
   * backfill's share; coinListRefreshMs: the poller's list reads; binanceDataUrl: Binance's public market
   * data, which serves daily history older than CoinGecko's year.
   */
  prices: {
    source: 'coingecko' | 'simulated';
    baseUrl: string;
    binanceDataUrl: string;
    apiKey?: string;
    pollMs: number;
    userCallsPerMinute: number;
    historyCallsPerMinute: number;
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
  /**
   * The keys of the secrets kept at rest (exchange API keys): `key` seals new records (unset: a key
   * generated once into DATA_DIR), `previous` only opens records sealed before a rotation.
   */
  secrets: { key?: string; previous: readonly string[] };
  /** Exchange id → origin every API URL of that exchange is pointed at (local peers: tests, fault runs). */
  exchangeUrls: Readonly<Record<string, string>>;
  /**
   * Alert channels beside e-mail and SMS (docs/alert-channels.md). `allowLoopbackWebhooks`
   * (WEBHOOK_ALLOW_LOOPBACK): webhooks may go to 127.0.0.1 / ::1, over plain http too, for a local
   * receiver; never in production.
   */
  channels: {
    allowLoopbackWebhooks: boolean;
    /** VAPID_*: the browser push keys; unset, a pair generated once into DATA_DIR. */
    vapid: { publicKey?: string; privateKey?: string; subject?: string };
    /**
     * TELEGRAM_*: the bot alerts are sent by; null without a token (the option says Telegram is not
     * configured). `apiUrl` (TELEGRAM_API_URL) is where the Bot API is asked, a local peer in tests.
     */
    telegram: { token: string; botName: string; apiUrl: string } | null;
  };
  /** The public JSON-RPC endpoint wallets are read from on each EVM chain (EVM_RPC_URL_<CHAIN>). */
  evmRpcUrls: {
    ethereum: string;
    base: string;
    arbitrum: string;
    optimism: string;
    polygon: string;
    bsc: string;
  };
  /** Where Bitcoin wallets are read (an Esplora-shaped HTTP API, ESPLORA_URL). */
  esploraUrl: string;
  /** Where Solana wallets are read (its JSON-RPC, SOLANA_RPC_URL). */
  solanaRpcUrl: string;
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
  if (e.TELEGRAM_BOT_TOKEN && !e.TELEGRAM_BOT_NAME) {
    fail("TELEGRAM_BOT_NAME: required with TELEGRAM_BOT_TOKEN, the bot's username the t.me link opens");
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
      binanceDataUrl: e.BINANCE_DATA_URL.replace(/\/+$/, ''),
      pollMs: e.PRICE_POLL_MS,
      userCallsPerMinute: e.COINGECKO_USER_CALLS_PER_MINUTE,
      historyCallsPerMinute: e.COINGECKO_HISTORY_CALLS_PER_MINUTE,
      coinListRefreshMs: e.COINGECKO_COIN_LIST_REFRESH_MINUTES * 60_000,
    },
    identity,
    payments,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, supportEmail: e.SUPPORT_EMAIL },
    sms,
    secrets: { key: e.SECRETS_KEY, previous: e.SECRETS_KEY_PREVIOUS ?? [] },
    exchangeUrls: e.EXCHANGE_URLS ?? {},
    channels: {
      allowLoopbackWebhooks: e.WEBHOOK_ALLOW_LOOPBACK,
      vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
      telegram: e.TELEGRAM_BOT_TOKEN
        ? {
            token: e.TELEGRAM_BOT_TOKEN,
            botName: e.TELEGRAM_BOT_NAME!,
            apiUrl: (e.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/$/, ''),
          }
        : null,
    },
    evmRpcUrls: {
      ethereum: e.EVM_RPC_URL_ETHEREUM,
      base: e.EVM_RPC_URL_BASE,
      arbitrum: e.EVM_RPC_URL_ARBITRUM,
      optimism: e.EVM_RPC_URL_OPTIMISM,
      polygon: e.EVM_RPC_URL_POLYGON,
      bsc: e.EVM_RPC_URL_BSC,
    },
    esploraUrl: e.ESPLORA_URL,
    solanaRpcUrl: e.SOLANA_RPC_URL,
  };
  return deepFreeze(config);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
