/**
 * Alert firings heard live (`alert:triggered`) for the signed-in shell: the latest one, for the toast
 * shown on every signed-in page, and how many fired since the user last looked at the Alerts page, for
 * the count on the navigation's Alerts link. The count is kept per user in localStorage, so a reload or
 * a new tab before the Alerts page is seen still shows it.
 */
import type { AlertTriggeredPayload } from '@coinpace/domain';
import { create } from 'zustand';
import { STORAGE_KEYS, readJson, writeJson } from '../../lib/storage-keys.ts';

export interface FiredState {
  /** The latest firing heard in this session. */
  lastFired: AlertTriggeredPayload | null;
  /** Firings heard since the Alerts page was last shown. */
  unseen: number;
}

export const useFired = create<FiredState>(() => ({ lastFired: null, unseen: 0 }));

type StoredCounts = Record<string, number>;

function storeUnseen(userId: string | null, unseen: number): void {
  if (!userId) return;
  const counts = { ...readJson<StoredCounts>(localStorage, STORAGE_KEYS.unseenFirings) };
  if (unseen > 0) counts[userId] = unseen;
  else delete counts[userId];
  writeJson(localStorage, STORAGE_KEYS.unseenFirings, counts);
}

/** The signed-in user is known: their count of firings not yet seen, as kept from earlier visits. */
export function loadUnseen(userId: string): void {
  const stored = readJson<StoredCounts>(localStorage, STORAGE_KEYS.unseenFirings)?.[userId];
  const unseen = typeof stored === 'number' && Number.isInteger(stored) && stored > 0 ? stored : 0;
  useFired.setState({ unseen });
}

/**
 * A firing heard live for `userId`; `seen` when the Alerts page is showing, which shows it already.
 */
export function alertFired(payload: AlertTriggeredPayload, seen: boolean, userId: string | null): void {
  const unseen = seen ? 0 : useFired.getState().unseen + 1;
  useFired.setState({ lastFired: payload, unseen });
  storeUnseen(userId, unseen);
}

/** The Alerts page is shown: the firings so far count as seen. */
export function markFiredSeen(userId: string | null): void {
  if (useFired.getState().unseen !== 0) useFired.setState({ unseen: 0 });
  storeUnseen(userId, 0);
}

/** The Alerts link's accessible name: 'Alerts', or 'Alerts, 2 new' after firings not yet looked at. */
export function alertsLinkLabel(unseen: number): string {
  return unseen > 0 ? `Alerts, ${unseen} new` : 'Alerts';
}
