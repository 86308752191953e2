/**
 * From parsed import rows to the bulk request and back to what the user is told (SPEC.md section 4,
 * 'Import (CSV/paste)'; section 8, 'Partial import').
 */
import { CONTRACT_ADDRESSES, coingeckoIdForSymbol, priceKeyOf } from '../coins.ts';
import { toDecimalString } from '../decimal.ts';
import type { ImportRow } from './import-row.ts';
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

/** One row that could not be imported. `symbol` is '' when the source line had none. */
export interface ImportFailure {
  symbol: string;
  error: string;
}

/** What an import did. */
export interface ImportOutcome {
  added: number;
  /** Symbols skipped because they were already held (found in the browser or by the server). */
  skipped: string[];
  failures: ImportFailure[];
}

/** How many failures the summary spells out before '...and N more'. */
export const SHOWN_IMPORT_ERRORS = 3;

/**
 * The partial-import summary (SPEC.md section 8): the added, skipped and failed counts, then the first
 * three failures with symbol and text, then '...and N more'.
 */
export function describeImport(outcome: ImportOutcome): { headline: string; details: string[] } {
  const failed = outcome.failures.length;
  const headline = `Import finished: ${outcome.added} added, ${outcome.skipped.length} skipped (already in your portfolio), ${failed} failed.`;
  const details = outcome.failures
    .slice(0, SHOWN_IMPORT_ERRORS)
    .map((f) => (f.symbol ? `${f.symbol}: ${f.error}` : f.error));
  if (failed > SHOWN_IMPORT_ERRORS) details.push(`...and ${failed - SHOWN_IMPORT_ERRORS} more`);
  return { headline, details };
}

/** Shown when every row is already held; it clears after 3 s (SPEC.md section 4). */
export function allDuplicatesMessage(symbols: readonly string[]): string {
  return `All coins are already in your portfolio: ${symbols.join(', ')}`;
}

/** Shown after an import for users with an active plan; it clears after 2 s (SPEC.md section 4). */
export function importSuccessMessage(added: number): string {
  return `Successfully added ${added} coin(s) to your portfolio!`;
}
