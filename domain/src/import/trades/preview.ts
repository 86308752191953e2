/**
 * What a trade import would do, before anything is written: per coin the holding's quantity before and
 * after, the holdings to be created, the rows to add, skip and fail, and where a hand-entered opening
 * balance is dated within the imported history (so the history most likely holds those coins already and
 * keeping both counts them twice).
 */
import { deriveHolding, type HoldingTransaction } from '../../transactions/cost-basis.ts';
import { feasibleTrades } from './feasible.ts';
import type { TradeImportPlan } from './plan.ts';
import type { TradeExchange, TradeRowProblem } from './types.ts';

/** A holding as the preview sees it: its history, and which of it is the hand-entered opening. */
export interface PreviewHolding {
  id: string;
  symbol: string;
  name: string;
  coingeckoId: string | null;
  /** The holding's history. */
  transactions: readonly HoldingTransaction[];
  /** Ids of its hand-entered opening transactions (recorded with the holding, not imported). */
  openingIds: readonly string[];
}

/** Which coins' overlapping opening balances the import replaces: all, none, or these symbols. */
export type ReplaceOpening = boolean | readonly string[];

/** The transactions of `openings` dated at or after the imported history's first trade. */
export function overlappingOpenings<T extends { at: string }>(
  openings: readonly T[],
  firstTradeAt: string | undefined,
): T[] {
  if (firstTradeAt === undefined) return [];
  const first = Date.parse(firstTradeAt);
  return openings.filter((o) => Date.parse(o.at) >= first);
}

/** True when `symbol`'s overlapping opening balance is to be replaced. */
export function replacesOpening(choice: ReplaceOpening | undefined, symbol: string): boolean {
  if (choice === undefined || choice === false) return false;
  if (choice === true) return true;
  return choice.some((s) => s.toUpperCase() === symbol.toUpperCase());
}

/** One coin of the preview. */
export interface TradeImportPreviewCoin {
  symbol: string;
  name: string;
  /** The holding written to; null when the import creates it (or cannot write the coin at all). */
  holdingId: string | null;
  /** 'existing' holding, a 'new' one the import creates, or 'refused' (every row of it fails). */
  target: 'existing' | 'new' | 'refused';
  /** Quantity held now, and once imported with the chosen option. */
  before: string;
  after: string;
  /** Rows of this coin to add and to fail. */
  add: number;
  fail: number;
  /** The hand-entered opening balance dated within the imported history, when there is one. */
  opening: {
    quantity: string;
    at: string;
    replaced: boolean;
    afterReplacing: string;
    afterKeeping: string;
  } | null;
}

/** Response of POST /api/portfolio/import-trades/preview. */
export interface TradeImportPreview {
  exchange: TradeExchange;
  read: number;
  add: number;
  /** Rows imported before, or repeated in the file. */
  duplicates: number;
  /** Rows left out on purpose (cash deposits and withdrawals). */
  skipped: number;
  failed: number;
  /** Symbols of the holdings the import would create. */
  createdHoldings: string[];
  coins: TradeImportPreviewCoin[];
  /** Symbols whose hand-entered opening balance overlaps the imported history. */
  overlaps: string[];
  failures: TradeRowProblem[];
  skippedRows: TradeRowProblem[];
}

export interface PreviewInput {
  plan: TradeImportPlan;
  holdings: readonly PreviewHolding[];
  /** Holdings the user may still create. */
  room: number;
  /** Why a coin fails when there is no room for its holding. */
  fullReason: string;
  replaceOpening?: ReplaceOpening;
}

/** The coins' side of the preview; the caller adds the file's counts (read, skipped, failed rows). */
export function previewTradeGroups(input: PreviewInput): {
  coins: TradeImportPreviewCoin[];
  failures: TradeRowProblem[];
} {
  const bySymbol = new Map(input.holdings.map((h) => [h.symbol.toLowerCase(), h]));
  let room = input.room;
  const coins: TradeImportPreviewCoin[] = [];
  const failures: TradeRowProblem[] = [];
  for (const group of input.plan.groups) {
    const held = bySymbol.get(group.symbol.toLowerCase());
    const existing = held?.transactions ?? [];
    const before = quantityOf(existing);
    const refuse = (reason: string, name: string) => {
      failures.push(...group.trades.map((t) => ({ row: t.row, symbol: group.symbol, reason })));
      coins.push({
        symbol: group.symbol,
        name,
        holdingId: held?.id ?? null,
        target: 'refused',
        before,
        after: before,
        add: 0,
        fail: group.trades.length,
        opening: null,
      });
    };
    if (held && held.coingeckoId && group.coingeckoId && held.coingeckoId !== group.coingeckoId) {
      refuse(`your ${held.symbol} holding is another coin (${held.name})`, held.name);
      continue;
    }
    if (!held && room <= 0) {
      refuse(input.fullReason, group.name ?? group.symbol);
      continue;
    }
    if (!held) room -= 1;
    const openingIds = new Set(held?.openingIds ?? []);
    const overlap = overlappingOpenings(
      existing.filter((t) => openingIds.has(t.id)),
      group.trades[0]?.at,
    );
    const without = new Set(overlap.map((t) => t.id));
    const keeping = outcomeOf(existing, group.trades);
    const replacing =
      overlap.length > 0
        ? outcomeOf(
            existing.filter((t) => !without.has(t.id)),
            group.trades,
          )
        : keeping;
    const replaced = overlap.length > 0 && replacesOpening(input.replaceOpening, group.symbol);
    const chosen = replaced ? replacing : keeping;
    failures.push(...chosen.refused.map((r) => ({ row: r.row, symbol: group.symbol, reason: r.reason })));
    coins.push({
      symbol: group.symbol,
      name: held?.name ?? group.name ?? group.symbol,
      holdingId: held?.id ?? null,
      target: held ? 'existing' : 'new',
      before,
      after: chosen.after,
      add: chosen.added,
      fail: chosen.refused.length,
      opening:
        overlap.length > 0
          ? {
              quantity: quantityOf(overlap),
              at: overlap[0]!.at,
              replaced,
              afterReplacing: replacing.after,
              afterKeeping: keeping.after,
            }
          : null,
    });
  }
  return { coins, failures };
}

/** The quantity a history derives to ('0' for none, or for one that cannot be derived). */
function quantityOf(transactions: readonly HoldingTransaction[]): string {
  const derived = deriveHolding(transactions);
  return derived.ok ? derived.holding.quantity : '0';
}

function outcomeOf(
  existing: readonly HoldingTransaction[],
  trades: TradeImportPlan['groups'][number]['trades'],
): { after: string; added: number; refused: { row: number; reason: string }[] } {
  const { accepted, refused } = feasibleTrades(existing, trades);
  const merged: HoldingTransaction[] = [
    ...existing,
    ...accepted.map((t) => ({
      id: `row-${t.row}`,
      kind: t.kind,
      at: t.at,
      quantity: t.quantity,
      pricePerCoin: t.pricePerCoin,
      fee: t.fee,
      note: t.note,
      currency: t.currency,
    })),
  ];
  return { after: quantityOf(merged), added: accepted.length, refused };
}
