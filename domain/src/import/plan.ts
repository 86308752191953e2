/**
 * From parsed import rows to the bulk request and back to what the user is told (SPEC.md section 4,
 * 'Import (CSV/paste)'; section 8, 'Partial import').
 */
import { CONTRACT_ADDRESSES, coingeckoIdForSymbol, priceKeyOf } from '../coins.ts';
import { toDecimalString } from '../decimal.ts';
import type { ImportFailure, ImportReport, ImportRow } from './import-row.ts';
import { purchasePriceFor } from './csv-template.ts';

/** One item of POST /api/portfolio/bulk as the browser sends it (decimal strings, SPEC.md 'Bulk add item'). */
export interface BulkItem {
  coingeckoId: string | null;
  name: string;
  symbol: string;
  address: string | null;
  quantity: string;
  purchasePrice: string;
}

/** Rows split by whether their symbol is already held. */
export interface ImportSplit {
  fresh: ImportRow[];
  /** Symbols already in the portfolio (case-insensitive), in row order. */
  duplicates: string[];
}

/** Separates rows whose symbol the user already holds, comparing symbols case-insensitively. */
export function splitDuplicates(rows: readonly ImportRow[], heldSymbols: Iterable<string>): ImportSplit {
  const held = new Set(Array.from(heldSymbols, (s) => s.toUpperCase()));
  const fresh: ImportRow[] = [];
  const duplicates: string[] = [];
  for (const row of rows) {
    if (held.has(row.symbol.toUpperCase())) duplicates.push(row.symbol);
    else fresh.push(row);
  }
  return { fresh, duplicates };
}

/** The CoinGecko id of an import row: the symbol table first, then the contract-address table. */
export function coingeckoIdForRow(row: Pick<ImportRow, 'symbol' | 'contractAddress'>): string | null {
  return (
    coingeckoIdForSymbol(row.symbol) ??
    (row.contractAddress ? CONTRACT_ADDRESSES[row.contractAddress]?.coingeckoId : undefined) ??
    null
  );
}

/**
 * The key an import row is priced under (see priceKeyOf): its CoinGecko id, else its contract address
 * when the static tables do not know it, else null.
 */
export function priceKeyForRow(row: Pick<ImportRow, 'symbol' | 'contractAddress'>): string | null {
  return priceKeyOf({ coingeckoId: coingeckoIdForRow(row), address: row.contractAddress });
}

/**
 * The bulk items for rows, priced: purchase price = value / quantity when the row has a value, else the
 * coin's current price from `priceOf` (SPEC.md section 5), else 0 (it becomes the first current price
 * later). `priceOf` is asked by price key (priceKeyForRow): a CoinGecko id, or the lower-cased contract
 * address of a token the static tables do not know. Names default to the symbol.
 */
export function toBulkItems(
  rows: readonly ImportRow[],
  priceOf: (priceKey: string) => number | undefined,
): BulkItem[] {
  return rows.map((row) => {
    const coingeckoId = coingeckoIdForRow(row);
    const key = priceKeyForRow(row);
    const current = key ? (priceOf(key) ?? 0) : 0;
    return {
      coingeckoId,
      name: row.name ?? row.symbol,
      symbol: row.symbol,
      address: row.contractAddress ?? null,
      quantity: toDecimalString(row.quantity) ?? '0',
      purchasePrice: toDecimalString(purchasePriceFor(row, current)) ?? '0',
    };
  });
}

/**
 * What an import did, counted in source rows: every row read was added (alone or merged with
 * other rows of the same coin), skipped or failed, so `read` = `added` + `skipped` + `failed`. The
 * reasons come one per coin or row: a coin already held that two rows listed is one reason, two rows.
 */
export interface ImportOutcome {
  read: number;
  added: number;
  skipped: number;
  failed: number;
  skippedReasons: ImportFailure[];
  failures: ImportFailure[];
}

/** What happened to the parsed rows' coins after parsing, by symbol. */
export interface AfterParse {
  /** Coins left out on purpose: already in the portfolio (found in the browser or by the server). */
  skipped: readonly ImportFailure[];
  /** Coins that could not be saved, with why. */
  failed: readonly ImportFailure[];
}

/** The reason a coin already held is skipped (the server gives the same one). */
export const ALREADY_HELD_REASON = 'Already in your portfolio';

