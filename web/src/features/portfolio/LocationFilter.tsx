import { MANUAL_LOCATION_LABEL } from '@coinpace/domain';
import { useEffect, useId } from 'react';
import { loadLocations, setLocation, useLocationFilter } from './location-filter.ts';
import { usePortfolio } from './portfolio-store.ts';

/**
 * "Location": show the holdings on one exchange account or wallet, or those entered by hand. Offered once
 * the user has an exchange account or a wallet; the places are read again whenever the holdings change.
 */
export function LocationFilter() {
  const holdings = usePortfolio((s) => s.holdings);
  const places = useLocationFilter((s) => s.places);
  const location = useLocationFilter((s) => s.location);
  const id = useId();
  useEffect(() => {
    void loadLocations();
  }, [holdings]);
  if (!places || places.accounts.length + places.wallets.length === 0) return null;
  return (
    <span className="pf-location">
      <label htmlFor={id}>Location</label>
      <select
        id={id}
        className="input input-sm"
        value={location === null ? 'all' : location === '' ? 'manual' : location}
        onChange={(e) =>
          setLocation(e.target.value === 'all' ? null : e.target.value === 'manual' ? '' : e.target.value)
        }
      >
        <option value="all">All locations</option>
        <option value="manual">{MANUAL_LOCATION_LABEL}</option>
        {places.accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.label}
          </option>
        ))}
        {places.wallets.length > 0 && (
          <optgroup label="Wallets">
            {places.wallets.map((w) => (
              <option key={w.id} value={w.id}>
                {w.label}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </span>
  );
}
