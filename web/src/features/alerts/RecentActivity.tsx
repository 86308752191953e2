import { ALERT_MESSAGES, type AlertEventView } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { HistoryList } from './AlertHistoryDialog.tsx';
import { fetchUserHistory } from './alerts-api.ts';

const REFRESH_MS = 10_000;

/** The user's latest alert firings across all alerts; reloads every 10 s and when `version` changes (a firing arrived). */
export function RecentActivity({ version }: { version: number }) {
  const [events, setEvents] = useState<AlertEventView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const load = () =>
      fetchUserHistory()
        .then((list) => {
          setEvents(list);
          setError(null);
        })
        .catch((e: unknown) => setError(`${ALERT_MESSAGES.failedLoadData}${errorMessage(e)}`));
    void load();
    // Deliveries finish after the firing: look again while the screen is open.
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [version]);
  return (
    <section className="card" aria-labelledby="recent-activity" style={{ marginTop: 'var(--space-5)' }}>
      <h2 id="recent-activity">Recent alert activity</h2>
      <HistoryList events={events} error={error} empty="No alert has fired yet." />
    </section>
  );
}
