/**
 * The display currency: which currency the screens show amounts in, and the rates they
 * convert the API's dollar figures with. The choice is the user's saved `displayCurrency`; rates come
 * from GET /api/prices/rates (what the poller read with the latest prices, every display currency's) and
 * are read once a user is signed in, whatever currency they show, and every five minutes after: a switch to
 * another currency then redraws every amount at once with a rate already held.
 */
import { moneyIn, type DisplayCurrency, type FxRates, type FxRatesView, type Money } from '@coinpace/domain';
import { useMemo } from 'react';
import { create } from 'zustand';
import { api } from '../../lib/api-client.ts';

interface CurrencyState {
  currency: DisplayCurrency;
  rates: FxRates;
}

/** How often rates are read again once first read, ms. */
export const RATES_REFRESH_MS = 5 * 60_000;

/**
 * While the shown currency has no rate yet (the poller has not stored one: a server just started, or its
 * price source is down), rates are read again this often, ms, up to MISSING_RATE_TRIES times.
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
    const answer = await api<FxRatesView>('/api/prices/rates', { auth: false });
    // An answer without rates (a proxy's error page read as JSON) keeps the ones shown.
    if (answer && typeof answer.rates === 'object' && answer.rates !== null)
      useCurrency.setState({ rates: answer.rates });
  } catch {
    // The next refresh tries again.
  }
  const { currency, rates } = useCurrency.getState();
  clearTimeout(missingTimer);
  missingTimer = undefined;
  if (rates?.[currency] !== undefined || missingTries >= MISSING_RATE_TRIES) return;
  missingTries += 1;
  missingTimer = setTimeout(() => void refreshRates(), MISSING_RATE_RETRY_MS);
}

/**
 * Shows amounts in `currency` from now on (the signed-in user's saved choice, or a new one). The first call
 * reads every currency's rates and keeps them fresh every RATES_REFRESH_MS, whatever is shown, so a later
 * switch finds its rate held; a currency still without one has them read at once.
 */
export function showCurrency(currency: DisplayCurrency): Promise<void> {
  useCurrency.setState({ currency });
  clearTimeout(missingTimer);
  missingTimer = undefined;
  missingTries = 0;
  if (refreshTimer === undefined) {
    refreshTimer = setInterval(() => void refreshRates(), RATES_REFRESH_MS);
    return refreshRates();
  }
  if (currency === 'usd' || useCurrency.getState().rates[currency] !== undefined) return Promise.resolve();
  return refreshRates();
}

/** Stops reading rates and goes back to dollars with no rate held, as before the first showCurrency. */
export function stopRatesRefresh(): void {
  clearInterval(refreshTimer);
  clearTimeout(missingTimer);
  refreshTimer = undefined;
  missingTimer = undefined;
  missingTries = 0;
  useCurrency.setState(useCurrency.getInitialState(), true);
}
