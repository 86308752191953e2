/** The request of POST /api/portfolio/import-trades (and of its preview). */
import { z } from 'zod';
import { MAX_TRADE_FILE_CHARS } from '../../limits.ts';

/** The export's text, as the file holds it. */
export const ZImportTrades = z.strictObject({
  text: z
    .string({ message: 'text must be the export file’s text' })
    .refine((v) => v.trim() !== '', { message: 'The file is empty' })
    .refine((v) => v.length <= MAX_TRADE_FILE_CHARS, {
      message: `The file is too large: at most ${MAX_TRADE_FILE_CHARS.toLocaleString('en-US')} characters`,
    }),
  /**
   * Replace the hand-entered opening balances dated within the imported history: true for every coin, or
   * the symbols to replace them for. The preview lists where they overlap.
   */
  replaceOpening: z
    .union([z.boolean(), z.array(z.string().trim().min(1).max(40)).max(1000)], {
      message: 'replaceOpening must be true, false or a list of coin symbols',
    })
    .optional(),
  /** The file's name, shown in the list of imports. */
  fileName: z.string({ message: 'fileName must be text' }).trim().max(255).optional(),
});
export type ImportTrades = z.output<typeof ZImportTrades>;
