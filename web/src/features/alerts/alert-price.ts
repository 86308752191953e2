/** An alert's coin price as the alerts screen shows it: live, in the currency the alert is set in. */
import { moneyIn, type DisplayCurrency } from '@coinpace/domain';
import { useCurrency } from '../currency/currency-store.ts';
import { useCoinPrice } from '../prices/prices-store.ts';

/**
 * The coin's live price in `currency` at the latest rate, or `serverPrice` (already in `currency`) while
 * there is no live price or no rate; null when neither is known.
 */
export function useAlertPrice(
  coingeckoId: string | null | undefined,
  currency: DisplayCurrency,
  serverPrice: number | null,
): number | null {
  const usd = useCoinPrice(coingeckoId)?.usd;
  const rates = useCurrency((s) => s.rates);
  if (usd === undefined) return serverPrice;
  const price = moneyIn(currency, rates).fromUsd(usd);
  return Number.isFinite(price) ? price : serverPrice;
}
