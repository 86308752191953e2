import { CURRENCIES, DISPLAY_CURRENCIES, type DisplayCurrency, type UserView } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { showCurrency } from '../currency/currency-store.ts';

/**
 * The display currency setting (issue 18): prices, values, gains, charts and the ticker are shown in it,
 * converted from US dollars with the latest rate. Saved with PATCH /api/users/me as soon as it is chosen;
 * a failed save puts the old one back.
 */
export function DisplayCurrencySection() {
  const [currency, setCurrency] = useState<DisplayCurrency | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api<{ user: UserView }>('/api/users/me')
      .then(({ user }) => live && setCurrency(user.displayCurrency ?? 'usd'))
      .catch(
        (failure: unknown) => live && setError(`Failed to load your settings: ${errorMessage(failure)}`),
      );
    return () => {
      live = false;
    };
  }, []);

  const choose = async (next: DisplayCurrency) => {
    if (next === currency || saving) return;
    const previous = currency;
    setCurrency(next);
    setSaving(true);
    setSaved(false);
    setError(null);
    try {
      const { user } = await api<{ user: UserView }>('/api/users/me', {
        method: 'PATCH',
        body: { displayCurrency: next },
      });
      setCurrency(user.displayCurrency);
      await showCurrency(user.displayCurrency);
      setSaved(true);
    } catch (failure) {
      setCurrency(previous);
      setError(`Failed to save changes to database: ${errorMessage(failure)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card account-section" aria-labelledby="display-currency-title">
      <h2 id="display-currency-title">Display currency</h2>
      <p className="muted" id="display-currency-hint">
        Prices, values, gains, charts and the ticker are shown in it, converted from US dollars at the latest
        rate. Alerts and plan prices stay in US dollars.
      </p>
      <ErrorBanner message={error} onClose={() => setError(null)} />
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
