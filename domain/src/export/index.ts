/** CSV exports of the portfolio and its transactions (issue 18 item 5). */
export * from './csv-export.ts';
