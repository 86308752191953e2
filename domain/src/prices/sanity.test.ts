import { describe, expect, it } from 'vitest';
import {
  MAX_COIN_PRICE_USD,
  MAX_POSITION_JUMP_FACTOR,
  MAX_POSITION_VALUE_USD,
  checkCoinPrice,
  checkCoinPriceMove,
  checkPositionPrice,
} from './sanity.ts';

describe('constants (SPEC.md section 9, Limits)', () => {
  it('match the spec', () => {
    expect(MAX_COIN_PRICE_USD).toBe(10_000_000);
    expect(MAX_POSITION_VALUE_USD).toBe(5_000_000);
    expect(MAX_POSITION_JUMP_FACTOR).toBe(100);
  });
});

describe('checkCoinPrice', () => {
  it.each([
    ['a normal price', 97_000.5, 96_000, { accept: true, price: 97_000.5 }],
    ['a tiny price', 0.00000123, undefined, { accept: true, price: 0.00000123 }],
    ['exactly the cap', 10_000_000, 1, { accept: true, price: 10_000_000 }],
    ['just above the cap', 10_000_000.01, 9, { accept: false, price: 9, reason: 'above_coin_cap' }],
    [
      'far above the cap, no previous',
      1e12,
      undefined,
      { accept: false, price: null, reason: 'above_coin_cap' },
    ],
    ['negative', -1, 5, { accept: false, price: 5, reason: 'invalid' }],
    ['zero', 0, 5, { accept: false, price: 5, reason: 'invalid' }],
    ['NaN', Number.NaN, 5, { accept: false, price: 5, reason: 'invalid' }],
    ['Infinity', Number.POSITIVE_INFINITY, 5, { accept: false, price: 5, reason: 'invalid' }],
    ['missing (undefined)', undefined, 5, { accept: false, price: 5, reason: 'invalid' }],
    ['missing (null)', null, 5, { accept: false, price: 5, reason: 'invalid' }],
    ['missing with no previous', null, undefined, { accept: false, price: null, reason: 'invalid' }],
    ['missing with a previous of 0', null, 0, { accept: false, price: null, reason: 'invalid' }],
    ['missing with a NaN previous', null, Number.NaN, { accept: false, price: null, reason: 'invalid' }],
  ] as const)('%s', (_label, next, previous, expected) => {
    expect(checkCoinPrice(next, previous)).toEqual(expected);
  });
});

describe('checkPositionPrice', () => {
  it.each([
    // the coin rules come first
    [
      'coin cap still applies',
      { quantity: 0.001, previousPrice: 2, newPrice: 10_000_001 },
      false,
      2,
      'above_coin_cap',
    ],
    ['invalid keeps old', { quantity: 1, previousPrice: 2, newPrice: -3 }, false, 2, 'invalid'],
    // jump: more than 100 times the previous value
    ['exactly 100x is accepted', { quantity: 10, previousPrice: 0.5, newPrice: 50 }, true, 50, undefined],
    [
      'just over 100x is rejected',
      { quantity: 10, previousPrice: 0.5, newPrice: 50.0001 },
      false,
      0.5,
      'jump',
    ],
    ['1000x is rejected', { quantity: 1, previousPrice: 1, newPrice: 1000 }, false, 1, 'jump'],
    ['a big fall is accepted', { quantity: 1, previousPrice: 1000, newPrice: 0.01 }, true, 0.01, undefined],
    [
      'no previous price: no jump rule',
      { quantity: 1, previousPrice: null, newPrice: 9_000_000 },
      true,
      9_000_000,
      undefined,
    ],
    ['previous 0 counts as none', { quantity: 1, previousPrice: 0, newPrice: 500 }, true, 500, undefined],
    // cap: a price update may not raise a position above 5,000,000
    [
      'value exactly 5,000,000 is accepted',
      { quantity: 50, previousPrice: 90_000, newPrice: 100_000 },
      true,
      100_000,
      undefined,
    ],
    [
      'value just above 5,000,000 on a rise keeps old',
      { quantity: 50, previousPrice: 90_000, newPrice: 100_000.01 },
      false,
      90_000,
      'above_position_cap',
    ],
    [
      'already above the cap and rising keeps old',
      { quantity: 100, previousPrice: 97_000, newPrice: 98_000 },
      false,
      97_000,
      'above_position_cap',
    ],
    [
      'above the cap but falling is accepted',
      { quantity: 100, previousPrice: 97_000, newPrice: 96_000 },
      true,
      96_000,
      undefined,
    ],
    [
      'above the cap, unchanged is accepted',
      { quantity: 100, previousPrice: 97_000, newPrice: 97_000 },
      true,
      97_000,
      undefined,
    ],
    [
      'first price above the cap is accepted',
      { quantity: 100, previousPrice: undefined, newPrice: 97_000 },
      true,
      97_000,
      undefined,
    ],
    [
      'quantity 0 has no value to cap',
      { quantity: 0, previousPrice: 1, newPrice: 1000 },
      true,
      1000,
      undefined,
    ],
    [
      'quantity NaN only gets the coin rules',
      { quantity: Number.NaN, previousPrice: 1, newPrice: 1000 },
      true,
      1000,
      undefined,
    ],
  ] as const)('%s', (_label, input, accept, price, reason) => {
    const decision = checkPositionPrice(input);
    expect(decision.accept).toBe(accept);
    expect(decision.price).toBe(price);
    expect(decision.reason).toBe(reason);
  });

  it('checks the jump before the cap', () => {
    // 200x and above the cap: the jump is the reason
    expect(checkPositionPrice({ quantity: 1_000_000, previousPrice: 0.01, newPrice: 2 }).reason).toBe('jump');
  });
});

