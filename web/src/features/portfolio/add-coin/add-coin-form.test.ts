import { PORTFOLIO_TEXTS, type CoinSearchResult } from '@coinpace/domain';
import { describe, expect, it } from 'vitest';
import { checkAddCoin, previewAddCoin } from './add-coin-form.ts';

const btc: CoinSearchResult = {
  id: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'btc',
  image: 'https://coin-images.coingecko.com/coins/images/1/small/bitcoin.png',
  current_price: 50000,
  price_change_percentage_24h: 1.2,
  contract_address: null,
};

describe('checkAddCoin', () => {
  it.each([
    ['no coin', { coin: null, quantity: '1', purchasePrice: '1' }, PORTFOLIO_TEXTS.fillAllFields],
    ['no quantity', { coin: btc, quantity: ' ', purchasePrice: '1' }, PORTFOLIO_TEXTS.fillAllFields],
    ['no price', { coin: btc, quantity: '1', purchasePrice: '' }, PORTFOLIO_TEXTS.fillAllFields],
    ['zero quantity', { coin: btc, quantity: '0', purchasePrice: '1' }, PORTFOLIO_TEXTS.positiveNumbers],
    ['zero price', { coin: btc, quantity: '1', purchasePrice: '0.0' }, PORTFOLIO_TEXTS.positiveNumbers],
    ['a negative price', { coin: btc, quantity: '1', purchasePrice: '-5' }, PORTFOLIO_TEXTS.positiveNumbers],
    [
      'text',
      { coin: btc, quantity: 'abc', purchasePrice: '1' },
      'Quantity: "abc" is not a number. Use digits and one decimal separator, like 1,234.56.',
    ],
    [
      'exponent notation',
      { coin: btc, quantity: '1', purchasePrice: '1e5' },
      'Purchase price: "1e5" is not a number. Use digits and one decimal separator, like 1,234.56.',
    ],
    [
      'a coin without id',
      { coin: { ...btc, id: '' }, quantity: '1', purchasePrice: '1' },
      PORTFOLIO_TEXTS.unidentifiedCoin,
    ],
  ])('refuses %s with the SPEC text', (_label, draft, message) => {
    expect(checkAddCoin(draft)).toEqual({ ok: false, message });
  });

  it('strips commas and builds the add-coin payload with decimal strings and an upper-case symbol', () => {
    expect(checkAddCoin({ coin: btc, quantity: '1,250.5', purchasePrice: '42,000' })).toEqual({
      ok: true,
      payload: {
        coingeckoId: 'bitcoin',
        name: 'Bitcoin',
        symbol: 'BTC',
        address: null,
        quantity: '1250.5',
        purchasePrice: '42000',
        image: btc.image,
      },
    });
  });

  it('reads comma decimals and the locale: 0,5 is a half, never 5', () => {
    const payload = (quantity: string, purchasePrice: string, locale?: string) => {
      const check = checkAddCoin({ coin: btc, quantity, purchasePrice }, locale);
      return check.ok ? [check.payload.quantity, check.payload.purchasePrice] : check.message;
    };
    expect(payload('0,5', '120.50')).toEqual(['0.5', '120.5']);
    expect(payload('0,5', '1.234,50', 'de-DE')).toEqual(['0.5', '1234.5']);
    expect(payload('2', '1.234', 'de-DE')).toEqual(['2', '1234']);
    expect(payload('2', '1,234', 'de-DE')).toEqual(['2', '1.234']);
  });

  it('drops an image that is not https', () => {
    const check = checkAddCoin({
      coin: { ...btc, image: 'http://x/y.png' },
      quantity: '1',
      purchasePrice: '1',
    });
    expect(check.ok && check.payload.image).toBeNull();
  });
});

describe('previewAddCoin', () => {
  it('gives per-coin price, total investment, current value and gain/loss with percent', () => {
    expect(previewAddCoin({ coin: btc, quantity: '2', purchasePrice: '40,000' })).toEqual({
      pricePerCoin: 40000,
      totalInvestment: 80000,
      currentValue: 100000,
      gainLoss: 20000,
      gainLossPercent: 25,
    });
  });

  it('has no current value without a price, and nothing until both numbers are readable', () => {
    expect(
      previewAddCoin({ coin: { ...btc, current_price: 0 }, quantity: '2', purchasePrice: '5' }),
    ).toMatchObject({
      totalInvestment: 10,
      currentValue: null,
      gainLoss: null,
    });
    expect(previewAddCoin({ coin: btc, quantity: '', purchasePrice: '5' })).toBeNull();
  });
});
