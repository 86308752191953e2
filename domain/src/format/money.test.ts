import { describe, expect, it } from 'vitest';
import {
  formatPercent,
  formatPortfolioPrice,
  formatPreviewPrice,
  formatQuantity,
  formatUsd,
} from './money.ts';

const NOT_FINITE = [NaN, Infinity, -Infinity];

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [-0, '$0.00'],
    [-0.004, '$0.00'],
    [0.005, '$0.01'],
    [12.5, '$12.50'],
    [-12.5, '-$12.50'],
    [999.999, '$1,000.00'],
    [1000, '$1,000.00'],
    [1234567.891, '$1,234,567.89'],
  ])('%d -> %s', (value, text) => {
    expect(formatUsd(value)).toBe(text);
  });
  it.each(NOT_FINITE)('%d -> —', (value) => {
    expect(formatUsd(value)).toBe('—');
  });
});

describe('formatPortfolioPrice', () => {
  it.each([
    [0, '$0.00'],
    [1.234e-9, '$1.23E-9'],
    [9.99e-9, '$9.99E-9'],
    [-5e-12, '-$5.00E-12'],
    [1e-8, '$0.0000000100'],
    [0.000123456789, '$0.0001234568'],
    [0.000999, '$0.0009990000'],
    [0.001, '$0.001000'],
    [0.45, '$0.450000'],
    [0.9999999, '$1.000000'],
    [-0.45, '-$0.450000'],
    [1, '$1.00'],
    [97480.1, '$97,480.10'],
    [-1500, '-$1,500.00'],
  ])('%d -> %s', (price, text) => {
    expect(formatPortfolioPrice(price)).toBe(text);
  });
  it.each(NOT_FINITE)('%d -> —', (value) => {
    expect(formatPortfolioPrice(value)).toBe('—');
  });
});

describe('formatPreviewPrice', () => {
  it.each([
    [0, '$0.00'],
    [0.5, '$0.50'],
    [1.234, '$1.234'],
    [0.00001234, '$0.00001234'],
    [0.000000001, '$0.00'],
    [0.123456789, '$0.12345679'],
    [97480.1, '$97,480.10'],
    [-2.5, '-$2.50'],
  ])('%d -> %s', (price, text) => {
    expect(formatPreviewPrice(price)).toBe(text);
  });
  it.each(NOT_FINITE)('%d -> —', (value) => {
    expect(formatPreviewPrice(value)).toBe('—');
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0.00%'],
    [-0, '0.00%'],
    [0.004, '0.00%'],
    [-0.004, '0.00%'],
    [0.005, '+0.01%'],
    [5, '+5.00%'],
    [-3.219, '-3.22%'],
    [1234.5, '+1,234.50%'],
  ])('%d -> %s', (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });
  it.each(NOT_FINITE)('%d -> —', (value) => {
    expect(formatPercent(value)).toBe('—');
  });
});

describe('formatQuantity', () => {
  it.each([
    [0, '0.000000'],
    [-0, '0.000000'],
    [1, '1.000000'],
    [0.0000004, '0.000000'],
    [0.0000005, '0.000001'],
    [0.12345678, '0.123457'],
    [1234.5, '1,234.500000'],
    [-2, '-2.000000'],
  ])('%d -> %s', (value, text) => {
    expect(formatQuantity(value)).toBe(text);
  });
  it.each(NOT_FINITE)('%d -> —', (value) => {
    expect(formatQuantity(value)).toBe('—');
  });
});
