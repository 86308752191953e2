/**
 * POST /api/portfolio/import-trades/preview: what an import of the file would do, written nowhere. The
 * same reading, duplicate check and per-holding feasibility as the import, so its counts and quantities
 * are the import's (unless the portfolio changes in between).
 */
import {
  listHoldings,
  listUserHistories,
  openingTransactions,
  userExternalRefs,
  type AppDb,
} from '@coinpace/db';
import {
  MAX_HOLDINGS_PER_USER,
  MAX_LISTED_TRADE_ROWS,
  planTradeImport,
  previewTradeGroups,
  type TradeImportPreview,
  type TradeRowProblem,
} from '@coinpace/domain';
import { readTradeFile, type TradeImportOptions } from './import-trades.ts';
import { PORTFOLIO_FULL_REASON } from './service.ts';

export async function previewTrades(
  db: AppDb,
  userId: string,
  text: string,
  now: number,
  options: TradeImportOptions = {},
): Promise<TradeImportPreview> {
  const parsed = await readTradeFile(text, now, () => new Promise((resolve) => setImmediate(resolve)));
  const plan = planTradeImport(parsed.trades, await userExternalRefs(db, userId));
  const [holdings, histories, openings] = await Promise.all([
    listHoldings(db, userId),
    listUserHistories(db, userId),
    openingTransactions(db, userId),
  ]);
  const { coins, failures } = previewTradeGroups({
    plan,
    holdings: holdings.map((h) => ({
      id: h.id,
      symbol: h.symbol,
      name: h.name,
      coingeckoId: h.coingeckoId,
      transactions: histories.get(h.id) ?? [],
      openingIds: openings.filter((o) => o.holdingId === h.id).map((o) => o.id),
    })),
    room: MAX_HOLDINGS_PER_USER - holdings.length,
    fullReason: PORTFOLIO_FULL_REASON,
    ...(options.replaceOpening !== undefined ? { replaceOpening: options.replaceOpening } : {}),
  });
  const allFailures: TradeRowProblem[] = [...parsed.failed, ...failures];
  const byRow = (a: TradeRowProblem, b: TradeRowProblem) => a.row - b.row;
  return {
    exchange: parsed.exchange,
    read: parsed.read,
    add: coins.reduce((sum, c) => sum + c.add, 0),
    duplicates: plan.duplicates.length,
    skipped: parsed.skipped.length,
    failed: allFailures.length,
    createdHoldings: coins.filter((c) => c.target === 'new' && c.add > 0).map((c) => c.symbol),
    coins,
    overlaps: coins.filter((c) => c.opening).map((c) => c.symbol),
    failures: allFailures.sort(byRow).slice(0, MAX_LISTED_TRADE_ROWS),
    skippedRows: [...parsed.skipped, ...plan.duplicates].sort(byRow).slice(0, MAX_LISTED_TRADE_ROWS),
  };
}
