import { ALERT_MESSAGES, formatDateTime, type AlertEventView } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { fetchAlertHistory } from './alerts-api.ts';
import { eventSummary, eventTitle } from './history-text.ts';

/** The firings of one alert, newest first. */
export function AlertHistoryDialog({ alertId, onClose }: { alertId: string | null; onClose: () => void }) {
  const [events, setEvents] = useState<AlertEventView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!alertId) return;
    setEvents(null);
    setError(null);
    fetchAlertHistory(alertId)
      .then(setEvents)
      .catch((e: unknown) => setError(`${ALERT_MESSAGES.failedLoadData}${errorMessage(e)}`));
  }, [alertId]);
  return (
    <Dialog open={alertId !== null} title="Alert history" onClose={onClose}>
      <HistoryList events={events} error={error} empty="This alert has not fired yet." />
    </Dialog>
  );
}

/** A list of alert events with loading, error and empty states. */
export function HistoryList({
  events,
  error,
  empty,
}: {
  events: AlertEventView[] | null;
  error: string | null;
  empty: string;
}) {
  if (error) return <p className="field-error">{error}</p>;
  if (!events) return <span className="spinner" aria-label="Loading history" />;
  if (events.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="history-list">
      {events.map((event) => (
        <li key={event.id}>
          <div className="history-title">{eventTitle(event)}</div>
          <div>{eventSummary(event)}</div>
          <div className="alert-state">
            {formatDateTime(event.firedAt)}
            {event.detail ? ` · ${event.detail}` : ''}
          </div>
        </li>
      ))}
    </ul>
  );
}
