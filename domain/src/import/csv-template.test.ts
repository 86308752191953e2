import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import { CSV_TEMPLATE, CSV_TEMPLATE_FILENAME, purchasePriceFor } from './csv-template.ts';

describe('CSV_TEMPLATE', () => {
  it('has the columns and coins of SPEC.md section 9 and a .csv name', () => {
    const lines = CSV_TEMPLATE.trimEnd().split('\n');
    expect(lines[0]).toBe('Name,Symbol,Quantity,Balance ($)');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'Bitcoin',
      'Ethereum',
      'USD Coin',
      'Cardano',
      'Polygon',
    ]);
    expect(CSV_TEMPLATE_FILENAME).toBe('portfolio-template.csv');
  });

  it('parses cleanly, Balance ($) as the value', () => {
    const { rows, errors } = parseCsv(CSV_TEMPLATE);
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.symbol)).toEqual(['BTC', 'ETH', 'USDC', 'ADA', 'MATIC']);
    expect(rows.every((r) => r.value !== undefined && r.value > 0)).toBe(true);
    const usdc = rows.find((r) => r.symbol === 'USDC')!;
    expect(purchasePriceFor(usdc, 0.99)).toBeCloseTo(1, 10);
  });
});

describe('purchasePriceFor', () => {
  it.each([
    [{ quantity: 2, value: 100 }, 7, 50],
    [{ quantity: 0.5, value: 48500 }, 1, 97000],
    [{ quantity: 2 }, 7, 7],
    [{ quantity: 2, value: 0 }, 7, 7],
    [{ quantity: 2, value: -5 }, 7, 7],
    [{ quantity: 2 }, 0, 0],
    [{ quantity: 2 }, NaN, 0],
    [{ quantity: 2 }, -1, 0],
    [{ quantity: 0, value: 100 }, 7, 7],
    [{ quantity: 1e-300, value: 1e300 }, 7, 7],
  ])('%j at current price %d -> %d', (row, current, expected) => {
    expect(purchasePriceFor(row, current)).toBeCloseTo(expected, 10);
  });
});
