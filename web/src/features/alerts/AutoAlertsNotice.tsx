import { autoAlertNotice, type AlertView } from '@coinpace/domain';
import { useState } from 'react';
import { STORAGE_KEYS, readJson, writeJson } from '../../lib/storage-keys.ts';

/** Alert ids whose notice was dismissed, from browser storage. */
function seenIds(): string[] {
  if (typeof localStorage === 'undefined') return [];
  const ids = readJson<unknown>(localStorage, STORAGE_KEYS.seenAutoAlerts);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Says which alerts were set automatically for coins the user added (SPEC.md section 4),
 * until the user dismisses it; an alert set later brings it back for that alert.
 */
export function AutoAlertsNotice({ alerts }: { alerts: readonly AlertView[] }) {
  const [seen, setSeen] = useState(seenIds);
  const fresh = alerts.filter((a) => a.origin === 'auto' && !seen.includes(a.id));
  if (fresh.length === 0) return null;
  const dismiss = () => {
    // Only alerts that still exist are remembered, so the list does not grow for ever.
    const next = [
      ...new Set([...seen.filter((id) => alerts.some((a) => a.id === id)), ...fresh.map((a) => a.id)]),
    ];
    if (typeof localStorage !== 'undefined') writeJson(localStorage, STORAGE_KEYS.seenAutoAlerts, next);
    setSeen(next);
  };
  return (
    <div className="banner banner-info" role="status" data-testid="auto-alerts-notice">
      <div className="banner-body">
        {autoAlertNotice(
          fresh.map((a) => ({
            coinSymbol: a.coinSymbol,
            thresholdType: a.thresholdType,
            thresholdValue: a.thresholdValue,
          })),
          'alerts',
        )}
      </div>
      <button type="button" className="btn btn-sm" onClick={dismiss}>
        Got it
      </button>
    </div>
  );
}
