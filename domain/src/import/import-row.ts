/**
 * The row every importer (CSV file, pasted wallet or exchange text) produces, and the rules a row must
 * meet to exist at all (SPEC.md section 5, 'CSV' and 'Paste'; DESIGN.md section 4, 'Domain functions').
 */
import { isContractAddress } from '../coins.ts';
import { MAX_QUANTITY } from '../schemas/common.ts';

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

interface Entry {
  row: ImportRow;
  /** False once any merged occurrence lacked a value: a partial sum would understate the position. */
  valueComplete: boolean;
}

/**
 * Collects rows in first-seen order and merges duplicate symbols (case-insensitive): quantities add up;
 * values add up only while every occurrence gave one; the first non-empty name and contract address win.
 * Holding one coin in several lots, wallets or networks is common, and the portfolio keeps one row per
 * symbol, so the sum is the holding. `add` refuses a row whose merge would push the quantity past
 * MAX_QUANTITY (or to Infinity) and leaves the earlier total untouched.
 */
export class ImportRowCollector {
  readonly #bySymbol = new Map<string, Entry>();

  /** Adds or merges a row whose fields already passed the row rules. False when the merge was refused. */
  add(row: ImportRow): boolean {
    const existing = this.#bySymbol.get(row.symbol);
    if (!existing) {
      const copy: ImportRow = { symbol: row.symbol, quantity: row.quantity };
      if (row.name !== undefined) copy.name = row.name;
      if (row.value !== undefined) copy.value = row.value;
      if (row.contractAddress !== undefined) copy.contractAddress = row.contractAddress;
      this.#bySymbol.set(row.symbol, { row: copy, valueComplete: row.value !== undefined });
      return true;
    }
    const quantity = existing.row.quantity + row.quantity;
    if (!isImportQuantity(quantity)) return false;
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

  /** Number of distinct symbols collected. */
  get size(): number {
    return this.#bySymbol.size;
  }

  /** The merged rows, in the order each symbol first appeared. */
  rows(): ImportRow[] {
    return Array.from(this.#bySymbol.values(), (e) => e.row);
  }
}
