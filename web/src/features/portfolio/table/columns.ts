/** The portfolio table's columns: header text, sort key and the tooltip explaining the figure. */
import type { HoldingSortKey } from '@coinpace/domain';

export interface Column {
  label: string;
  sortKey?: HoldingSortKey;
  tooltip: string;
  numeric?: boolean;
}

/** In display order, after the edit-mode select column (SPEC.md section 2, table columns). */
export const COLUMNS: readonly Column[] = [
  {
    label: 'Asset',
    sortKey: 'symbol',
    tooltip: 'The coin you hold. The name links to its page on CoinGecko.',
  },
  {
    label: 'Quantity',
    sortKey: 'quantity',
    numeric: true,
    tooltip: 'How many coins you hold, shown to 6 decimals.',
  },
  {
    label: 'Current Price',
    sortKey: 'currentPrice',
    numeric: true,
    tooltip: 'The latest market price of one coin in US dollars, updated live.',
  },
  {
    label: 'Purchase Price',
    sortKey: 'purchasePrice',
    numeric: true,
    tooltip: 'What you paid for one coin. Click a price to change it.',
  },
  {
    label: 'Balance',
    sortKey: 'currentValue',
    numeric: true,
    tooltip: 'What the holding is worth now: quantity × current price.',
  },
  {
    label: 'Gain/Loss',
    sortKey: 'gainLoss',
    numeric: true,
    tooltip: '(Current price − purchase price) × quantity, and the change in percent since you bought.',
  },
  {
    label: 'Change %',
    sortKey: 'change24h',
    numeric: true,
    tooltip: "The coin's price change over the last 24 hours.",
  },
  { label: 'Actions', tooltip: 'Set an alert on the coin, report a wrong figure, or delete the holding.' },
];
