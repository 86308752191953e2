/**
 * Which imported trades a holding's history can take: walking the existing history with the imported
 * trades in time order, an imported trade taking out more than was held at its time is refused, and an
 * existing one that would is made possible by refusing the latest imported outgoing trades before it.
 * Shared by the import's writes and its preview, so the preview says what the import will do.
 */
import { fromDecimal, toDecimal } from '../../transactions/fixed-point.ts';
import { inHistoryOrder, isIncomingKind, type TransactionKind } from '../../transactions/cost-basis.ts';

/** What the walk needs of a transaction, existing or imported. */
export interface FeasibleStep {
  kind: TransactionKind;
  /** ISO 8601 instant. */
  at: string;
  quantity: string;
}

/** An imported trade, with its row in the file. */
export interface FeasibleTrade extends FeasibleStep {
  row: number;
}

interface Step {
  at: number;
  kind: TransactionKind;
  quantity: bigint;
  trade?: FeasibleTrade;
}

/** The reason an imported outgoing trade is refused to keep a later recorded one possible. */
export const LATER_SALE_SHORT_REASON =
  'it would leave too few coins for a later sale or transfer already recorded in Coinpace';

/** Splits `trades` into those the history can take and those refused, with why. One pass. */
export function feasibleTrades<T extends FeasibleTrade>(
  existing: readonly FeasibleStep[],
  trades: readonly T[],
): { accepted: T[]; refused: { row: number; reason: string }[] } {
  const steps: Step[] = inHistoryOrder([
    ...existing.map((t) => ({ at: t.at, step: { kind: t.kind, quantity: fromDecimal(t.quantity) } })),
    ...trades.map((t) => ({
      at: t.at,
      step: { kind: t.kind, quantity: fromDecimal(t.quantity), trade: t as FeasibleTrade },
    })),
  ]).map(({ at, step }) => ({ at: Date.parse(at), ...step }));
  const refused = new Map<FeasibleTrade, string>();
  let held = 0n;
  let outs: Step[] = [];
  for (const step of steps) {
    if (step.kind === 'adjust') {
      held = step.quantity;
      outs = [];
    } else if (isIncomingKind(step.kind)) {
      held += step.quantity;
    } else if (step.trade) {
      if (step.quantity > held) {
        refused.set(step.trade, tooMuch(step, held));
      } else {
        held -= step.quantity;
        outs.push(step);
      }
    } else {
      while (step.quantity > held && outs.length > 0) {
        const undone = outs.pop()!;
        held += undone.quantity;
        refused.set(undone.trade!, LATER_SALE_SHORT_REASON);
      }
      held -= step.quantity;
    }
  }
  return {
    accepted: trades.filter((t) => !refused.has(t)),
    refused: trades.filter((t) => refused.has(t)).map((t) => ({ row: t.row, reason: refused.get(t)! })),
  };
}

function tooMuch(step: Step, held: bigint): string {
  const what = step.kind === 'sell' ? 'sell' : 'transfer out';
  const when = new Date(step.at).toISOString().slice(0, 16).replace('T', ' ');
  return `You held ${toDecimal(held)} on ${when} UTC, so you cannot ${what} ${toDecimal(step.quantity)}.`;
}
