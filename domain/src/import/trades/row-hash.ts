/**
 * References for export rows that carry no id of their own: a stable 64-bit hash of the
 * row's cells, and which of the identical rows of the file it is (two fills of one order at the same
 * second and price are two rows that look the same). Pure and quick: a 20,000-row file is hashed once per row.
 */

/**
 * A 64-bit FNV-1a hash of `text` as 16 hex digits (two 32-bit lanes with different offsets). Stable
 * across runs and machines: the reference of an export row that has no id of its own.
 */
export function stableHash(text: string): string {
  return hashCells([text]);
}

/**
 * {@link stableHash} of a row's cells, each without its surrounding blanks and followed by U+001F, read in
 * place (no joined copy of the row).
 */
export function hashCells(cells: readonly string[]): string {
  const hasher = new RowHasher();
  hasher.hash(cells);
  return hasher.hex();
}

/** Slots the occurrence table starts with (a power of two); it doubles when half full. */
const FIRST_SLOTS = 1024;

/**
 * Hashes rows one after the other: `hash` keeps the two 32-bit lanes of a row and counts how often that
 * hash has come up; `hex` and `reference` spell all 64 bits.
 */
export class RowHasher {
  #a = 0;
  #b = 0;
  /** The character codes of the last string written (reused: one array for every row). */
  readonly #codes: number[] = [];
  // The hashes seen and their counts, in an open-addressed table of two lanes a slot: a Map of 20,000
  // hashes (keyed by number or by string) cost as much as reading the cells.
  #lanes = new Int32Array(2 * FIRST_SLOTS);
  #counts = new Int32Array(FIRST_SLOTS);
  #used = 0;

  /** Hashes a row; returns how many rows hashed so far (this one included) have the same hash. */
  hash(cells: readonly string[]): number {
    let a = 0x811c9dc5;
    let b = 0x050c5d1f;
    for (let k = 0; k < cells.length; k++) {
      const text = cells[k]!;
      let start = 0;
      let end = text.length;
      while (start < end && text.charCodeAt(start) <= 32) start++;
      while (end > start && text.charCodeAt(end - 1) <= 32) end--;
      for (let i = start; i < end; i++) {
        const c = text.charCodeAt(i);
        a = Math.imul(a ^ c, 0x01000193);
        b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
      }
      if (cells.length > 1) {
        a = Math.imul(a ^ 0x1f, 0x01000193);
        b = Math.imul(b ^ 0x1f, 0x01000193) ^ (a >>> 15);
      }
    }
    // As 32-bit signed integers, the values the table's lanes hold (a row of blanks keeps the offsets).
    this.#a = a | 0;
    this.#b = b | 0;
    return this.#count(this.#a, this.#b);
  }

  /** The last hash as 16 hex digits. */
  hex(): string {
    return this.reference('', 0);
  }

  /**
   * `${prefix}${hex}-${occurrence}` of the last hash (no '-occurrence' when it is 0), written in one piece:
   * Number#toString(16) cost a third of papaparse's parse, and a reference joined from pieces is a chain
   * of strings the collector copies with every trade it keeps.
   */
  reference(prefix: string, occurrence: number): string {
    // Written over the last row's codes, not emptied first: an emptied array gives up its storage.
    const codes = this.#codes;
    let n = 0;
    for (let i = 0; i < prefix.length; i++) codes[n++] = prefix.charCodeAt(i);
    for (let shift = 28; shift >= 0; shift -= 4) codes[n++] = HEX[(this.#a >>> shift) & 15]!;
    for (let shift = 28; shift >= 0; shift -= 4) codes[n++] = HEX[(this.#b >>> shift) & 15]!;
    if (occurrence > 0) {
      const digits = String(occurrence);
      codes[n++] = 45;
      for (let i = 0; i < digits.length; i++) codes[n++] = digits.charCodeAt(i);
    }
    if (codes.length !== n) codes.length = n;
    return String.fromCharCode.apply(null, codes);
  }

  #count(a: number, b: number): number {
    if (2 * (this.#used + 1) > this.#counts.length) this.#grow();
    const slot = this.#slotOf(a, b);
    if (this.#counts[slot] === 0) {
      this.#lanes[2 * slot] = a;
      this.#lanes[2 * slot + 1] = b;
      this.#used += 1;
    }
    return ++this.#counts[slot]!;
  }

  /** The slot holding the hash (a, b), or the empty slot where it goes. */
  #slotOf(a: number, b: number): number {
    const lanes = this.#lanes;
    const counts = this.#counts;
    const mask = counts.length - 1;
    // The lanes are already well mixed: their low bits pick the slot.
    let slot = (a ^ b) & mask;
    while (counts[slot] !== 0 && (lanes[2 * slot] !== a || lanes[2 * slot + 1] !== b))
      slot = (slot + 1) & mask;
    return slot;
  }

  #grow(): void {
    const lanes = this.#lanes;
    const counts = this.#counts;
    this.#lanes = new Int32Array(2 * lanes.length);
    this.#counts = new Int32Array(2 * counts.length);
    for (let old = 0; old < counts.length; old++) {
      if (counts[old] === 0) continue;
      const slot = this.#slotOf(lanes[2 * old]!, lanes[2 * old + 1]!);
      this.#lanes[2 * slot] = lanes[2 * old]!;
      this.#lanes[2 * slot + 1] = lanes[2 * old + 1]!;
      this.#counts[slot] = counts[old]!;
    }
  }
}

/** The character codes of the hex digits. */
const HEX: readonly number[] = Array.from('0123456789abcdef', (d) => d.charCodeAt(0));
