/**
 * POST /api/portfolio/import-trades: an exchange's trade-history export into the
 * holdings' transactions. Rows imported before are skipped as duplicates; coins not held yet get a holding
 * made from their trades; every row is accounted for in the summary. Each import is one batch the user can
 * undo (import-batches.ts in db), and may replace hand-entered opening balances the history overlaps.
 */
import {
  createImportBatch,
  deleteEmptyHoldings,
  finishImportBatch,
  importTradesIntoHolding,
  insertEmptyHoldings,
  knownCoinNames,
  listHoldings,
  userExternalRefs,
  type AppDb,
  type ImportedTrade,
} from '@coinpace/db';
import {
  AppError,
  MAX_HOLDINGS_PER_USER,
  MAX_LISTED_TRADE_ROWS,
  MAX_TRADE_ROWS,
  TICKER_COINS,
  TRADE_FORMAT_UNKNOWN_MESSAGE,
  parseTradeHistorySliced,
  planTradeImport,
  replacesOpening,
  type HoldingRow,
  type ReplaceOpening,
  type TradeImportProgress,
  type TradeImportSummary,
  type TradeRowProblem,
} from '@coinpace/domain';
import { PORTFOLIO_FULL_REASON } from './service.ts';

export interface TradeImportResult {
  summary: TradeImportSummary;
  /** The holdings the import created, for the alerts new coins get. */
  created: HoldingRow[];
}

/**
 * Awaited between slices of the work with how far it is: the job reports progress here and lets the
 * event loop serve other requests (a 20,000-row file is hundreds of milliseconds of reading).
 */
export type ImportPause = (progress: TradeImportProgress) => Promise<void>;

/** What the user chose for an import besides the file. */
export interface TradeImportOptions {
  replaceOpening?: ReplaceOpening;
  fileName?: string;
}

/** Reads `text` as a trade history: 400 when no format is known or the file has too many rows. */
export async function readTradeFile(text: string, now: number, pause: ImportPause) {
  const expected = lineCount(text);
  const parsed = await parseTradeHistorySliced(text, {
    now,
    pause: (read) => pause({ phase: 'reading', done: read, total: Math.max(read, expected) }),
  });
  const exchange = parsed.exchange;
  if (!exchange) throw new AppError('BAD_REQUEST', { message: TRADE_FORMAT_UNKNOWN_MESSAGE });
  if (parsed.read > MAX_TRADE_ROWS) {
    throw new AppError('BAD_REQUEST', {
      message: `The file has ${parsed.read.toLocaleString('en-US')} rows; at most ${MAX_TRADE_ROWS.toLocaleString('en-US')} can be imported at once. Export a shorter period, or split the file.`,
    });
  }
  return { ...parsed, exchange };
}

/**
 * Reads `text`, writes its trades as one batch (the import the user can undo) and says what happened to
 * each row.
 */
