import { describe, expect, it } from 'vitest';
import { applyPercent, fromScaled, toScaled } from './scaled.ts';
import { computeTrigger, portfolioTarget } from './trigger.ts';

describe('scaled decimals', () => {
  it.each([
    ['0', 0n],
    ['1', 10n ** 18n],
    ['1.5', 15n * 10n ** 17n],
    ['0.000000000000000001', 1n],
    ['123456789.123456789123456789', 123456789123456789123456789n],
  ])('%s round-trips', (text, scaled) => {
    expect(toScaled(text)).toBe(scaled);
    expect(fromScaled(scaled)).toBe(
      text === '123456789.123456789123456789' ? '123456789.123456789123456789' : text,
    );
  });

  it('rejects negatives, exponents and junk', () => {
    for (const bad of ['-1', '1e3', 'abc', '', '1.2.3']) expect(toScaled(bad)).toBeNull();
    expect(toScaled(-1)).toBeNull();
  });

  it('applies a percentage exactly and refuses to go to or below zero', () => {
    expect(fromScaled(applyPercent(toScaled('30000')!, toScaled('10')!, 1)!)).toBe('33000');
    expect(fromScaled(applyPercent(toScaled('30000')!, toScaled('10')!, -1)!)).toBe('27000');
    expect(fromScaled(applyPercent(toScaled('0.1')!, toScaled('33.3')!, 1)!)).toBe('0.1333');
    expect(applyPercent(toScaled('5')!, toScaled('100')!, -1)).toBeNull();
    expect(applyPercent(toScaled('5')!, toScaled('150')!, -1)).toBeNull();
  });
});

describe('computeTrigger (DESIGN.md section 5)', () => {
  it.each([
    ['Above', '50000', undefined, 'above', '50000'],
    ['Below', '0.25', undefined, 'below', '0.25'],
    ['Above', 1234.5, '999', 'above', '1234.5'],
    ['Gain', '10', '30000', 'above', '33000'],
    ['Loss', '10', '30000', 'below', '27000'],
    ['Gain', '0.5', '0.00012', 'above', '0.0001206'],
    ['Loss', '99.99', '1', 'below', '0.0001'],
    ['Gain', '250', '2', 'above', '7'],
  ] as const)('%s %s from %s -> %s %s', (thresholdType, thresholdValue, referencePrice, direction, price) => {
    expect(computeTrigger({ thresholdType, thresholdValue, referencePrice })).toEqual({
      ok: true,
      direction,
      triggerPrice: price,
    });
  });

  it('truncates to 18 decimals like the numeric column', () => {
    const result = computeTrigger({
      thresholdType: 'Gain',
      thresholdValue: '33.333333333333333333',
      referencePrice: '0.000000000000000003',
    });
    expect(result).toEqual({ ok: true, direction: 'above', triggerPrice: '0.000000000000000003' });
  });

  it.each([
    ['Gain', '10', null, 'no_reference'],
    ['Loss', '10', '0', 'no_reference'],
    ['Gain', '10', undefined, 'no_reference'],
    ['Loss', '100', '30000', 'invalid_threshold'],
    ['Loss', '120', '30000', 'invalid_threshold'],
    ['Above', '0', undefined, 'invalid_threshold'],
    ['Below', 'abc', undefined, 'invalid_threshold'],
  ] as const)(
    '%s %s from %s has no trigger (%s)',
    (thresholdType, thresholdValue, referencePrice, reason) => {
      const result = computeTrigger({ thresholdType, thresholdValue, referencePrice });
      expect(result).toMatchObject({ ok: false, reason });
    },
  );

  it('moves a portfolio value by the percentage', () => {
    expect(portfolioTarget('Gain', 10, 1000)).toBeCloseTo(1100, 9);
    expect(portfolioTarget('Loss', 25, 1000)).toBeCloseTo(750, 9);
  });
});
