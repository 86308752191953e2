/**
 * The income section of the yearly gains report: every coin received as income (staking rewards,
 * interest, airdrops) with its value on the day it came, apart from the gains of trading. That value is
 * also the coins' cost basis (cost-basis.ts), so a later sale's gain counts only what they made since.
 */
import { fromDecimal, mul, toDecimal } from './fixed-point.ts';
import type { HoldingTransaction } from './cost-basis.ts';

/** A holding as the income section reads it (gains.ts's GainsHolding fits). */
interface IncomeHolding {
  holdingId: string;
  symbol: string;
  name: string;
  transactions: readonly HoldingTransaction[];
}

/** One income transaction as the report lists it. */
export interface IncomeLine {
  holdingId: string;
  transactionId: string;
  symbol: string;
  name: string;
  /** UTC day it was received (YYYY-MM-DD). */
  received: string;
  quantity: string;
  /** quantity x the price of the day, in the report's currency; a fee is left out (it is part of the cost). */
  value: string;
  note: string | null;
}

/** The year's income lines, ordered by time then by holding, and their total value. */
export function incomeOfYear(
  holdings: readonly IncomeHolding[],
  year: number | null,
  /** An amount in the transactions' currency (scaled by 10^36) in the report's, on a UTC day. */
  toDisplay: (amount: bigint, day: string) => bigint,
): { income: IncomeLine[]; incomeTotal: string } {
  const lines: { time: number; order: number; line: IncomeLine }[] = [];
  let total = 0n;
  holdings.forEach((holding, order) => {
    for (const t of holding.transactions) {
      if (t.kind !== 'income') continue;
      const time = Date.parse(t.at);
      const day = new Date(time).toISOString().slice(0, 10);
      if (year !== null && !day.startsWith(`${year}-`)) continue;
      const value = toDisplay(mul(fromDecimal(t.quantity), fromDecimal(t.pricePerCoin)), day);
      total += value;
      lines.push({
        time,
        order,
        line: {
          holdingId: holding.holdingId,
          transactionId: t.id,
          symbol: holding.symbol,
          name: holding.name,
          received: day,
          quantity: t.quantity,
          value: toDecimal(value),
          note: t.note,
        },
      });
    }
  });
  lines.sort((a, b) => a.time - b.time || a.order - b.order);
  return { income: lines.map((l) => l.line), incomeTotal: toDecimal(total) };
}
