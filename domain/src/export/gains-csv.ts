/**
 * The gains report as a CSV in the layout of the US Form 8949 (Sales and Other Dispositions of Capital
 * Assets): columns (a) to (h), one row per disposal, Part I (short term) rows first, then Part II (long
 * term). Columns (f) and (g), the adjustment code and amount, are left empty: Coinpace knows of no
 * adjustment. Amounts are rounded to the cent, losses written in parentheses as on the form (which also
 * keeps a spreadsheet from reading a leading minus as a formula); (h) is (d) minus (e) as written, so
 * every row adds up on paper. Income comes after the form's rows, in the same columns (Part 'Income'):
 * (b) the day it was received, (e) its value that day, which is its cost basis; then one 'Income total'
 * row. docs/reports.md describes the layout.
 */
import Papa from 'papaparse';
import { fromDecimal, roundDiv, WORK_SCALE } from '../transactions/fixed-point.ts';
import { VARIOUS, type Disposal, type GainsReport } from '../transactions/gains.ts';
import type { IncomeLine } from '../transactions/income.ts';
import { exportQuantity } from './export-numbers.ts';

/** What the report says about itself, wherever it is shown. */
export const GAINS_NOT_TAX_ADVICE =
  'This report is not tax advice. It is worked out from the transactions you recorded in Coinpace; ' +
  'check it with a tax professional or against your exchange’s records before you file.';

/** The CSV's header; `currency` is the display currency's code, e.g. 'USD'. */
export function gainsCsvHeader(currency: string): string[] {
  return [
    'Part',
    '(a) Description of property',
    '(b) Date acquired',
    '(c) Date sold or disposed of',
    `(d) Proceeds (${currency})`,
    `(e) Cost or other basis (${currency})`,
    '(f) Code(s) from instructions',
    '(g) Amount of adjustment',
    `(h) Gain or (loss) (${currency})`,
  ];
}

/** The download's file name. */
export function gainsCsvFilename(year: number, method: string): string {
  return `coinpace-gains-${year}-${method}.csv`;
}

/** An amount (decimal string) in cents, rounded half away from zero. */
export function toCents(text: string): bigint {
  return roundDiv(fromDecimal(text), 10n ** BigInt(WORK_SCALE - 2));
}

/** Cents as the form writes them: '1234.50', a loss '(12.00)'. */
export function formatCents(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return cents < 0n ? `(${text})` : text;
}

/** 'YYYY-MM-DD' as the form's MM/DD/YYYY; 'various' as VARIOUS. */
export function formDate(day: string): string {
  if (day === VARIOUS) return 'VARIOUS';
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

/** A disposal's figures as the form has them: (d) and (e) to the cent, (h) = (d) - (e). */
export function formAmounts(d: Pick<Disposal, 'proceeds' | 'costBasis'>) {
  const proceeds = toCents(d.proceeds);
  const cost = toCents(d.costBasis);
  return { proceeds, cost, gain: proceeds - cost };
}

/** An income line as a row: Part 'Income', (a) the coins, (b) the day, (e) the value. */
function incomeRow(line: IncomeLine): string[] {
  const when = formDate(line.received);
  return [
    'Income',
    `${exportQuantity(line.quantity)} ${line.symbol}`,
    when,
    '',
    '',
    formatCents(toCents(line.value)),
    '',
    '',
    '',
  ];
}

/**
 * The CSV text: header, Part I rows, Part II rows, each part in the report's order; then the income
 * rows and their total (the sum of the rounded values, so the column adds up), when there is income.
 */
export function gainsToCsv(
  report: Pick<GainsReport, 'disposals'> & Partial<Pick<GainsReport, 'income'>>,
  currency: string,
): string {
  const row = (d: Disposal) => {
    const { proceeds, cost, gain } = formAmounts(d);
    return [
      d.term === 'short' ? 'I' : 'II',
      `${exportQuantity(d.quantity)} ${d.symbol}`,
      formDate(d.acquired),
      formDate(d.disposed),
      formatCents(proceeds),
      formatCents(cost),
      '',
      '',
      formatCents(gain),
    ];
  };
  const rows = [
    ...report.disposals.filter((d) => d.term === 'short').map(row),
    ...report.disposals.filter((d) => d.term === 'long').map(row),
  ];
  const income = report.income ?? [];
  if (income.length > 0) {
    rows.push(...income.map(incomeRow));
    const total = income.reduce((sum, line) => sum + toCents(line.value), 0n);
    rows.push(['Income total', '', '', '', '', formatCents(total), '', '', '']);
  }
  const text = Papa.unparse(
    { fields: gainsCsvHeader(currency.toUpperCase()), data: rows },
    { newline: '\r\n', escapeFormulae: true },
  );
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
