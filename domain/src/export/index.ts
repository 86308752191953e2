/** CSV exports of the portfolio and its transactions, and the account's whole data export. */
export * from './csv-export.ts';
export * from './account-archive.ts';
export * from './gains-csv.ts';
