import { describe, expect, it } from 'vitest';
import { describeIssues } from '../validation.ts';
import { ZNewTransaction, ZTransactionChanges } from './schemas.ts';

describe('ZNewTransaction', () => {
  it('normalises a buy: decimal strings, UTC time, fee 0 and dollars when left out, blank note as none', () => {
    const parsed = ZNewTransaction.parse({
      type: 'buy',
      at: '2025-03-01T10:00:00+01:00',
      quantity: 1.5,
      pricePerCoin: '30000.50',
      note: '  ',
    });
    expect(parsed).toEqual({
      type: 'buy',
      at: '2025-03-01T09:00:00.000Z',
      quantity: '1.5',
      pricePerCoin: '30000.5',
      fee: '0',
      note: null,
      currency: 'usd',
    });
  });

  it('keeps the currency, with the price limit of that currency', () => {
    const base = { type: 'buy', at: '2025-03-01T10:00:00Z', quantity: '1' };
    expect(ZNewTransaction.parse({ ...base, pricePerCoin: '15000000', currency: 'jpy' }).currency).toBe(
      'jpy',
    );
    const dollars = ZNewTransaction.safeParse({ ...base, pricePerCoin: '15000000' });
    expect(dollars.success ? null : dollars.error.issues[0]!.message).toBe(
      'Price per coin must be at most 10,000,000',
    );
    const euro = ZNewTransaction.safeParse({ ...base, pricePerCoin: '1', currency: 'EUR' });
    expect(euro.success ? null : euro.error.issues[0]!.message).toBe(
      'currency must be one of usd, eur, gbp, jpy, cad, aud, chf, btc, eth',
    );
  });

  it.each([
    [{ type: 'swap' }, 'type must be one of buy, sell, transfer_in, transfer_out'],
    [{ type: 'adjust' }, 'type must be one of buy, sell, transfer_in, transfer_out'],
    [{ quantity: 0 }, 'Quantity must be greater than 0'],
    [{ fee: -1 }, 'Fee must not be negative'],
    [{ at: 'yesterday' }, 'Date must be an ISO date-time'],
    [{ at: '2999-01-01T00:00:00Z' }, 'Date must not be in the future'],
    [{ at: '2001-01-01T00:00:00Z' }, 'Date must be in 2009 or later'],
    [{ note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
  ])('refuses %o with a clear message', (change, message) => {
    const body = { type: 'sell', at: '2025-01-01T00:00:00Z', quantity: '1', pricePerCoin: '2', ...change };
    const parsed = ZNewTransaction.safeParse(body);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(describeIssues(parsed.error)).toContain(message);
  });
});

describe('ZTransactionChanges', () => {
  it('takes any one field and refuses none', () => {
    expect(ZTransactionChanges.parse({ fee: '1.50' })).toEqual({ fee: '1.5', note: undefined });
    expect(ZTransactionChanges.safeParse({}).success).toBe(false);
  });
});
