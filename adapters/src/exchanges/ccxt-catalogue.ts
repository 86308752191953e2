/**
 * The exchanges ccxt can connect, as the picker lists them. ccxt takes most of a second to import and
 * seconds more to instantiate every exchange, so the list of the others is generated once per ccxt version
 * (`npx tsx adapters/src/exchanges/generate-ccxt-catalogue.ts`) into `ccxt-exchanges.ts`, and `list()`
 * never loads ccxt.
 */
import { CCXT_OTHER_EXCHANGES } from './ccxt-exchanges.ts';
import type { ExchangeInfo } from './port.ts';

/**
 * Tested against local peers or recorded replies, and documented (docs/exchange-keys.md). Each tells
 * its key's permissions: Binance, Bybit, Coinbase, KuCoin and OKX through an endpoint, Kraken through a
 * trading probe that a read-only key fails.
 */
export const FIRST_CLASS_EXCHANGES: readonly ExchangeInfo[] = [
  { id: 'binance', name: 'Binance', firstClass: true, needsPassword: false, reportsPermissions: true },
  { id: 'coinbase', name: 'Coinbase', firstClass: true, needsPassword: false, reportsPermissions: true },
  { id: 'kraken', name: 'Kraken', firstClass: true, needsPassword: false, reportsPermissions: true },
  { id: 'kucoin', name: 'KuCoin', firstClass: true, needsPassword: true, reportsPermissions: true },
  { id: 'okx', name: 'OKX', firstClass: true, needsPassword: true, reportsPermissions: true },
  { id: 'bybit', name: 'Bybit', firstClass: true, needsPassword: false, reportsPermissions: true },
];

/** Every exchange offered: the first-class ones, then the rest of ccxt's by name. */
export function ccxtExchangeList(): ExchangeInfo[] {
  const first = new Set(FIRST_CLASS_EXCHANGES.map((info) => info.id));
  const others = CCXT_OTHER_EXCHANGES.filter((entry) => !first.has(entry.id))
    .map((entry): ExchangeInfo => ({
      id: entry.id,
      name: entry.name,
      firstClass: false,
      needsPassword: entry.needsPassword,
      reportsPermissions: false,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return [...FIRST_CLASS_EXCHANGES.map((info) => ({ ...info })), ...others];
}

/** What the generator keeps of one ccxt exchange. */
export interface CcxtCatalogueEntry {
  id: string;
  name: string;
  needsPassword: boolean;
}

/** The minimal view of a ccxt exchange instance the catalogue reads. */
export interface CatalogueSource {
  name: string;
  rateLimit: number;
  has: Record<string, unknown>;
  requiredCredentials: Record<string, boolean>;
}

const USABLE_CREDENTIALS = new Set(['apiKey', 'secret', 'password']);

/**
 * Whether an exchange can be synced with what the user pastes: it reads balances and the account's own
 * trades, and needs no credential beyond key, secret and passphrase (wallet-signing exchanges need a
 * private key, which Coinpace never asks for).
 */
export function catalogueEntry(id: string, exchange: CatalogueSource): CcxtCatalogueEntry | null {
  if (!exchange.has['fetchBalance'] || !exchange.has['fetchMyTrades']) return null;
  const other = Object.entries(exchange.requiredCredentials).some(
    ([name, required]) => required && !USABLE_CREDENTIALS.has(name),
  );
  if (other) return null;
  return { id, name: exchange.name, needsPassword: Boolean(exchange.requiredCredentials['password']) };
}
