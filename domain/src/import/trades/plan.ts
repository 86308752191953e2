/**
 * From parsed trades to what an import writes: one group per coin, each in history
 * order, with the rows already imported (or repeated in the file) set aside as duplicates; and the summary
 * the user is told.
 */
import { EXCHANGE_NAMES, type ParsedTrade, type TradeExchange, type TradeRowProblem } from './types.ts';

/** The trades of one coin, oldest first (rows of the same time in file order). */
export interface TradeImportGroup {
  symbol: string;
  /** The coin's name from the first trade that gives one (Coinpace's own export), else undefined. */
  name?: string;
  coingeckoId: string | null;
  trades: ParsedTrade[];
}

export interface TradeImportPlan {
  groups: TradeImportGroup[];
  /** Rows whose exchange row was imported before, or appears earlier in the same file. */
  duplicates: TradeRowProblem[];
}

/** The reason a row imported before is skipped. */
export const ALREADY_IMPORTED_REASON = 'already imported';

/**
 * Groups `trades` by coin, in the order coins first appear, leaving out the rows whose reference is in
 * `knownRefs` (imported before) and those repeating an earlier row of the file (`duplicateOf`).
 */
export function planTradeImport(
  trades: readonly ParsedTrade[],
  knownRefs: ReadonlySet<string> = new Set(),
): TradeImportPlan {
  const groups = new Map<string, TradeImportGroup>();
  const duplicates: TradeRowProblem[] = [];
  const checkKnown = knownRefs.size > 0;
  for (const trade of trades) {
    if (checkKnown && knownRefs.has(trade.externalRef)) {
      duplicates.push({ row: trade.row, symbol: trade.symbol, reason: ALREADY_IMPORTED_REASON });
      continue;
    }
    // A hashed row is told apart from identical ones by its occurrence, so only rows with ids repeat.
    if (trade.duplicateOf !== undefined) {
      duplicates.push({
        row: trade.row,
        symbol: trade.symbol,
        reason: `the same trade as row ${trade.duplicateOf}`,
      });
      continue;
    }
    let group = groups.get(trade.symbol);
    if (!group) {
      group = { symbol: trade.symbol, coingeckoId: trade.coingeckoId, trades: [] };
      groups.set(trade.symbol, group);
    }
    if (group.name === undefined && trade.name) group.name = trade.name;
    group.trades.push(trade);
  }
  for (const group of groups.values()) toHistoryOrder(group.trades);
  return { groups: [...groups.values()], duplicates };
}

/**
 * Sorts trades oldest first, rows of the same time in file order. Exports list newest first or oldest
 * first, so the common cases are a check and a reversal, not a sort. ISO instants in UTC sort as text.
 */
function toHistoryOrder(trades: ParsedTrade[]): void {
  let ascending = true;
  let descending = true;
  for (let i = 1; i < trades.length && (ascending || descending); i++) {
    const a = trades[i - 1]!.at;
    const b = trades[i]!.at;
    if (a > b) ascending = false;
    else if (a < b) descending = false;
  }
  if (ascending) return;
  if (descending) {
    trades.reverse();
    // Rows of one time came in file order and are now reversed: put each run back.
    for (let start = 0; start < trades.length;) {
      let end = start + 1;
      while (end < trades.length && trades[end]!.at === trades[start]!.at) end++;
      if (end - start > 1) reverseRange(trades, start, end - 1);
      start = end;
    }
    return;
  }
  trades.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.row - b.row));
}

function reverseRange(list: unknown[], from: number, to: number): void {
  for (let i = from, j = to; i < j; i++, j--) {
    const t = list[i];
    list[i] = list[j];
    list[j] = t;
  }
}

/** Most rows the summary lists by name (the counts are always complete). */
export const MAX_LISTED_TRADE_ROWS = 100;

/** Response of POST /api/portfolio/import-trades: what happened to every data row of the file. */
export interface TradeImportSummary {
  exchange: TradeExchange;
  /** Data rows read: added + duplicates + skipped + failed. */
  read: number;
  added: number;
  /** Rows imported before (the same exchange row), or repeated in the file. */
  duplicates: number;
  /** Rows left out on purpose (cash deposits and withdrawals). */
  skipped: number;
  failed: number;
  /** Symbols of the holdings the import created. */
  createdHoldings: string[];
  /** The first failed rows, with why (at most {@link MAX_LISTED_TRADE_ROWS}). */
  failures: TradeRowProblem[];
  /** The first skipped and duplicate rows, with why. */
  skippedRows: TradeRowProblem[];
  /**
   * The import's batch (GET /api/portfolio/import-batches, undone by DELETE on it); null when the import
   * added nothing, so there is nothing to undo. Optional only for jobs finished before batches existed.
   */
  batchId?: string | null;
  /** Hand-entered opening transactions the import replaced (kept on the batch; undo restores them). */
  replacedOpening?: number;
}

/** How many failures the summary spells out before '...and N more' (as the holdings import does). */
export const SHOWN_TRADE_FAILURES = 3;

/** What the import modal says: the headline, then the first failures with row and reason. */
export function describeTradeImport(summary: TradeImportSummary): { headline: string; details: string[] } {
  const rows = summary.read === 1 ? '1 row' : `${summary.read} rows`;
  const parts = [`${summary.added} added`, `${summary.duplicates} skipped as already imported`];
  if (summary.skipped > 0) parts.push(`${summary.skipped} skipped`);
  parts.push(`${summary.failed} failed`);
  const created =
    summary.createdHoldings.length > 0 ? ` New holdings: ${summary.createdHoldings.join(', ')}.` : '';
  const details = summary.failures
    .slice(0, SHOWN_TRADE_FAILURES)
    .map((f) => `Row ${f.row}${f.symbol ? `, ${f.symbol}` : ''}: ${f.reason}`);
  if (summary.failed > SHOWN_TRADE_FAILURES)
    details.push(`...and ${summary.failed - SHOWN_TRADE_FAILURES} more`);
  return {
    headline: `${EXCHANGE_NAMES[summary.exchange]} trade history: ${parts.join(', ')} (${rows} read).${created}`,
    details,
  };
}

/** How far a trade import is: rows read of the file, then trades written of those to write. */
export interface TradeImportProgress {
  phase: 'reading' | 'writing';
  done: number;
  /** Rows in all (reading: the file's lines until the reading knows better; writing: the trades to write). */
  total: number;
}

/** A trade import running as a job: GET /api/portfolio/imports/:id, and 202 from the import itself. */
export interface TradeImportJob {
  jobId: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: TradeImportProgress | null;
  /** Once done. */
  summary?: TradeImportSummary;
  /** Once failed: why, in words for the user. */
  error?: string;
}
