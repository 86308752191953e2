import { formatQuantity, type HoldingLocations as Locations } from '@coinpace/domain';
import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { loadTransactions, refreshHolding } from './detail-store.ts';

/**
 * Where the holding's coins are: by hand, on each exchange account and in each wallet. Where an exchange's balance and
 * what its synced transactions add up to differ, both figures are shown with an action that adjusts the
 * holding to the exchange's balance (an `adjust` on that account only; a wallet's refresh reconciles
 * itself). Hidden while the holding has no exchange account or wallet among its places.
 */
export function HoldingLocations({ holdingId, version }: { holdingId: string; version: unknown }) {
  const [data, setData] = useState<Locations | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await api<Locations>(`/api/holding-locations/${encodeURIComponent(holdingId)}`));
    } catch {
      // The places are extra to the detail: without them the view shows what it always showed.
    }
  }, [holdingId]);

  // Read again whenever the history changes (version: the transactions shown).
  useEffect(() => {
    void load();
  }, [load, version]);

  async function adjust(accountId: string) {
    setBusy(accountId);
    try {
      setData(
        await api<Locations>(`/api/holding-locations/${encodeURIComponent(holdingId)}/adjust`, {
          method: 'POST',
          body: { accountId },
        }),
      );
      setError(null);
      await Promise.all([loadTransactions(), refreshHolding(holdingId)]);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  if (!data || !data.locations.some((l) => l.locationId !== null)) return null;
  const qty = (value: string) => formatQuantity(Number(value));
  return (
    <section aria-labelledby="hd-locations-title" className="hd-locations">
      <h3 id="hd-locations-title">Where it is</h3>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ul className="hd-location-list">
        {data.locations.map((place) => (
          <li key={place.locationId ?? 'manual'}>
            <span className="hd-location-name">{place.label}</span>
            <span className="num">{qty(place.quantity)}</span>
            {place.differs && place.locationId && (
              <span className="hd-location-differs">
                <span>
                  The exchange reports <span className="num">{qty(place.exchangeBalance!)}</span>; the synced
                  transactions add up to <span className="num">{qty(place.quantity)}</span>.
                </span>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={busy !== null}
                  onClick={() => void adjust(place.locationId!)}
                  aria-label={`Adjust to ${place.label}'s balance`}
                >
                  Adjust to the exchange&apos;s balance
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
