/**
 * The exchange port: a user's exchange account, read through a read-only API key. Two implementations keep
 * the same semantics: every exchange ccxt supports (`ccxt-client.ts`), and the simulated "Demo exchange"
 * that `npm start` offers without a key (`demo-exchange.ts`).
 *
 * A client never trades or withdraws; it reads the key's permissions, the balances and the account's
 * movements (trades, deposits, withdrawals). Amounts are decimal strings, as everywhere money is stored.
 */

/** What the user pastes; never logged, never returned by a route. */
export interface ExchangeCredentials {
  apiKey: string;
  secret: string;
  /** Some exchanges (KuCoin, OKX, Coinbase Exchange) need a passphrase beside the key. */
  password?: string;
}

/** One exchange offered in the picker. */
export interface ExchangeInfo {
  /** ccxt's id ('binance', 'kraken', 'coinbase', 'kucoin', 'okx', 'bybit', …), or 'demo'. */
  id: string;
  name: string;
  /** Named in the picker with its logo, tested, documented with where to create a read-only key. */
  firstClass: boolean;
  /** Whether the key needs a passphrase. */
  needsPassword: boolean;
  /**
   * Whether the exchange tells a key's permissions. Where it cannot, the user must tick that the key is
   * read-only.
   */
  reportsPermissions: boolean;
}

/** What a key may do, as far as the exchange says. */
export type KeyPermissions = 'read-only' | 'trade' | 'withdraw' | 'unknown';

/** A balance in one of the account's wallets. `asset` is ccxt's unified currency code ('BTC', 'DOT'). */
export interface ExchangeBalance {
  asset: string;
  /** Free plus used, as a decimal string. */
  total: string;
  wallet: 'spot' | 'funding' | 'earn';
}

/** A fee, in whichever currency the exchange charged it. */
export interface ExchangeFee {
  asset: string;
  amount: string;
}

interface MovementBase {
  /**
   * Stable for this account whatever the retries: the exchange's own id of the trade, deposit or
   * withdrawal, prefixed by its kind ('trade:123', 'deposit:abc', 'withdrawal:def').
   */
  externalId: string;
  /** ISO 8601 instant. */
  at: string;
  fee: ExchangeFee | null;
}

export interface ExchangeTrade extends MovementBase {
  kind: 'trade';
  side: 'buy' | 'sell';
  /** Unified codes: a BTC/USDT trade has base 'BTC' and quote 'USDT'. */
  base: string;
  quote: string;
  /** Base amount. */
  amount: string;
  /** Quote per base. */
  price: string;
}

export interface ExchangeTransfer extends MovementBase {
  kind: 'deposit' | 'withdrawal';
  asset: string;
  amount: string;
}

export type ExchangeMovement = ExchangeTrade | ExchangeTransfer;

/**
 * Where the last read stopped: opaque to callers, JSON, kept per account between syncs (per market where
 * the exchange pages per market). Null before the first sync, which reads as far back as the exchange allows.
 */
export type SyncCursor = Record<string, string | number>;

export interface MovementPage {
  movements: ExchangeMovement[];
  /** Give this back to read on; store it only once `movements` are stored. */
  cursor: SyncCursor;
  /** True when nothing newer is left for now. */
  done: boolean;
  /** Share of the first sync read so far (0..1), when the client can tell. */
  progress: number | null;
}

export interface ExchangeClient {
  readonly exchange: string;
  /** One authenticated read; throws ExchangeError with the reason a key is refused. */
  checkKey(): Promise<KeyPermissions>;
  fetchBalances(): Promise<ExchangeBalance[]>;
  /** The next page of movements after `cursor`, oldest first. */
  fetchMovements(cursor: SyncCursor | null): Promise<MovementPage>;
  close(): Promise<void>;
}

export type ExchangeErrorKind =
  | 'bad-key'
  | 'bad-secret'
  | 'ip-restricted'
  | 'clock-skew'
  | 'not-read-only'
  | 'revoked'
  | 'rate-limited'
  | 'unavailable'
  | 'unsupported';

/** Why a call to an exchange failed, in a kind the caller can act on and words the user can read. */
export class ExchangeError extends Error {
  constructor(
    readonly kind: ExchangeErrorKind,
    message: string,
    /** For 'rate-limited' and 'unavailable': when to try again, where the exchange said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ExchangeError';
  }

  /** Worth retrying with back-off (the network, a rate limit); the others need the user. */
  get transient(): boolean {
    return this.kind === 'rate-limited' || this.kind === 'unavailable';
  }
}

export interface ExchangeConnector {
  /** Every exchange that can be connected; first-class ones first. */
  list(): ExchangeInfo[];
  /** A client for one account. Throws ExchangeError('unsupported') for an unknown exchange id. */
  connect(exchange: string, credentials: ExchangeCredentials): ExchangeClient;
}
