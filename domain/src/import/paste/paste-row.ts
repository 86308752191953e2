/** Building rows from pasted text: the row rules of SPEC.md section 5 applied to what a format found. */
import {
  cleanName,
  cleanValue,
  ImportRowCollector,
  isImportQuantity,
  type ImportRow,
} from '../import-row.ts';
import { isPasteSymbol } from './cells.ts';

/** What a paste format found for one token, before the row rules. */
export interface PasteCandidate {
  symbol: string;
  quantity: number;
  name?: string | undefined;
  value?: number | undefined;
  contractAddress?: string | undefined;
}

/**
 * Collects paste rows: a candidate is kept when its symbol passes {@link isPasteSymbol} and its quantity
 * is finite, above 0, at most MAX_QUANTITY and below `quantityBelow` when given; a value not above 0 is
 * dropped. Duplicate symbols merge as in ImportRowCollector.
 */
export class PasteRows {
  readonly #collector = new ImportRowCollector();
  readonly #quantityBelow: number;

  constructor(options: { quantityBelow?: number } = {}) {
    this.#quantityBelow = options.quantityBelow ?? Infinity;
  }

  /** Adds a candidate; false when the row rules refuse it. */
  add(candidate: PasteCandidate): boolean {
    const { symbol, quantity } = candidate;
    if (!isPasteSymbol(symbol) || !isImportQuantity(quantity) || !(quantity < this.#quantityBelow))
      return false;
    const row: ImportRow = { symbol, quantity };
    const name = cleanName(candidate.name);
    if (name !== undefined) row.name = name;
    const value = cleanValue(candidate.value);
    if (value !== undefined) row.value = value;
    if (candidate.contractAddress !== undefined) row.contractAddress = candidate.contractAddress;
    return this.#collector.add(row);
  }

  /** The rows kept, merged, in first-seen order. */
  rows(): ImportRow[] {
    return this.#collector.rows();
  }
}