describe('checkCoinPriceMove', () => {
  it('takes exactly 100 times the previous price', () => {
    expect(checkCoinPriceMove({ previousPrice: 2, newPrice: 200 })).toEqual({
      accept: true,
      price: 200,
      pending: null,
    });
  });

  it('holds back 101 times the previous price and keeps the previous one', () => {
    expect(checkCoinPriceMove({ previousPrice: 2, newPrice: 202 })).toEqual({
      accept: false,
      price: 2,
      reason: 'jump',
      pending: 202,
    });
  });

  it('holds back just over 100 times', () => {
    const decision = checkCoinPriceMove({ previousPrice: 0.5, newPrice: 50.0001 });
    expect(decision).toMatchObject({ accept: false, price: 0.5, reason: 'jump', pending: 50.0001 });
  });

  it('takes the jump when the next fetch confirms it', () => {
    const first = checkCoinPriceMove({ previousPrice: 1, newPrice: 500 });
    expect(first.accept).toBe(false);
    const second = checkCoinPriceMove({ previousPrice: 1, pending: first.pending, newPrice: 510 });
    expect(second).toEqual({ accept: true, price: 510, pending: null, confirmed: true });
  });

  it.each([
    ['exactly twice the candidate', 1000],
    ['exactly half the candidate', 250],
  ])('confirms with %s', (_label, next) => {
    expect(checkCoinPriceMove({ previousPrice: 1, pending: 500, newPrice: next })).toMatchObject({
      accept: true,
      price: next,
      confirmed: true,
    });
  });

  it.each([
    ['far above the candidate', 5000],
    ['just over twice the candidate', 1000.01],
    ['below half the candidate, still a jump', 200],
  ])('restarts the hold on a different second jump: %s', (_label, next) => {
    expect(checkCoinPriceMove({ previousPrice: 1, pending: 500, newPrice: next })).toEqual({
      accept: false,
      price: 1,
      reason: 'jump',
      pending: next,
    });
  });

  it('takes a drop, however big, and forgets a held-back candidate', () => {
    expect(checkCoinPriceMove({ previousPrice: 1000, newPrice: 0.001 })).toEqual({
      accept: true,
      price: 0.001,
      pending: null,
    });
    expect(checkCoinPriceMove({ previousPrice: 1000, pending: 500_000, newPrice: 900 })).toEqual({
      accept: true,
      price: 900,
      pending: null,
    });
  });

  it('takes a normal move while a candidate is held, dropping it', () => {
    expect(checkCoinPriceMove({ previousPrice: 1, pending: 500, newPrice: 1.2 })).toEqual({
      accept: true,
      price: 1.2,
      pending: null,
    });
  });

  it('applies the coin rules first and drops the candidate on a rejected price', () => {
    expect(checkCoinPriceMove({ previousPrice: 1, pending: 500, newPrice: -1 })).toEqual({
      accept: false,
      price: 1,
      reason: 'invalid',
      pending: null,
    });
    expect(checkCoinPriceMove({ previousPrice: 1, pending: 9_000_000, newPrice: 10_000_001 })).toEqual({
      accept: false,
      price: 1,
      reason: 'above_coin_cap',
      pending: null,
    });
  });

  it('takes any first price under the cap (nothing to jump from)', () => {
    expect(checkCoinPriceMove({ previousPrice: null, newPrice: 9_000_000 })).toEqual({
      accept: true,
      price: 9_000_000,
      pending: null,
    });
    expect(checkCoinPriceMove({ previousPrice: 0, newPrice: 5 })).toMatchObject({ accept: true, price: 5 });
  });
});
