/**
 * Alert firings heard live (`alert:triggered`) for the signed-in shell: the latest one, for the toast
 * shown on every signed-in page, and how many fired since the user last looked at the Alerts page, for
 * the count on the navigation's Alerts link. Kept for this tab's session.
 */
import type { AlertTriggeredPayload } from '@coinpace/domain';
import { create } from 'zustand';

export interface FiredState {
  /** The latest firing heard in this session. */
  lastFired: AlertTriggeredPayload | null;
  /** Firings heard since the Alerts page was last shown. */
  unseen: number;
}

export const useFired = create<FiredState>(() => ({ lastFired: null, unseen: 0 }));

/** A firing heard live; `seen` when the Alerts page is showing, which shows it already. */
export function alertFired(payload: AlertTriggeredPayload, seen: boolean): void {
  useFired.setState((s) => ({ lastFired: payload, unseen: seen ? 0 : s.unseen + 1 }));
}

/** The Alerts page is shown: the firings so far count as seen. */
export function markFiredSeen(): void {
  if (useFired.getState().unseen !== 0) useFired.setState({ unseen: 0 });
}

/** The Alerts link's accessible name: 'Alerts', or 'Alerts, 2 new' after firings not yet looked at. */
export function alertsLinkLabel(unseen: number): string {
  return unseen > 0 ? `Alerts, ${unseen} new` : 'Alerts';
}
