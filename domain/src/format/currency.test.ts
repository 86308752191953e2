import { describe, expect, it } from 'vitest';
import { ZDisplayCurrency } from '../schemas/common.ts';
import {
  DISPLAY_CURRENCIES,
  displayCurrencyOf,
  moneyIn,
  rateOf,
  rateOnDay,
  type FxRates,
} from './currency.ts';
import { formatPortfolioPrice, formatPreviewPrice, formatUsd } from './money.ts';
import { formatTickerPrice } from './ticker.ts';

const RATES: FxRates = {
  eur: 0.92,
  gbp: 0.79,
  jpy: 150,
  cad: 1.36,
  aud: 1.52,
  chf: 0.88,
  btc: 0.00001,
  eth: 0.0003,
};

describe('display currency', () => {
  it('formats US dollars exactly as SPEC.md section 9 does, with or without rates', () => {
    const usd = moneyIn('usd', {});
    for (const value of [0, 1234.5, -12.5, 0.45, 0.0001234, 1.23e-9, 97480.1, Number.NaN]) {
      expect(usd.amount(value)).toBe(formatUsd(value));
      expect(usd.price(value)).toBe(formatPortfolioPrice(value));
      expect(usd.formatPrice(value)).toBe(formatPortfolioPrice(value));
      expect(usd.previewPrice(value)).toBe(formatPreviewPrice(value));
      expect(usd.tickerPrice(value)).toBe(formatTickerPrice(value));
    }
    expect(usd.fromUsd(10)).toBe(10);
  });

  it('converts with the rate and uses each currency’s own sign and decimals', () => {
    expect(moneyIn('eur', RATES).amount(1000)).toBe('€920.00');
    expect(moneyIn('gbp', RATES).amount(-100)).toBe('-£79.00');
    expect(moneyIn('jpy', RATES).amount(1234.5)).toBe('¥185,175');
    expect(moneyIn('cad', RATES).amount(10)).toBe('CA$13.60');
    expect(moneyIn('aud', RATES).amount(10)).toBe('A$15.20');
    expect(moneyIn('chf', RATES).amount(10)).toBe('CHF\u00a08.80');
    expect(moneyIn('btc', RATES).amount(97_000)).toBe('₿0.97000000');
    expect(moneyIn('eth', RATES).amount(-3_400)).toBe('-Ξ1.020000');
    // An amount already converted (a chart's points) is only formatted.
    expect(moneyIn('eur', RATES).format(920)).toBe('€920.00');
    expect(moneyIn('usd', {}).format(-12.5)).toBe('-$12.50');
  });

  it('gives small prices more decimals, as the dollar table does', () => {
    const eur = moneyIn('eur', { eur: 1 });
    expect(eur.price(97480.1)).toBe('€97,480.10');
    expect(eur.price(0.45)).toBe('€0.450000');
    expect(eur.price(0.0001234)).toBe('€0.0001234000');
    expect(eur.price(1.23e-9)).toBe('€1.23E-9');
    expect(eur.tickerPrice(0.45)).toBe('€0.4500');
    expect(eur.previewPrice(0.00001234)).toBe('€0.00001234');
    expect(moneyIn('jpy', { jpy: 1 }).price(0.45)).toBe('¥0.450000');
    expect(moneyIn('btc', { btc: 1 }).price(1.23e-9)).toBe('₿1.23E-9');
    // A price already converted (the price chart's points) is only formatted.
    expect(moneyIn('eur', { eur: 0.5 }).formatPrice(0.45)).toBe('€0.450000');
  });

  it('takes a rate only when it can convert with it, and a stored code only when it is a currency', () => {
    const rates = { eur: 0.92, gbp: 0, jpy: Number.NaN, chf: Infinity, cad: -1 } as FxRates;
    expect(rateOf('usd', {})).toBe(1);
    expect(rateOf('eur', rates)).toBe(0.92);
    for (const currency of ['gbp', 'jpy', 'chf', 'cad', 'aud'] as const)
      expect(rateOf(currency, rates)).toBeUndefined();
    expect(displayCurrencyOf('eth')).toBe('eth');
    expect(displayCurrencyOf('xau')).toBe('usd');
    expect(displayCurrencyOf(null)).toBe('usd');
  });

  it('shows — rather than a dollar figure when the rate is not known', () => {
    for (const rates of [{}, { eur: 0 }, { eur: Number.NaN }] as FxRates[]) {
      const eur = moneyIn('eur', rates);
      expect(eur.amount(10)).toBe('—');
      expect(eur.price(10)).toBe('—');
      expect(Number.isNaN(eur.fromUsd(10))).toBe(true);
    }
  });

  it('accepts the nine currencies and refuses anything else with a message', () => {
    expect(DISPLAY_CURRENCIES).toHaveLength(9);
    for (const c of DISPLAY_CURRENCIES) expect(ZDisplayCurrency.parse(c)).toBe(c);
    const refused = ZDisplayCurrency.safeParse('xyz');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/displayCurrency must be one of usd, eur/);
  });
});

describe('rateOnDay', () => {
  const days = [
    { day: '2026-11-02', rate: 0.9 },
    { day: '2026-11-05', rate: 0.91 },
    { day: '2026-11-06', rate: 0.95 },
  ];
  const at = (iso: string) => Date.parse(iso);

  it('takes the day’s rate, else the latest before it, else the first day’s', () => {
    expect(rateOnDay(days, at('2026-11-05T23:59:59Z'))).toBe(0.91);
    expect(rateOnDay(days, at('2026-11-06T00:00:00Z'))).toBe(0.95);
    expect(rateOnDay(days, at('2026-11-04T12:00:00Z'))).toBe(0.9);
    expect(rateOnDay(days, at('2026-12-25T12:00:00Z'))).toBe(0.95);
    expect(rateOnDay(days, at('2026-10-01T00:00:00Z'))).toBe(0.9);
    expect(rateOnDay(days.slice(0, 1), at('2026-11-02T08:00:00Z'))).toBe(0.9);
    expect(rateOnDay([], at('2026-11-02T08:00:00Z'))).toBeUndefined();
  });
});
