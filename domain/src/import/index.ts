/** Import parsers: CSV files and pasted exchange or wallet text (SPEC.md section 5). */
export * from './import-row.ts';
export * from './messages.ts';
export { parseAmount } from './numbers.ts';
export { CSV_HEADER_ALIASES, resolveCsvColumns, type CsvColumns, type CsvField } from './csv-columns.ts';
export * from './csv.ts';
export * from './csv-help.ts';
export * from './csv-template.ts';
export * from './paste.ts';
export { WALLET_TABLE_MAX_QUANTITY } from './paste/wallet-table.ts';
export * from './plan.ts';
export * from './trades/index.ts';
