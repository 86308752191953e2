/**
 * The example in the alert form's price field, in the currency the alert is set in: a fixed '50,000' is a
 * bitcoin price in dollars, but a yen price of that size is a few hundred dollars and a bitcoin-priced one
 * absurd. The example is the same dollar amount at the currency's rate, rounded to two significant
 * digits and written as the user's locale writes numbers, with the currency's decimals.
 */
import { CURRENCIES, rateOf, type DisplayCurrency, type FxRates } from '@coinpace/domain';

/** The dollar amount the example stands for: a round bitcoin-sized price. */
const EXAMPLE_USD = 50_000;

/** '50,000' in dollars, '7,500,000' in yen, '0.52' in bitcoin; '' while the currency's rate is not known. */
export function pricePlaceholder(currency: DisplayCurrency, rates: FxRates, locale: string): string {
  const rate = rateOf(currency, rates);
  if (rate === undefined) return '';
  const example = Number((EXAMPLE_USD * rate).toPrecision(2));
  return new Intl.NumberFormat(locale, { maximumFractionDigits: CURRENCIES[currency].decimals }).format(
    example,
  );
}
