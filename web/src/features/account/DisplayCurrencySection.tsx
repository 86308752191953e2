import { CURRENCIES, DISPLAY_CURRENCIES, type DisplayCurrency } from '@coinpace/domain';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { useUserSetting } from './user-setting.ts';
import { showCurrency } from '../currency/currency-store.ts';

/**
 * The display currency setting: prices, values, gains, charts and the ticker are shown in it,
 * converted from US dollars. Saved with PATCH /api/users/me as soon as it is chosen (useUserSetting).
 */
export function DisplayCurrencySection() {
  const {
    value: currency,
    saving,
    saved,
    error,
    clearError,
    choose,
  } = useUserSetting('displayCurrency', showCurrency);

  return (
    <section className="card account-section" aria-labelledby="display-currency-title">
      <h2 id="display-currency-title">Display currency</h2>
      <p className="muted" id="display-currency-hint">
        Prices, values, gains, charts and the ticker are shown in it, converted from US dollars (the value
        history at each day&apos;s rate). New alerts are set in it; an alert keeps the currency it was set in.
        Transactions and plan prices stay in US dollars.
      </p>
      <ErrorBanner message={error} onClose={clearError} />
      {currency === null ? (
        !error && <span className="spinner" role="status" aria-label="Loading display currency" />
      ) : (
        <div className="field">
          <label htmlFor="display-currency">Currency</label>
          <select
            id="display-currency"
            value={currency}
            disabled={saving}
            aria-busy={saving}
            aria-describedby="display-currency-hint"
            onChange={(event) => void choose(event.target.value as DisplayCurrency)}
          >
            {DISPLAY_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c.toUpperCase()}: {CURRENCIES[c].label}
              </option>
            ))}
          </select>
        </div>
      )}
      {saved && (
        <p role="status" className="saved-note">
          Display currency saved.
        </p>
      )}
    </section>
  );
}
