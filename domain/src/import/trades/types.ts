/** What the trade-history importers produce. */

/**
 * The exchanges whose trade-history exports are read, and Coinpace's own transactions export (an
 * export imports back to the same state).
 */
export const TRADE_EXCHANGES = ['binance', 'coinbase', 'kraken', 'bybit', 'coinpace'] as const;
export type TradeExchange = (typeof TRADE_EXCHANGES)[number];

/** How each exchange is named to users. */
export const EXCHANGE_NAMES: Readonly<Record<TradeExchange, string>> = {
  binance: 'Binance',
  coinbase: 'Coinbase',
  kraken: 'Kraken',
  bybit: 'Bybit',
  coinpace: 'Coinpace',
};

/**
 * The kinds an export row becomes. `adjust` only from Coinpace's own export (an inline edit's record: the
 * quantity is the holding's new quantity, the price its new average cost). `income` from reward rows (staking, interest, Earn) valued at
 * the day's price.
 */
export type TradeKind = 'buy' | 'sell' | 'transfer_in' | 'transfer_out' | 'adjust' | 'income';

/** One export row read as a transaction. Amounts are canonical decimal strings in `currency`. */
export interface ParsedTrade {
  /** The row in the file, numbered as a spreadsheet numbers it (the first line is row 1). */
  row: number;
  kind: TradeKind;
  /** ISO 8601 instant, UTC. */
  at: string;
  /** Upper case, the API's symbol shape. */
  symbol: string;
  /** The static table's CoinGecko id of the symbol, as the holdings import resolves it; null when unknown. */
  coingeckoId: string | null;
  /** Above 0 (an adjustment may set 0). */
  quantity: string;
  /** Per coin, in `currency`. */
  pricePerCoin: string;
  /** In `currency`. */
  fee: string;
  /**
   * What price and fee are in: 'usd' (a dollar stablecoin counted as a dollar), a fiat display currency
   * ('eur', 'gbp'), or the CoinGecko id of the coin a crypto pair is priced in ('bitcoin' for ETHBTC).
   */
  currency: string;
  note: string | null;
  /** The coin's name, where the export gives one (Coinpace's own); the symbol names it otherwise. */
  name?: string;
  /**
   * The exchange and the row's own id ('kraken:TQ3ZQ2-ABCDE-FGHIJK'), or a stable hash of the row's cells
   * when the export has no ids ('binance:#9f0c...-1'): the same row imported twice has the same reference.
   */
  externalRef: string;
  /** The row of an earlier row of the file with the same id, when there is one (Kraken lists a trade twice). */
  duplicateOf?: number;
}

/** A row that was not imported, and why. */
export interface TradeRowProblem {
  row: number;
  /** The coin the row names, '' when it names none. */
  symbol: string;
  reason: string;
}

/** What {@link parseTradeHistory} read from a file. */
export interface TradeParseResult {
  /** The format the header names; null when no known export's header was found. */
  exchange: TradeExchange | null;
  /** Data rows read (blank lines not counted): trades + skipped + failed. */
  read: number;
  trades: ParsedTrade[];
  /** Rows left out on purpose: fiat deposits and withdrawals, for example. */
  skipped: TradeRowProblem[];
  /** Rows that could not be read as a transaction. */
  failed: TradeRowProblem[];
}
