import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../testing/fake-api.ts';
import { currentMoney, refreshRates, showCurrency, stopRatesRefresh, useCurrency } from './currency-store.ts';

describe('currency store', () => {
  beforeEach(() => stopRatesRefresh());
  afterEach(() => vi.unstubAllGlobals());

  it("holds every currency's rate from sign-in on, so a switch shows amounts at once", async () => {
    const api = installFakeApi().on('GET', '/api/prices/rates', {
      body: { rates: { usd: 1, eur: 0.9, jpy: 150 }, updatedAt: null },
    });
    // A dollar user signs in: the rates are read all the same.
    await showCurrency('usd');
    expect(api.callsTo('GET', '/api/prices/rates')).toHaveLength(1);

    // The switch to a currency never shown before: no read to wait for, no '—'.
    void showCurrency('jpy');
    expect(currentMoney().amount(100)).toBe('¥15,000');
    void showCurrency('eur');
    expect(currentMoney().amount(100)).toBe('€90.00');
    expect(api.callsTo('GET', '/api/prices/rates')).toHaveLength(1);
  });

  it('reads the rates at once when the chosen currency has none held', async () => {
    const api = installFakeApi().on('GET', '/api/prices/rates', {
      body: { rates: { usd: 1, gbp: 0.8 }, updatedAt: null },
    });
    useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
    await showCurrency('gbp');
    expect(api.callsTo('GET', '/api/prices/rates')).toHaveLength(1);
    expect(currentMoney().amount(100)).toBe('£80.00');
  });

  it('keeps the rates held when an answer carries none, and does not throw', async () => {
    installFakeApi().on('GET', '/api/prices/rates', { body: { error: 'Bad gateway' } });
    useCurrency.setState({ currency: 'eur', rates: { usd: 1, eur: 0.9 } });
    await expect(refreshRates()).resolves.toBeUndefined();
    expect(useCurrency.getState().rates).toEqual({ usd: 1, eur: 0.9 });
    expect(currentMoney().amount(100)).toBe('€90.00');
  });
});
