/** The CSV template offered for download on the import screen (SPEC.md sections 2 and 9). */
import type { ImportRow } from './import-row.ts';

/** File name of the template download. */
export const CSV_TEMPLATE_FILENAME = 'portfolio-template.csv';

/**
 * The template: header 'Name,Symbol,Quantity,Balance ($)' and five example holdings. Balance ($) is the
 * position's USD value, so {@link parseCsv} reads it as `value` and the purchase price becomes
 * value / quantity. Ends with a newline.
 */
export const CSV_TEMPLATE = [
  'Name,Symbol,Quantity,Balance ($)',
  'Bitcoin,BTC,0.5,48500.00',
  'Ethereum,ETH,2.25,7650.00',
  'USD Coin,USDC,1500,1500.00',
  'Cardano,ADA,3000,2850.00',
  'Polygon,MATIC,1200,540.00',
  '',
].join('\n');

/**
 * The per-coin purchase price to save for an imported row (SPEC.md section 5): value / quantity when the
 * source gave a value above 0, otherwise `currentPrice` (USD per coin). Returns 0 rather than NaN or
 * Infinity when neither gives a usable price, so the holding shows 'Click to add'.
 */
export function purchasePriceFor(row: Pick<ImportRow, 'quantity' | 'value'>, currentPrice: number): number {
  if (row.value !== undefined && row.value > 0 && row.quantity > 0) {
    const price = row.value / row.quantity;
    if (Number.isFinite(price)) return price;
  }
  return Number.isFinite(currentPrice) && currentPrice > 0 ? currentPrice : 0;
}
