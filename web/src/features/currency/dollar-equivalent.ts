/**
 * Fields that take US dollars: records are kept in dollars, so the add-coin dialog's purchase
 * price and the transaction form's price and fee stay in dollars whatever the display currency; under
 * them, the amount typed is shown in the display currency at the latest rate.
 */
import { readNumberInput } from '@coinpace/domain';
import { userLocale } from '../../lib/locale.ts';
import { useMoney } from './currency-store.ts';

/**
 * The dollar amount a field holds, in the display currency at the latest rate ('≈ €92.00'), formatted as
 * a coin price (`price`) or an amount (`amount`); null while dollars are shown, while the text is not a
 * number the user's locale reads, and while the currency's rate is not known.
 */
export function useDollarEquivalent(text: string, as: 'price' | 'amount'): string | null {
  const money = useMoney();
  if (money.currency === 'usd') return null;
  const reading = readNumberInput(text, userLocale());
  if (!reading.ok || !Number.isFinite(money.fromUsd(reading.value))) return null;
  return `≈ ${as === 'price' ? money.price(reading.value) : money.amount(reading.value)}`;
}

/** The ids of a field's hints that are shown, for its aria-describedby (undefined for none). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
