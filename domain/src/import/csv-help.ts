/**
 * The CSV format help the import screen shows, built from the alias table so the two cannot drift: each
 * column name listed under one field, and the two names that can be either explained.
 */
import { CSV_HEADER_ALIASES, type CsvField } from './csv-columns.ts';

/** Column names as a header would spell them (the alias table holds them normalised). */
const SPELLED: Readonly<Record<string, string>> = {
  contractaddress: 'contractAddress',
  marketvalue: 'marketValue',
  currentvalue: 'currentValue',
};

/** Names that mean a quantity or a value depending on the rest of the header. */
const EITHER = new Set(['balance', 'total']);

const LABELS: Readonly<Record<CsvField, string>> = {
  symbol: 'Symbol',
  name: 'Name',
  quantity: 'Quantity',
  contract: 'Contract address',
  value: 'Value in USD',
};

/** One line of the help's column list: 'Quantity: quantity, amount'. */
export interface CsvColumnHelp {
  label: string;
  names: string[];
}

/** The fields in the order the help lists them, each with the column names read for it. */
export const CSV_COLUMN_HELP: readonly CsvColumnHelp[] = (
  ['symbol', 'name', 'quantity', 'value', 'contract'] as const
).map((field) => ({
  label: LABELS[field],
  names: CSV_HEADER_ALIASES[field].filter((a) => !EITHER.has(a)).map((a) => SPELLED[a] ?? a),
}));

/** How the help explains the names of two meanings, other currencies and European files. */
export const CSV_FORMAT_NOTES: readonly string[] = [
  'Balance is the quantity, unless a Quantity or Amount column exists or its header names dollars ("Balance ($)"): then it is the value in USD.',
  'Total is the value in USD, except in an exchange balance export with an Available or In Order column (Binance: Coin, Total, Available, In Order), where it is the quantity.',
  'A Token column holding tickers (UNI, ETH) is the symbol when there is no Symbol column; holding names (Uniswap), it is the name.',
  'A value column in another currency ("Value (EUR)", "BTC Value") is not read as dollars.',
  'Semicolon-separated files with comma decimals (0,5 or 1.234,56), as European spreadsheets save them, are read too.',
];
