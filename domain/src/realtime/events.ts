/**
 * The real-time contract (DESIGN.md sections 1 and 4): what travels on the bus between the poller, the
 * API, the alert consumer and the gateway, and the typed Socket.IO event maps the gateway and the
 * browser share. Payloads are JSON (no Dates, no undefined fields).
 */
import type { ExchangeSyncPayload } from '../exchanges/accounts.ts';
import type { WalletRefreshPayload } from '../wallets/accounts.ts';
import type { DisplayCurrency, FxRates } from '../format/currency.ts';
import type { TradeImportJob } from '../import/trades/plan.ts';
import type { PriceMap, PriceSourceState, TickerCoin } from '../prices/types.ts';

/** Bus topics (pub/sub fan-out; a subscriber that is not connected misses the message). */
export const BUS_TOPICS = {
  /** One `PriceTick` per poll, published by the leading poller. */
  priceTick: 'prices:tick',
  /** `UserEvent`s for the gateway to push to the room `user:{userId}`. */
  userEvents: 'user-events',
  /**
   * Outbox messages were just written (alerts fired): every worker's dispatcher looks for them now, so a
   * burst is shared by all workers at once instead of waiting for the others' next poll. No payload.
   */
  outboxDue: 'outbox:due',
} as const;

/** Durable bus streams (consumer groups; at-least-once). */
export const BUS_STREAMS = {
  /** Every `PriceTick` again, for the alert consumer's group. */
  ticks: 'ticks',
} as const;

/** One poll's result: only the coins whose quote changed since the previous tick. */
export interface PriceTick {
  /** Unique and increasing per poller (e.g. `${epochMs}-${seq}`); part of alert idempotency keys. */
  id: string;
  /** When the poll finished, epoch ms. */
  at: number;
  /** Changed quotes by CoinGecko id. May be empty when only the ticker or the state changed. */
  prices: PriceMap;
  /** The ten ticker coins, present when any of them changed. */
  ticker?: TickerCoin[];
  /** The price source's state after the poll. */
  source: PriceSourceState;
  /**
   * The display currencies' rates read in the same poll (units per US dollar): alerts set in
   * another currency are checked at them. Absent when the poll asked no other currency.
   */
  rates?: FxRates;
}

/** What the browser is told when one of its alerts fires (socket event `alert:triggered`). */
export interface AlertTriggeredPayload {
  alertId: string;
  /** Upper-case symbol, or PORTFOLIO_TOTAL for a whole-portfolio alert. */
  coinSymbol: string;
  coingeckoId: string | null;
  thresholdType: 'Above' | 'Below' | 'Gain' | 'Loss';
  thresholdValue: number;
  /** The price (or portfolio value) the alert fired on, in `currency`. */
  price: number;
  /** The currency of `price` (and of an Above/Below threshold): the alert's, or usd when its rate was unknown. */
  currency: DisplayCurrency;
  /** Epoch ms. */
  firedAt: number;
  /** 'queued' when messages went to the outbox, 'skipped_allowance' when the allowance was used up. */
  outcome: 'queued' | 'skipped_allowance';
  /**
   * What happened, in words, where a price says little: a movement ('0.5 BTC arrived at Binance') or a
   * sync problem ('Cold wallet is not syncing'). Absent for the other alerts.
   */
  headline?: string;
}

/** Why the portfolio changed, so other tabs can reload it (socket event `portfolio:changed`). */
export interface PortfolioChangedPayload {
  reason: 'added' | 'updated' | 'deleted' | 'imported';
}

/** The billing info changed (checkout, upgrade, cancel, webhook); clients reload GET /api/billing/user. */
export interface BillingUpdatedPayload {
  /** The plan's display name after the change, e.g. 'Token Run', or 'None'. */
  plan: string;
  reason: string;
}

/** A trade import's job moved on (socket event `import:progress`); the same shape as GET /api/portfolio/imports/:id. */
export type ImportProgressPayload = TradeImportJob;

/** An event for one user's sockets, published on `BUS_TOPICS.userEvents`. */
export type UserEvent =
  | { userId: string; type: 'portfolio:changed'; payload: PortfolioChangedPayload }
  | { userId: string; type: 'alert:triggered'; payload: AlertTriggeredPayload }
  | { userId: string; type: 'billing:updated'; payload: BillingUpdatedPayload }
  | { userId: string; type: 'import:progress'; payload: ImportProgressPayload }
  | { userId: string; type: 'exchange:sync'; payload: ExchangeSyncPayload }
  | { userId: string; type: 'wallet:refresh'; payload: WalletRefreshPayload };

/** The events of `UserEvent`: private to one user's sockets (room `user:{id}`), never replayed to another. */
export const USER_EVENT_TYPES = [
  'portfolio:changed',
  'alert:triggered',
  'billing:updated',
  'import:progress',
  'exchange:sync',
  'wallet:refresh',
] as const satisfies readonly UserEvent['type'][];

/** Socket.IO events the server emits (typed on both ends). */
export interface ServerToClientEvents {
  /** The ten ticker coins; sent on connect (afterwards they move through `prices`). */
  ticker: (coins: TickerCoin[]) => void;
  /**
   * Once per tick, one frame: the changed quotes of the coins the socket watches and of the ten ticker
   * coins (`tickQuotes`).
   */
  prices: (prices: PriceMap) => void;
  /** The price source's state, on connect and when it changes. */
  'source:state': (state: PriceSourceState) => void;
  'portfolio:changed': (payload: PortfolioChangedPayload) => void;
  'alert:triggered': (payload: AlertTriggeredPayload) => void;
  'billing:updated': (payload: BillingUpdatedPayload) => void;
  'import:progress': (payload: ImportProgressPayload) => void;
  /** An exchange account's sync moved on (Wallets screen). */
  'exchange:sync': (payload: ExchangeSyncPayload) => void;
  /** A wallet's refresh moved on (Wallets screen). */
  'wallet:refresh': (payload: WalletRefreshPayload) => void;
}

/**
 * The asked ids a `subscribe` did not add. A refused id is no error: the socket
 * stays connected and watches what it watched before plus the ids that were accepted. Malformed ids
 * are dropped without mention.
 */
export interface SubscribeRefused {
  /**
   * Ids Coinpace has no price for, no one holds, alerts on or tracks, and that are not built in: made-up
   * ids, or coins nobody follows yet (hold or track one, then subscribe again).
   */
  unknown: string[];
  /** Known ids past the socket's cap (50 anonymous, 1,010 signed in by default). */
  overLimit: string[];
  /**
   * Known ids not added because the move needs a coin set this socket may not open now: the gateway node
   * holds as many distinct sets as it may (MAX_COIN_SETS; for an anonymous socket, as many as it may less
   * the ones kept for signed-in users, COIN_SETS_SIGNED_IN_RESERVE), or the anonymous sockets of this
   * client's address are in as many sets as one address may be (MAX_COIN_SETS_PER_ADDRESS). The socket
   * keeps its previous coins; try again later.
   */
  gatewayFull: string[];
}

/** Socket.IO events the browser emits. */
export interface ClientToServerEvents {
  /**
   * Adds known coins to the socket's watched set, up to its cap, and answers with the latest quotes of
   * the asked ids it now watches and, second, the asked ids it does not watch and why.
   */
  subscribe: (
    request: { coins: string[] },
    ack?: (latest: PriceMap, refused: SubscribeRefused) => void,
  ) => void;
  /** Leaves the given coin rooms, or all of them when `coins` is absent. */
  unsubscribe: (request: { coins?: string[] }) => void;
}
