/** Texts the import screens show, verbatim from SPEC.md sections 5 and 8. */

/** Shown when something other than a .csv file is dropped on the CSV tab. */
export const CSV_DROP_ONLY_MESSAGE = 'Please drop a CSV file';

/** Shown when 'Process Wallet Data' is pressed with an empty text area. */
export const PASTE_EMPTY_MESSAGE = 'Please paste wallet data first';

/** Shown when pasted text yields no token. */
export const PASTE_NO_TOKENS_MESSAGE =
  'No valid tokens found in pasted data. Please check the format or try copying the data again.';

/** Shown when a CSV file yields no row. */
export const CSV_NO_ROWS_MESSAGE =
  'No valid portfolio items found in CSV. Make sure your CSV has columns like "symbol" and "quantity".';

/** Why an import leaves out a row whose quantity is 0: exchanges list coins no longer held. */
export const NOTHING_HELD_REASON = 'nothing held (quantity 0)';
