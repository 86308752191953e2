/** The paste importer (SPEC.md section 5, 'Paste'; DESIGN.md section 4, 'Domain functions'). */
import { ImportRowCollector, type ImportReport, type ImportRow } from './import-row.ts';
import { looksLikeCoinbase, looksLikeMetaMask, parseTokenBlocks } from './paste/blocks.ts';
import { looksLikeExchangeTable, parseExchangeTable } from './paste/exchange-table.ts';
import { parseGeneric } from './paste/generic.ts';
import type { PasteRows } from './paste/paste-row.ts';
import { looksStandard, parseStandard } from './paste/standard.ts';
import { looksLikeWalletTable, parseWalletTable } from './paste/wallet-table.ts';

/** The formats parsePaste knows, in the order it tries them. */
export const PASTE_FORMATS = [
  'wallet-table',
  'exchange-table',
  'standard',
  'coinbase',
  'metamask',
  'generic',
] as const;
/** A format name parsePaste reports. */
export type PasteFormat = (typeof PASTE_FORMATS)[number];

/**
 * What {@link parsePaste} found: the rows, the format that produced them, and how every token or
 * table row the format read was accounted for (added to a row, skipped or failed, with why).
 */
export interface PasteParseResult {
  rows: ImportRow[];
  format: PasteFormat;
  report: ImportReport;
}

interface FormatReader {
  format: PasteFormat;
  matches(text: string): boolean;
  parse(text: string): PasteRows;
}

const READERS: readonly FormatReader[] = [
  { format: 'wallet-table', matches: looksLikeWalletTable, parse: parseWalletTable },
  { format: 'exchange-table', matches: looksLikeExchangeTable, parse: parseExchangeTable },
  { format: 'standard', matches: looksStandard, parse: parseStandard },
  { format: 'coinbase', matches: looksLikeCoinbase, parse: parseTokenBlocks },
  { format: 'metamask', matches: looksLikeMetaMask, parse: parseTokenBlocks },
  { format: 'generic', matches: () => true, parse: parseGeneric },
];

/**
 * Reads text pasted from an exchange or wallet screen into import rows. The first format in
 * PASTE_FORMATS whose markers match reads the text, and `format` names it; 'generic' matches anything,
 * so blank text gives `{rows: [], format: 'generic'}`. A matched format is not second-guessed by a later
 * one, so its own rules hold (a wallet-table balance of 1e9 is refused, not picked up by the generic
 * reader). The caller shows PASTE_EMPTY_MESSAGE for blank text and PASTE_NO_TOKENS_MESSAGE for no rows.
 * Every row has an upper-case symbol and a finite quantity above 0; values not above 0 are dropped;
 * contract addresses count only when usable (SPEC.md section 5); duplicate symbols are merged
 * (quantities add, values add while every occurrence has one). A token or table row the format reads
 * but cannot keep is never dropped silently: `report` has it as skipped (nothing held) or failed, with
 * why. Headers, captions and prose are not rows and are not counted. Never throws.
 */
export function parsePaste(text: string): PasteParseResult {
  const source = typeof text === 'string' ? text.replace(/\u00a0/g, ' ') : '';
  for (const reader of READERS) {
    try {
      if (reader.matches(source)) {
        const rows = reader.parse(source);
        return { rows: rows.rows(), format: reader.format, report: rows.report() };
      }
    } catch {
      // A reader bug must not surface as an exception: the promise is rows or none.
      return { rows: [], format: reader.format, report: new ImportRowCollector().report() };
    }
  }
  return { rows: [], format: 'generic', report: new ImportRowCollector().report() };
}