export async function importTrades(
  db: AppDb,
  userId: string,
  text: string,
  now: number,
  pause: ImportPause = () => Promise.resolve(),
  options: TradeImportOptions = {},
): Promise<TradeImportResult> {
  const parsed = await readTradeFile(text, now, pause);
  const plan = planTradeImport(parsed.trades, await userExternalRefs(db, userId));
  const failures: TradeRowProblem[] = [...parsed.failed];
  const skippedRows: TradeRowProblem[] = [...parsed.skipped, ...plan.duplicates];
  let duplicates = plan.duplicates.length;
  let added = 0;

  const holdings = await listHoldings(db, userId);
  const bySymbol = new Map(holdings.map((h) => [h.symbol.toLowerCase(), h]));
  let room = MAX_HOLDINGS_PER_USER - holdings.length;
  const targets: { group: (typeof plan.groups)[number]; holdingId?: string }[] = [];
  const toCreate: { symbol: string; name: string; coingeckoId: string | null }[] = [];
  for (const group of plan.groups) {
    const held = bySymbol.get(group.symbol.toLowerCase());
    const failAll = (reason: string) =>
      failures.push(...group.trades.map((t) => ({ row: t.row, symbol: group.symbol, reason })));
    if (held) {
      if (held.coingeckoId && group.coingeckoId && held.coingeckoId !== group.coingeckoId) {
        failAll(`your ${held.symbol} holding is another coin (${held.name})`);
      } else {
        targets.push({ group, holdingId: held.id });
      }
    } else if (room <= 0) {
      failAll(PORTFOLIO_FULL_REASON);
    } else {
      room -= 1;
      toCreate.push({
        symbol: group.symbol,
        name: group.name ?? group.symbol,
        coingeckoId: group.coingeckoId,
      });
      targets.push({ group });
    }
  }
  // An exchange export names coins by symbol only: a new holding takes the coin's name where it is known.
  const names = await knownCoinNames(
    db,
    toCreate.flatMap((c) => (c.coingeckoId ? [c.coingeckoId] : [])),
  );
  const created = await insertEmptyHoldings(
    db,
    userId,
    toCreate.map((c) => ({ ...c, name: coinName(c, names) })),
  );
  const createdIds = new Map(created.map((c) => [c.symbol.toLowerCase(), c.id]));
  // A symbol another request added meanwhile: import into that holding.
  const missing = targets.some((t) => !t.holdingId && !createdIds.has(t.group.symbol.toLowerCase()));
  const again = missing
    ? new Map((await listHoldings(db, userId)).map((h) => [h.symbol.toLowerCase(), h.id]))
    : null;

  const batchId = await createImportBatch(db, {
    userId,
    exchange: parsed.exchange,
    fileName: options.fileName || null,
  });
  let replacedOpening = 0;
  const toWrite = targets.reduce((sum, t) => sum + t.group.trades.length, 0);
  let written = 0;
  try {
    for (const { group, holdingId } of targets) {
      await pause({ phase: 'writing', done: written, total: toWrite });
      written += group.trades.length;
      const key = group.symbol.toLowerCase();
      const id = holdingId ?? createdIds.get(key) ?? again?.get(key);
      if (!id) {
        failures.push(
          ...group.trades.map((t) => ({
            row: t.row,
            symbol: group.symbol,
            reason: 'the holding could not be created',
          })),
        );
        continue;
      }
      const trades: ImportedTrade[] = group.trades.map((t) => ({
        row: t.row,
        kind: t.kind,
        at: new Date(t.at),
        quantity: t.quantity,
        pricePerCoin: t.pricePerCoin,
        fee: t.fee,
        note: t.note,
        externalRef: t.externalRef,
        currency: t.currency,
      }));
      const outcome = await importTradesIntoHolding(db, userId, id, trades, {
        batchId,
        replaceOpening: replacesOpening(options.replaceOpening, group.symbol),
      });
      added += outcome.added.length;
      replacedOpening += outcome.replaced;
      duplicates += outcome.duplicates.length;
      for (const row of outcome.duplicates)
        skippedRows.push({ row, symbol: group.symbol, reason: 'already imported' });
      for (const f of outcome.failed) failures.push({ row: f.row, symbol: group.symbol, reason: f.reason });
    }
  } catch (error) {
    // An import stopped midway (the database went away) keeps what it wrote as an import to undo.
    await finishImportBatch(db, batchId, {
      read: parsed.read,
      added,
      createdHoldings: created.map((c) => c.id),
    }).catch(() => undefined);
    throw error;
  }

  const emptied = new Set(
    await deleteEmptyHoldings(
      db,
      userId,
      created.map((c) => c.id),
    ),
  );
  const kept = created.filter((c) => !emptied.has(c.id));
  const keptIds = new Set(kept.map((c) => c.id));
  const createdRows =
    kept.length > 0 ? (await listHoldings(db, userId)).filter((h) => keptIds.has(h.id)) : [];
  const batchKept = await finishImportBatch(db, batchId, {
    read: parsed.read,
    added,
    createdHoldings: kept.map((c) => c.id),
  });
  const byRow = (a: TradeRowProblem, b: TradeRowProblem) => a.row - b.row;
  return {
    summary: {
      exchange: parsed.exchange,
      read: parsed.read,
      added,
      duplicates,
      skipped: parsed.skipped.length,
      failed: failures.length,
      createdHoldings: kept.map((c) => c.symbol),
      failures: failures.sort(byRow).slice(0, MAX_LISTED_TRADE_ROWS),
      skippedRows: skippedRows.sort(byRow).slice(0, MAX_LISTED_TRADE_ROWS),
      batchId: batchKept ? batchId : null,
      replacedOpening,
    },
    created: createdRows,
  };
}

/** Lines of `text` less its header: the rows to expect, before the reading knows better. */
function lineCount(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
  return Math.max(0, lines - (text.endsWith('\n') ? 1 : 0));
}

/**
 * A new holding's name: the one the file gave (Coinpace's own export), else the coin's known name (the
 * tracked coins, the ticker's), else its symbol.
 */
function coinName(
  coin: { symbol: string; name: string; coingeckoId: string | null },
  known: Map<string, string>,
): string {
  if (coin.name !== coin.symbol || !coin.coingeckoId) return coin.name;
  return (
    known.get(coin.coingeckoId) ??
    TICKER_COINS.find((t) => t.coingeckoId === coin.coingeckoId)?.name ??
    coin.name
  );
}
