/**
 * The trade-history exports Coinpace reads, each known by its header:
 *
 * - Binance spot trade history: `Date(UTC),Pair,Side,Price,Executed,Amount,Fee`, amounts written with their
 *   asset ('0.00150000BTC'); the older `Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin` too. No row ids.
 * - Coinbase transaction history report: `Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price
 *   Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,
 *   Notes` after a few preamble lines; newer reports start with `ID` and say `Price Currency`, `Price at
 *   Transaction`.
 * - Kraken trades export: `txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,margin,misc,ledgers`.
 * - Coinpace's own transactions export (csv-export.ts): `Date (UTC),Type,Name,Symbol,Quantity,Price per coin,
 *   Fee,Note,Contract Address,Currency`, each row in its own currency, adjustments included. No row ids.
 *   Files from before the Currency column say `Price per coin ($),Fee ($)` and are in US dollars.
 * - Bybit unified-account spot trade history: `Spot Pairs,Order Type,Direction,Filled Value,Filled Price,
 *   Filled Quantity,Fees,Transaction ID,Order No.,Timestamp (UTC)`; the fee is in the coin bought on a buy
 *   and in the quote currency on a sell.
 *
 * Concatenated pairs ('DOTUSD', 'XXBTZUSD', 'BTCUSDT') are split by what the exchange publishes
 * (pairs.ts; Bybit's by Binance's table), not by their ending.
 */
import { binance } from './formats/binance.ts';
import { bybit } from './formats/bybit.ts';
import { coinbase } from './formats/coinbase.ts';
import { coinpace } from './formats/coinpace.ts';
import { kraken } from './formats/kraken.ts';
import type { TradeFormat } from './formats/kit.ts';

export type { DraftOutcome, TradeDraft, TradeFormat } from './formats/kit.ts';

/** The formats, in the order headers are tried. */
export const TRADE_FORMATS: readonly TradeFormat[] = [coinpace, kraken, bybit, coinbase, binance];
