/**
 * Trading pairs split into the coin traded and the currency it is priced in ('DOTUSD' -> DOT / USD). A
 * concatenated pair cannot be split by its ending alone: 'DOTUSD' ends in 'TUSD' as well as 'USD', and
 * Kraken's 'TUSD' is the coin T in dollars. So a pair is looked up in what its exchange publishes
 * (pairs/kraken.json, pairs/binance.json); one that is not listed is split where its base is a coin
 * Coinpace knows, or where only one quote currency fits; what stays ambiguous is refused with the ways it
 * could be read.
 */
import { SYMBOL_TO_COINGECKO_ID } from '../../coins.ts';
import { upperCase } from './cells.ts';
import binanceTable from './pairs/binance.json' with { type: 'json' };
import krakenTable from './pairs/kraken.json' with { type: 'json' };

/** A pair split: the coin and the currency, in the symbols everyone uses ('BTC', not Kraken's 'XXBT'). */
export interface Pair {
  base: string;
  quote: string;
}

/** Whose pair names these are: Bybit names its pairs as Binance does ('BTCUSDT'). */
export type PairSource = 'kraken' | 'binance' | 'bybit';

/** A published pair table: for each quote, the bases listed against it, space-separated. */
interface PairTable {
  pairs: Record<string, string>;
  assets?: Record<string, string>;
  keys?: Record<string, string>;
}

/** Fiat currencies: never taken as the coin of an unlisted pair ('USDTUSD' is not USD in TUSD). */
const FIAT = new Set(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'JPY', 'TRY', 'BRL']);

interface Tables {
  kraken: Map<string, Pair>;
  binance: Map<string, Pair>;
  /** Every quote either table lists, as the exchanges write it and as symbols, longest first. */
  quotes: string[];
  /** Coins: the coin list and every base of both tables, fiat left out. */
  coins: Set<string>;
  krakenAssets: Readonly<Record<string, string>>;
}

let tables: Tables | null = null;

/** The tables, built on first use (a few thousand entries; the web app, which never reads pairs, skips it). */
function load(): Tables {
  if (tables) return tables;
  const quotes = new Set(['USDP', 'PYUSD', 'ZUSD', 'ZEUR', 'ZGBP', 'ZCAD', 'ZJPY', 'XXBT', 'XETH']);
  const coins = new Set(Object.keys(SYMBOL_TO_COINGECKO_ID));
  const build = (table: PairTable): Map<string, Pair> => {
    const assets = table.assets ?? {};
    const map = new Map<string, Pair>();
    for (const [quoteCode, list] of Object.entries(table.pairs)) {
      const quote = assets[quoteCode] ?? quoteCode;
      quotes.add(quoteCode).add(quote);
      for (const baseCode of list.split(' ')) {
        if (baseCode === '') continue;
        const base = assets[baseCode] ?? baseCode;
        if (!FIAT.has(base)) coins.add(base).add(baseCode);
        addPair(map, baseCode + quoteCode, { base, quote });
      }
    }
    for (const [key, altname] of Object.entries(table.keys ?? {})) {
      const pair = map.get(altname);
      if (!pair) throw new Error(`pair table: key ${key} names ${altname}, which is not listed`);
      addPair(map, key, pair);
    }
    return map;
  };
  const kraken = build(krakenTable);
  const binance = build(binanceTable);
  tables = {
    kraken,
    binance,
    quotes: [...quotes].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)),
    coins,
    krakenAssets: krakenTable.assets,
  };
  return tables;
}

function addPair(map: Map<string, Pair>, symbol: string, pair: Pair): void {
  const listed = map.get(symbol);
  if (listed && (listed.base !== pair.base || listed.quote !== pair.quote)) {
    throw new Error(
      `pair table: ${symbol} is listed as ${listed.base}/${listed.quote} and ${pair.base}/${pair.quote}`,
    );
  }
  map.set(symbol, listed ?? pair);
}

/** Every pair an exchange publishes, by the names its exports use (Kraken: altnames and pair keys). */
export function listedPairs(source: 'kraken' | 'binance'): ReadonlyMap<string, Pair> {
  return load()[source];
}

/**
 * The pair `text` names, split, or why it cannot be: 'BTC/USD', 'ETH-USD' and 'XBT/USD' split at the
 * separator; 'DOTUSD' by the exchange's own table ('XXBTZUSD' on Kraken is BTC / USD); a pair the table
 * does not list where its base is a known coin, or where only one quote currency fits ('NEWCOINUSDT').
 * Null when no quote currency fits at all.
 */
export function readPair(text: string, source: PairSource): Pair | { fail: string } | null {
  const symbol = upperCase(text.trim());
  if (symbol === '') return null;
  const t = load();
  const listed = (source === 'kraken' ? t.kraken : t.binance).get(symbol);
  if (listed) return listed;
  const assets: Readonly<Record<string, string>> = source === 'kraken' ? t.krakenAssets : {};
  const separator = symbol.search(/[/\-_ ]/);
  if (separator !== -1) {
    const base = symbol.slice(0, separator).trim();
    const quote = symbol.slice(separator + 1).trim();
    return base && quote ? { base: assets[base] ?? base, quote: assets[quote] ?? quote } : null;
  }
  const fits: Pair[] = [];
  for (const quote of t.quotes) {
    if (symbol.length > quote.length && symbol.endsWith(quote)) {
      const base = symbol.slice(0, symbol.length - quote.length);
      fits.push({ base: assets[base] ?? base, quote: assets[quote] ?? quote });
    }
  }
  const coins = fits.filter((p) => t.coins.has(p.base));
  const choice = coins.length > 0 ? coins : fits;
  if (choice.length === 1) return choice[0]!;
  if (choice.length === 0) return null;
  const ways = choice.map((p) => `${p.base} in ${p.quote}`).join(' or ');
  return { fail: `pair "${short(symbol)}" could be ${ways}: Coinpace cannot tell which` };
}

/** {@link readPair} without the reason: the split, or null. */
export function splitPair(text: string, source: PairSource): Pair | null {
  const pair = readPair(text, source);
  return pair && 'base' in pair ? pair : null;
}

function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