/**
 * Counts an import in source rows: the parser's report (rows skipped or failed while reading, and how
 * many source rows each coin holds) with what happened to the coins afterwards. A coin is counted
 * once, under the first outcome that names it.
 */
export function tallyImport(report: ImportReport, after: AfterParse): ImportOutcome {
  const rowsOf = (symbol: string) => report.sourceRows[symbol.toUpperCase()] ?? 1;
  const settled = new Set<string>();
  const take = (list: readonly ImportFailure[]): { rows: number; reasons: ImportFailure[] } => {
    let rows = 0;
    const reasons: ImportFailure[] = [];
    for (const entry of list) {
      const key = entry.symbol.toUpperCase();
      if (key !== '' && settled.has(key)) continue;
      if (key !== '') settled.add(key);
      rows += key === '' ? 1 : rowsOf(key);
      reasons.push(entry);
    }
    return { rows, reasons };
  };
  const skippedAfter = take(after.skipped);
  const failedAfter = take(after.failed);
  let added = 0;
  for (const [symbol, rows] of Object.entries(report.sourceRows)) if (!settled.has(symbol)) added += rows;
  const skipped = report.skipped.length + skippedAfter.rows;
  const failed = report.failed.length + failedAfter.rows;
  return {
    read: added + skipped + failed,
    added,
    skipped,
    failed,
    skippedReasons: [...skippedAfter.reasons, ...report.skipped],
    failures: [...report.failed, ...failedAfter.reasons],
  };
}

/** How many failures (and skip reasons) the summary spells out before '...and N more'. */
export const SHOWN_IMPORT_ERRORS = 3;

/** The import summary: the headline counts, the first failures and the first skip reasons. */
export interface ImportSummary {
  headline: string;
  /** Up to three failures with symbol and text, then '...and N more' (SPEC.md section 8). */
  details: string[];
  /** The same for rows skipped on purpose. */
  skipped: string[];
}

/**
 * The import summary (SPEC.md section 8, 'Partial import'): the added, skipped and failed counts and the
 * rows read they add up to, then the first three failures with symbol and text, then '...and N more';
 * the skip reasons likewise.
 */
export function describeImport(outcome: ImportOutcome): ImportSummary {
  const { read, added, skipped, failed } = outcome;
  const rows = read === 1 ? '1 row' : `${read} rows`;
  return {
    headline: `Import finished: ${added} added, ${skipped} skipped, ${failed} failed (${rows} read).`,
    details: firstOf(outcome.failures),
    skipped: firstOf(outcome.skippedReasons),
  };
}

function firstOf(entries: readonly ImportFailure[]): string[] {
  const lines = entries.slice(0, SHOWN_IMPORT_ERRORS).map(describeEntry);
  if (entries.length > SHOWN_IMPORT_ERRORS) lines.push(`...and ${entries.length - SHOWN_IMPORT_ERRORS} more`);
  return lines;
}

/** 'Row 5, XRP: quantity must be above 0', 'BTC: Already in your portfolio', 'no coin symbol in "..."'. */
function describeEntry(entry: ImportFailure): string {
  const label = [entry.where, entry.symbol].filter(Boolean).join(', ');
  return label ? `${label}: ${entry.error}` : entry.error;
}

/** Shown when every row is already held; it clears after 3 s (SPEC.md section 4). */
export function allDuplicatesMessage(symbols: readonly string[]): string {
  return `All coins are already in your portfolio: ${symbols.join(', ')}`;
}

/**
 * Shown after an import for users with an active plan; it clears after 2 s (SPEC.md section 4). With
 * `tracked`, it says how many coins the portfolio holds now, so '2 added' is not read as the whole.
 */
export function importSuccessMessage(added: number, tracked?: number): string {
  const message = `Successfully added ${added} coin(s) to your portfolio!`;
  return tracked === undefined ? message : `${message} ${trackedTotalText(tracked)}`;
}

/** How many coins the portfolio holds after an import: 'You now track 10 coin(s) in all.' */
export function trackedTotalText(tracked: number): string {
  return `You now track ${tracked} coin(s) in all.`;
}

/**
 * The import summary's line on what the import added against what the portfolio holds now: '2 coin(s)
 * added by this import. You now track 10 coin(s) in all.'
 */
export function importTotalsText(added: number, tracked: number): string {
  return `${added} coin(s) added by this import. ${trackedTotalText(tracked)}`;
}
