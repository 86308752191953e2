import { describe, expect, it } from 'vitest';
import { composeHoldingReport } from './report.ts';
import { holdingRow } from './test-rows.test-helper.ts';

describe('composeHoldingReport', () => {
  const at = new Date('2025-03-01T10:00:00.000Z');
  const reporter = { id: 'user-123', email: 'ada@example.test', firstName: 'Ada' };

  it('names the coin in the subject and carries coin details, user id and time', () => {
    const email = composeHoldingReport({
      holding: holdingRow({ id: 'h9', address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }),
      reporter,
      at,
    });
    expect(email.subject).toBe('Error report: BTC (Bitcoin)');
    for (const part of [
      'Symbol: BTC',
      'CoinGecko id: bitcoin',
      'Contract address: 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      'Quantity: 0.5',
      'Purchase price (USD per coin): 40000',
      'Current price (USD): 50000',
      'Holding id: h9',
      'User id: user-123',
      'E-mail: ada@example.test',
      'Reported at: 2025-03-01T10:00:00.000Z',
    ]) {
      expect(email.text).toContain(part);
    }
    expect(email.text).not.toContain('Note from the user');
  });

  it('says when a price or id is missing and appends the note', () => {
    const email = composeHoldingReport({
      holding: holdingRow({ currentPrice: 0, coingeckoId: null, change24h: null }),
      reporter: { id: 'u', email: null, firstName: null },
      note: 'Price looks ten times too high',
      at,
    });
    expect(email.text).toContain('Current price (USD): No price data');
    expect(email.text).toContain('CoinGecko id: (none)');
    expect(email.text).toContain('E-mail: (none)');
    expect(email.text.trimEnd().endsWith('Price looks ten times too high')).toBe(true);
  });
});
