/**
 * The row every importer (CSV file, pasted wallet or exchange text) produces, and the rules a row must
 * meet to exist at all (SPEC.md section 5, 'CSV' and 'Paste'; DESIGN.md section 4, 'Domain functions').
 */
import { isContractAddress } from '../coins.ts';
import { MAX_QUANTITY } from '../limits.ts';

/**
 * One holding read from an import. `symbol` is upper case; `quantity` is finite and above 0; `value`, when
 * present, is the position's current USD value as the source states it (finite, above 0); `contractAddress`
 * is present only when it passes {@link isContractAddress}, and is lower case.
 */
export interface ImportRow {
  symbol: string;
  name?: string;
  quantity: number;
  value?: number;
  contractAddress?: string;
}

/** Longest coin name kept from an import; longer names are cut (the API accepts 100 characters). */
export const MAX_IMPORT_NAME_LENGTH = 100;

// The API's symbol rule (schemas/common.ts, zSymbol), so a row the parser accepts is one the server accepts.
const SYMBOL_SHAPE = /^[A-Za-z0-9$._-]{1,20}$/;

/** True when an already trimmed symbol has the shape the API accepts (1-20 of A-Z, 0-9, $ . _ -). */
export function isImportSymbol(symbol: string): boolean {
  return SYMBOL_SHAPE.test(symbol);
}

/** A trimmed, length-capped name, or undefined for a blank one. */
export function cleanName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (trimmed === '') return undefined;
  return trimmed.length > MAX_IMPORT_NAME_LENGTH
    ? trimmed.slice(0, MAX_IMPORT_NAME_LENGTH).trimEnd()
    : trimmed;
}

/** The lower-case contract address when `text` is a usable one (SPEC.md section 5), else undefined. */
export function cleanContractAddress(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  return isContractAddress(trimmed) ? trimmed.toLowerCase() : undefined;
}

/** True for a quantity a row may carry: finite, above 0 and at most the API's MAX_QUANTITY. */
export function isImportQuantity(quantity: number): boolean {
  return Number.isFinite(quantity) && quantity > 0 && quantity <= MAX_QUANTITY;
}

/** A value a row may carry: finite and above 0. Anything else means 'no value given'. */
export function cleanValue(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A source row, or a coin of the import, that was not added, and why. `symbol` is '' when it had none. */
export interface ImportFailure {
  symbol: string;
  error: string;
  /** Where the source has it, when it numbers its rows: 'Row 5' of a CSV file. */
  where?: string;
}

/**
 * How an importer accounted for every source row it read as a holding (a CSV data record, a pasted table
 * row or token): each one is merged into a row of the result, skipped on purpose or failed, so
 * `read` = the sum of `sourceRows` + `skipped.length` + `failed.length`.
 */
export interface ImportReport {
  read: number;
  /** How many source rows each result row holds, by its symbol: 2 when a coin was listed twice. */
  sourceRows: Record<string, number>;
  /** Rows left out on purpose, with why: nothing held (quantity 0), a balance too small to read. */
  skipped: ImportFailure[];
  /** Rows that could not be read, with why. */
  failed: ImportFailure[];
}

interface Entry {
  row: ImportRow;
  /** False once any merged occurrence lacked a value: a partial sum would understate the position. */
  valueComplete: boolean;
  sourceRows: number;
}

/**
 * Collects rows in first-seen order and merges duplicate symbols (case-insensitive): quantities add up;
 * values add up only while every occurrence gave one; the first non-empty name and contract address win.
 * Holding one coin in several lots, wallets or networks is common, and the portfolio keeps one row per
 * symbol, so the sum is the holding. `add` refuses a row whose merge would push the quantity past
 * MAX_QUANTITY (or to Infinity) and leaves the earlier total untouched. It also keeps the import's
 * {@link ImportReport}: every source row goes through `add`, `skip` or `fail` exactly once.
 */
export class ImportRowCollector {
  readonly #bySymbol = new Map<string, Entry>();
  readonly #skipped: ImportFailure[] = [];
  readonly #failed: ImportFailure[] = [];
  readonly #quantityBelow: number;

  /** `quantityBelow`: a merged total must stay below it too, when a format caps its quantities. */
  constructor(options: { quantityBelow?: number } = {}) {
    this.#quantityBelow = options.quantityBelow ?? Infinity;
  }

  /**
   * Adds or merges a row whose fields already passed the row rules. False when the merge was refused:
   * the caller then reports the row through `fail`.
   */
  add(row: ImportRow): boolean {
    const existing = this.#bySymbol.get(row.symbol);
    if (!existing) {
      const copy: ImportRow = { symbol: row.symbol, quantity: row.quantity };
      if (row.name !== undefined) copy.name = row.name;
      if (row.value !== undefined) copy.value = row.value;
      if (row.contractAddress !== undefined) copy.contractAddress = row.contractAddress;
      this.#bySymbol.set(row.symbol, { row: copy, valueComplete: row.value !== undefined, sourceRows: 1 });
      return true;
    }
    const quantity = existing.row.quantity + row.quantity;
    if (!isImportQuantity(quantity) || !(quantity < this.#quantityBelow)) return false;
    existing.sourceRows += 1;
    const target = existing.row;
    target.quantity = quantity;
    if (target.name === undefined && row.name !== undefined) target.name = row.name;
    if (target.contractAddress === undefined && row.contractAddress !== undefined) {
      target.contractAddress = row.contractAddress;
    }
    const value =
      existing.valueComplete && row.value !== undefined ? (target.value ?? 0) + row.value : undefined;
    if (value !== undefined && Number.isFinite(value)) {
      target.value = value;
    } else {
      existing.valueComplete = false;
      delete target.value;
    }
    return true;
  }

  /** Records a source row left out on purpose. */
  skip(symbol: string, error: string, where?: string): void {
    this.#skipped.push(where === undefined ? { symbol, error } : { symbol, error, where });
  }

  /** Records a source row that could not be read. */
  fail(symbol: string, error: string, where?: string): void {
    this.#failed.push(where === undefined ? { symbol, error } : { symbol, error, where });
  }

  /** Number of distinct symbols collected. */
  get size(): number {
    return this.#bySymbol.size;
  }

  /** The merged rows, in the order each symbol first appeared. */
  rows(): ImportRow[] {
    return Array.from(this.#bySymbol.values(), (e) => e.row);
  }

  /** Every source row seen so far, accounted for. */
  report(): ImportReport {
    const sourceRows: Record<string, number> = {};
    let merged = 0;
    for (const [symbol, entry] of this.#bySymbol) {
      sourceRows[symbol] = entry.sourceRows;
      merged += entry.sourceRows;
    }
    return {
      read: merged + this.#skipped.length + this.#failed.length,
      sourceRows,
      skipped: this.#skipped.slice(),
      failed: this.#failed.slice(),
    };
  }
}
