/**
 * The display currency: which currency the screens show amounts in, and the rates they
 * convert the API's dollar figures with. The choice is the user's saved `displayCurrency`; rates come
 * from GET /api/prices/rates (what the poller read with the latest prices) and are read again every five
 * minutes while a currency other than the dollar is shown.
 */
import { moneyIn, type DisplayCurrency, type FxRates, type FxRatesView, type Money } from '@coinpace/domain';
import { useMemo } from 'react';
import { create } from 'zustand';
import { api } from '../../lib/api-client.ts';

interface CurrencyState {
  currency: DisplayCurrency;
  rates: FxRates;
}

/** How often rates are read again while another currency than the dollar is shown, ms. */
export const RATES_REFRESH_MS = 5 * 60_000;

/**
 * While the shown currency has no rate yet (the first user to choose it waits for the poller's next read),
 * rates are read again this often, ms, up to MISSING_RATE_TRIES times.
 */
export const MISSING_RATE_RETRY_MS = 5_000;
const MISSING_RATE_TRIES = 24;

export const useCurrency = create<CurrencyState>(() => ({ currency: 'usd', rates: { usd: 1 } }));

let refreshTimer: ReturnType<typeof setInterval> | undefined;
let missingTimer: ReturnType<typeof setTimeout> | undefined;
let missingTries = 0;

/** Money in the display currency, for components; changes when the currency or its rate does. */
export function useMoney(): Money {
  const currency = useCurrency((s) => s.currency);
  const rates = useCurrency((s) => s.rates);
  return useMemo(() => moneyIn(currency, rates), [currency, rates]);
}

/** Money in the display currency now, for code outside components (messages built by actions). */
export function currentMoney(): Money {
  const { currency, rates } = useCurrency.getState();
  return moneyIn(currency, rates);
}

/**
 * Reads the latest rates (the dollar's 1 among them, as the API sends it); on failure the ones shown
 * stay (an amount with no rate shows '—'). When the shown currency has no rate yet, reads again soon.
 */
export async function refreshRates(): Promise<void> {
  try {
    const { rates } = await api<FxRatesView>('/api/prices/rates', { auth: false });
    useCurrency.setState({ rates });
  } catch {
    // The next refresh tries again.
  }
  const { currency, rates } = useCurrency.getState();
  clearTimeout(missingTimer);
  missingTimer = undefined;
  if (rates[currency] !== undefined || missingTries >= MISSING_RATE_TRIES) return;
  missingTries += 1;
  missingTimer = setTimeout(() => void refreshRates(), MISSING_RATE_RETRY_MS);
}

/**
 * Shows amounts in `currency` from now on (the signed-in user's saved choice, or a new one): rates are
 * read at once when it is not the dollar, and every RATES_REFRESH_MS after.
 */
export function showCurrency(currency: DisplayCurrency): Promise<void> {
  useCurrency.setState({ currency });
  clearInterval(refreshTimer);
  clearTimeout(missingTimer);
  refreshTimer = missingTimer = undefined;
  missingTries = 0;
  if (currency === 'usd') return Promise.resolve();
  refreshTimer = setInterval(() => void refreshRates(), RATES_REFRESH_MS);
  return refreshRates();
}
