/** The paste importer (SPEC.md section 5, 'Paste'; DESIGN.md section 4, 'Domain functions'). */
import type { ImportRow } from './import-row.ts';
import { looksLikeCoinbase, looksLikeMetaMask, parseTokenBlocks } from './paste/blocks.ts';
import { looksLikeExchangeTable, parseExchangeTable } from './paste/exchange-table.ts';
import { parseGeneric } from './paste/generic.ts';
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
export type PasteFormat = (typeof PASTE_FORMATS)[number];

/** What {@link parsePaste} found: the rows and the format that produced them. */
export interface PasteParseResult {
  rows: ImportRow[];
  format: PasteFormat;
}

interface FormatReader {
  format: PasteFormat;
  matches(text: string): boolean;
  parse(text: string): ImportRow[];
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
 * Reads text pasted from an exchange or wallet screen into import rows. Formats are tried in the order of
 * PASTE_FORMATS; the first whose markers match and which yields at least one row wins, and `format` names
 * it. When nothing yields a row, `rows` is empty and `format` is the first format whose markers matched
 * ('generic' for text with no markers, including blank text): the caller shows PASTE_EMPTY_MESSAGE for
 * blank text and PASTE_NO_TOKENS_MESSAGE for no rows. Every row has an upper-case symbol and a finite
 * quantity above 0; values not above 0 are dropped; contract addresses count only when usable (SPEC.md
 * section 5); duplicate symbols are merged (quantities and values added). Never throws.
 */
export function parsePaste(text: string): PasteParseResult {
  const source = typeof text === 'string' ? text.replace(/\u00a0/g, ' ') : '';
  let firstMatch: PasteFormat | undefined;
  for (const reader of READERS) {
    try {
      if (!reader.matches(source)) continue;
      firstMatch ??= reader.format;
      const rows = reader.parse(source);
      if (rows.length > 0) return { rows, format: reader.format };
    } catch {
      // A reader bug must not stop the others: the promise is rows or none, never an exception.
    }
  }
  return { rows: [], format: firstMatch ?? 'generic' };
}
