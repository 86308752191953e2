import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCurrency } from '../currency/currency-store.ts';
import { AlertFields } from './AlertFields.tsx';
import { emptyForm } from './alert-form.ts';
import { pricePlaceholder } from './price-placeholder.ts';

const rates = { usd: 1, eur: 0.92, jpy: 150, btc: 1 / 97_000 };

describe('pricePlaceholder', () => {
  it('gives an example price of the size and form of the alert currency', () => {
    expect(pricePlaceholder('usd', rates, 'en-US')).toBe('50,000');
    expect(pricePlaceholder('eur', rates, 'en-US')).toBe('46,000');
    expect(pricePlaceholder('jpy', rates, 'en-US')).toBe('7,500,000');
    expect(pricePlaceholder('btc', rates, 'en-US')).toBe('0.52');
  });

  it("writes numbers as the user's locale does", () => {
    expect(pricePlaceholder('eur', rates, 'de-DE')).toBe('46.000');
    expect(pricePlaceholder('btc', rates, 'de-DE')).toBe('0,52');
  });

  it('gives no example while the currency has no rate', () => {
    expect(pricePlaceholder('gbp', rates, 'en-US')).toBe('');
  });
});

describe('the alert form price field', () => {
  afterEach(() => {
    cleanup();
    useCurrency.setState({ currency: 'usd', rates: { usd: 1 } });
  });

  it('suggests a price in yen of a yen price size, not the dollar example', () => {
    useCurrency.setState({ currency: 'jpy', rates });
    render(<AlertFields form={emptyForm()} onChange={() => {}} />);
    const field = screen.getByLabelText('Price (JPY)') as HTMLInputElement;
    expect(field.placeholder).toBe(pricePlaceholder('jpy', rates, navigator.language || 'en-US'));
    expect(field.placeholder).not.toBe('50,000');
  });
});
