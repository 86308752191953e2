/** The request of POST /api/portfolio/import-trades. */
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
});
export type ImportTrades = z.output<typeof ZImportTrades>;
