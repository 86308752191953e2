import { describe, expect, it } from 'vitest';
import { formatTickerChange, formatTickerPrice, tickerChangeDirection } from './ticker.ts';

describe('formatTickerPrice', () => {
  it.each([
    [97480.1, '$97,480.10'],
    [1000, '$1,000.00'],
    [999.999, '$1,000.00'],
    [999.99, '$999.99'],
    [190.354, '$190.35'],
    [1, '$1.00'],
    [0.99999, '$1.0000'],
    [0.45, '$0.4500'],
    [0.00001, '$0.0000'],
    [0, '$0.0000'],
    [-0.5, '-$0.5000'],
    [-1500, '-$1,500.00'],
  ])('%d -> %s', (price, text) => {
    expect(formatTickerPrice(price)).toBe(text);
  });
  it.each([NaN, Infinity, -Infinity])('%d -> —', (price) => {
    expect(formatTickerPrice(price)).toBe('—');
  });
});

describe('formatTickerChange', () => {
  it.each([
    [2.345, '2.35%'],
    [-2.345, '2.35%'],
    [0, '0.00%'],
    [-0.001, '0.00%'],
    [1234.567, '1,234.57%'],
  ])('%d -> %s', (change, text) => {
    expect(formatTickerChange(change)).toBe(text);
  });
  it.each([NaN, Infinity, -Infinity])('%d -> —', (change) => {
    expect(formatTickerChange(change)).toBe('—');
  });
});

describe('tickerChangeDirection', () => {
  it.each([
    [2.3, 'up'],
    [0.005, 'up'],
    [0.0049, 'flat'],
    [0, 'flat'],
    [-0.0049, 'flat'],
    [-0.005, 'down'],
    [-12, 'down'],
    [NaN, 'flat'],
    [Infinity, 'flat'],
  ])('%d -> %s', (change, direction) => {
    expect(tickerChangeDirection(change)).toBe(direction);
  });
});
