/**
 * A deterministic, realistic CSV for the import benchmark: the template's columns plus a contract column,
 * known and unknown symbols in mixed case, quantities and dollar values with thousands commas (quoted),
 * some contract addresses, and about 4 % bad rows (quantity 0, negative, 'n/a', blank symbol).
 */
import { seededRandom } from './stats.ts';

const KNOWN = [
  ['Bitcoin', 'BTC'],
  ['Ethereum', 'ETH'],
  ['Tether', 'usdt'],
  ['USD Coin', 'USDC'],
  ['Solana', 'SOL'],
  ['Cardano', 'ada'],
  ['Polygon', 'MATIC'],
  ['Chainlink', 'LINK'],
  ['Polkadot', 'DOT'],
  ['Avalanche', 'AVAX'],
  ['Dogecoin', 'DOGE'],
  ['Shiba Inu', 'SHIB'],
  ['Uniswap', 'UNI'],
  ['Litecoin', 'LTC'],
  ['Pepe', 'PEPE'],
] as const;

const money = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const amount = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 8 });

/** The CSV text with `rows` data rows after the header. */
export function makeCsv(rows: number, seed = 42): string {
  const next = seededRandom(seed);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const lines = ['Name,Symbol,Quantity,Balance ($),Contract Address'];
  for (let i = 0; i < rows; i++) {
    let name: string;
    let symbol: string;
    if (next() < 0.5) {
      [name, symbol] = KNOWN[Math.floor(next() * KNOWN.length)]!;
    } else {
      symbol = Array.from(
        { length: 3 + Math.floor(next() * 3) },
        () => letters[Math.floor(next() * 26)],
      ).join('');
      name = `Token ${symbol.charAt(0)}${symbol.slice(1).toLowerCase()}`;
    }
    const quantity = 10 ** (next() * 9 - 3);
    const price = 10 ** (next() * 8 - 4);
    let quantityText = `"${amount(quantity)}"`;
    let symbolText = symbol;
    const bad = next();
    if (bad < 0.01) quantityText = '0';
    else if (bad < 0.02) quantityText = `-${amount(quantity)}`;
    else if (bad < 0.03) quantityText = 'n/a';
    else if (bad < 0.04) symbolText = '';
    const value = next() < 0.9 ? `"$${money(quantity * price)}"` : '';
    const contract =
      next() < 0.1
        ? `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(next() * 16)]).join('')}`
        : '';
    lines.push(`${name},${symbolText},${quantityText},${value},${contract}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The same holdings as standardized paste lines ('name, SYMBOL, quantity, value', SPEC.md section 5),
 * `rows` lines with plain numbers; symbols upper case as the format needs.
 */
export function makePaste(rows: number, seed = 7): string {
  const next = seededRandom(seed);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const symbol = Array.from(
      { length: 3 + Math.floor(next() * 4) },
      () => letters[Math.floor(next() * 26)],
    ).join('');
    const quantity = (10 ** (next() * 6 - 2)).toFixed(6);
    const value = (10 ** (next() * 6)).toFixed(2);
    lines.push(`Token ${symbol}, ${symbol}, ${quantity}, ${value}`);
  }
  return `${lines.join('\n')}\n`;
}
