/** Building rows from pasted text: the row rules of SPEC.md section 5 applied to what a format found. */
import { MAX_QUANTITY } from '../../limits.ts';
import {
  cleanName,
  cleanValue,
  ImportRowCollector,
  isImportQuantity,
  type ImportReport,
  type ImportRow,
} from '../import-row.ts';
import { NOTHING_HELD_REASON } from '../messages.ts';
import { isPasteSymbol } from './cells.ts';

/** What a paste format found for one token, before the row rules. */
export interface PasteCandidate {
  symbol: string;
  quantity: number;
  name?: string | undefined;
  value?: number | undefined;
  contractAddress?: string | undefined;
}

const MAX_SHOWN = 40;

/** A line of pasted text cut for a failure message: '"Bitcoin 0.5234 0.5…"'. */
export function quoteLine(line: string): string {
  const flat = line.replace(/\s+/g, ' ').trim();
  return `"${flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN - 1)}…` : flat}"`;
}

/**
 * Collects paste rows: a candidate is kept when its symbol passes {@link isPasteSymbol} and its quantity
 * is finite, above 0, at most MAX_QUANTITY and below `quantityBelow` when given; a value not above 0 is
 * dropped. A quantity of 0 is skipped (nothing held); any other refusal fails with its reason, so every
 * token a format reads is accounted for in {@link report}. Duplicate symbols merge as in
 * ImportRowCollector.
 */
export class PasteRows {
  readonly #collector: ImportRowCollector;
  readonly #quantityBelow: number;

  constructor(options: { quantityBelow?: number } = {}) {
    this.#quantityBelow = options.quantityBelow ?? Infinity;
    this.#collector = new ImportRowCollector({ quantityBelow: this.#quantityBelow });
  }

  /** Adds a candidate; false when the row rules refuse it (it is then recorded as skipped or failed). */
  add(candidate: PasteCandidate): boolean {
    const { symbol, quantity } = candidate;
    if (quantity === 0 && isPasteSymbol(symbol)) {
      this.#collector.skip(symbol, NOTHING_HELD_REASON);
      return false;
    }
    const refusal = this.#refusal(symbol, quantity);
    if (refusal !== null) {
      this.#collector.fail(isPasteSymbol(symbol) ? symbol : '', refusal);
      return false;
    }
    const row: ImportRow = { symbol, quantity };
    const name = cleanName(candidate.name);
    if (name !== undefined) row.name = name;
    const value = cleanValue(candidate.value);
    if (value !== undefined) row.value = value;
    if (candidate.contractAddress !== undefined) row.contractAddress = candidate.contractAddress;
    if (this.#collector.add(row)) return true;
    const limit = Math.min(MAX_QUANTITY, this.#quantityBelow);
    const words = limit === MAX_QUANTITY ? 'would exceed' : 'must stay below';
    this.#collector.fail(symbol, `total quantity ${words} ${limit.toLocaleString('en-US')}`);
    return false;
  }

  /** Records a token read but left out on purpose. */
  skip(symbol: string, reason: string): void {
    this.#collector.skip(symbol, reason);
  }

  /** Records a token or table row read that could not be made a row. */
  fail(symbol: string, reason: string): void {
    this.#collector.fail(symbol, reason);
  }

  /** The rows kept, merged, in first-seen order. */
  rows(): ImportRow[] {
    return this.#collector.rows();
  }

  /** How every token read was accounted for. */
  report(): ImportReport {
    return this.#collector.report();
  }

  /** Why a candidate fails the row rules, or null when it passes. */
  #refusal(symbol: string, quantity: number): string | null {
    if (!isPasteSymbol(symbol)) return `"${symbol}" is not a coin symbol`;
    if (Number.isNaN(quantity)) return 'no quantity found';
    if (quantity <= 0) return 'quantity must be above 0';
    if (!(quantity < this.#quantityBelow)) {
      return `quantity must be below ${this.#quantityBelow.toLocaleString('en-US')}`;
    }
    if (!isImportQuantity(quantity))
      return `quantity must be at most ${MAX_QUANTITY.toLocaleString('en-US')}`;
    return null;
  }
}
