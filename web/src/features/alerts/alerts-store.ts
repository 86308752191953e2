/**
 * The alerts screen's data (SPEC.md sections 2, 4 and 8): the user's alerts, their stats and profile,
 * edit-mode selection, and every action with SPEC.md's success and failure texts. Actions are plain
 * functions (STYLE.md, Zustand), so the socket layer can call `handleAlertTriggered` without React.
 */
import {
  ALERT_MESSAGES,
  AppError,
  createdMessage,
  enabledAllMessage,
  type AlertStats,
  type AlertTriggeredPayload,
  type AlertView,
  type Channel,
  type CreateAlertInput,
  type CreatePortfolioAlertInput,
  type HoldingRow,
  type NotificationMethod,
  type PnlMeasure,
  type ResetInterval,
  type ThresholdType,
  type UserView,
} from '@coinpace/domain';
import { create } from 'zustand';
import { errorMessage } from '../../lib/api-client.ts';
import {
  createAlertsRequest,
  deleteAlertRequest,
  fetchAlertStats,
  fetchAlerts,
  fetchProfile,
  setResetIntervalRequest,
  setStatusRequest,
  updateAlertRequest,
} from './alerts-api.ts';

export interface AlertsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  alerts: AlertView[];
  stats: AlertStats | null;
  profile: UserView | null;
  error: string | null;
  success: string | null;
  editMode: boolean;
  selected: string[];
  busy: boolean;
  /** The latest `alert:triggered` event of this session. */
  lastFired: AlertTriggeredPayload | null;
  /** Holding ids seen by the last 10 s portfolio refresh, to notice the holdings changing. */
  knownHoldings: string[] | null;
}

const initial: AlertsState = {
  status: 'idle',
  alerts: [],
  stats: null,
  profile: null,
  error: null,
  success: null,
  editMode: false,
  selected: [],
  busy: false,
  lastFired: null,
  knownHoldings: null,
};

export const useAlerts = create<AlertsState>(() => ({ ...initial }));

const set = useAlerts.setState;
const get = useAlerts.getState;

/** The message of a failed create: the server's details when it sent some, else its error (SPEC.md section 7). */
function createError(error: unknown): string {
  if (error instanceof AppError && Array.isArray(error.details) && error.details[0]?.message) {
    return String(error.details[0].message);
  }
  return errorMessage(error);
}

export type MissingItem = 'phone number' | 'email address';

/** The profile items a 403 PROFILE_INCOMPLETE names (`details.missing`), if any. */
function missingItems(error: unknown): MissingItem[] | undefined {
  if (!(error instanceof AppError) || error.code !== 'PROFILE_INCOMPLETE') return undefined;
  const missing = (error.details as { missing?: unknown } | undefined)?.missing;
  if (!Array.isArray(missing)) return undefined;
  return missing.filter((m): m is MissingItem => m === 'phone number' || m === 'email address');
}

/** The channels a 403 ALERT_LIMIT_REACHED says are used up (`details.usedUp`), if any. */
function usedUpOf(error: unknown): Channel[] | undefined {
  if (!(error instanceof AppError) || error.code !== 'ALERT_LIMIT_REACHED') return undefined;
  const usedUp = (error.details as { usedUp?: unknown } | undefined)?.usedUp;
  if (!Array.isArray(usedUp)) return undefined;
  return usedUp.filter((c): c is Channel => c === 'email' || c === 'sms');
}

/** Loads alerts, stats and the profile; 'Failed to load alerts: …' on failure. */
export async function loadAlertsScreen(): Promise<void> {
  set({ status: get().status === 'ready' ? 'ready' : 'loading', error: null });
  try {
    const [alerts, stats, profile] = await Promise.all([fetchAlerts(), fetchAlertStats(), fetchProfile()]);
    set({ status: 'ready', alerts, stats, profile });
  } catch (error) {
    set({ status: 'error', error: `${ALERT_MESSAGES.failedLoad}${errorMessage(error)}` });
  }
}

/** Reloads the profile (phone and e-mail can change on the account screen); null when it cannot. */
export async function refreshProfile(): Promise<UserView | null> {
  try {
    const profile = await fetchProfile();
    set({ profile });
    return profile;
  } catch {
    return get().profile;
  }
}

/** Reloads the stats only (after a change that moves the counts). */
export async function reloadStats(): Promise<void> {
  try {
    set({ stats: await fetchAlertStats() });
  } catch {
    /* the banner keeps its last figures */
  }
}

function replace(updated: AlertView): void {
  set({ alerts: get().alerts.map((a) => (a.id === updated.id ? updated : a)) });
}

/** Turns one alert on or off. */
export async function toggleAlert(id: string): Promise<void> {
  const alert = get().alerts.find((a) => a.id === id);
  if (!alert) return;
  try {
    replace(await setStatusRequest(id, alert.status === 'Active' ? 'Paused' : 'Active'));
    void reloadStats();
  } catch (error) {
    set({ error: `${ALERT_MESSAGES.failedToggle}${errorMessage(error)}` });
  }
}

export async function changeResetInterval(id: string, resetInterval: ResetInterval): Promise<void> {
  try {
    replace(await setResetIntervalRequest(id, resetInterval));
  } catch (error) {
    set({ error: `${ALERT_MESSAGES.failedResetInterval}${errorMessage(error)}` });
  }
}

/** The message of a failed edit. */
export const FAILED_UPDATE = 'Failed to update alert: ';

/**
 * Changes an alert's threshold and channels (PUT /api/alerts/{id}); resolves null when saved, else the
 * message to show in the edit dialog ('Failed to update alert: …' with the server's reason).
 */
export async function editAlert(
  id: string,
  changes: {
    thresholdType: ThresholdType;
    thresholdValue: string;
    notificationMethod: NotificationMethod;
    channels?: ('webhook' | 'push' | 'discord' | 'slack' | 'telegram')[];
    /** Holding gain/loss alerts: percent or amount. */
    measure?: PnlMeasure;
  },
): Promise<string | null> {
  try {
    replace(await updateAlertRequest(id, changes));
    void reloadStats();
    return null;
  } catch (error) {
    return `${FAILED_UPDATE}${createError(error)}`;
  }
}

export async function deleteAlert(id: string): Promise<void> {
  try {
    await deleteAlertRequest(id);
    set({
      alerts: get().alerts.filter((a) => a.id !== id),
      selected: get().selected.filter((s) => s !== id),
    });
    void reloadStats();
  } catch (error) {
    set({ error: `${ALERT_MESSAGES.failedDelete}${errorMessage(error)}` });
  }
}

/** Edit mode on or off; toggling clears the selection (SPEC.md section 4). */
export function setEditMode(editMode: boolean): void {
  set({ editMode, selected: [] });
}

export function toggleSelected(id: string): void {
  const { selected } = get();
  set({ selected: selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id] });
}

export function selectAll(): void {
  set({ selected: get().alerts.map((a) => a.id) });
}

export function selectNone(): void {
  set({ selected: [] });
}

/** Runs `fn` on each id; returns the first failure message, if any, after all ran. */
async function each(ids: string[], fn: (id: string) => Promise<void>): Promise<string | null> {
  const results = await Promise.allSettled(ids.map(fn));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  return failed ? errorMessage(failed.reason) : null;
}

/** Turns the selected alerts on or off. */
export async function setSelectedEnabled(enabled: boolean): Promise<void> {
  set({ busy: true });
  const failure = await each(get().selected, async (id) =>
    replace(await setStatusRequest(id, enabled ? 'Active' : 'Paused')),
  );
  set({ busy: false, error: failure ? `${ALERT_MESSAGES.failedToggleSome}${failure}` : null });
  void reloadStats();
}

/** Deletes the selected alerts. */
export async function deleteSelected(): Promise<void> {
  set({ busy: true });
  const gone: string[] = [];
  const failure = await each(get().selected, async (id) => {
    await deleteAlertRequest(id);
    gone.push(id);
  });
  set({
    busy: false,
    alerts: get().alerts.filter((a) => !gone.includes(a.id)),
    selected: get().selected.filter((id) => !gone.includes(id)),
    error: failure ? `${ALERT_MESSAGES.failedDeleteSome}${failure}` : null,
  });
  void reloadStats();
}

/** 'Reset All to ON': every alert Active again. */
export async function resetAllOn(): Promise<void> {
  set({ busy: true });
  const off = get().alerts.filter((a) => a.status !== 'Active');
  const failure = await each(
    off.map((a) => a.id),
    async (id) => replace(await setStatusRequest(id, 'Active')),
  );
  set({
    busy: false,
    error: failure ? `${ALERT_MESSAGES.failedResetAll}${failure}` : null,
    success: failure ? null : enabledAllMessage(get().alerts.length),
  });
  void reloadStats();
}

/** Creates alerts; resolves true on success ('Successfully created N alert(s)!'), false with the error set. */
export async function createAlerts(
  payload: CreateAlertInput | CreatePortfolioAlertInput,
): Promise<
  { ok: true } | { ok: false; message: string; code?: string; missing?: MissingItem[]; usedUp?: Channel[] }
> {
  set({ busy: true });
  try {
    const result = await createAlertsRequest(payload);
    set({
      busy: false,
      alerts: [...result.alerts, ...get().alerts],
      success: createdMessage(result.created),
      error: null,
    });
    void reloadStats();
    return { ok: true };
  } catch (error) {
    const message = `${ALERT_MESSAGES.failedCreate}${createError(error)}`;
    set({ busy: false });
    return {
      ok: false,
      message,
      code: error instanceof AppError ? error.code : undefined,
      missing: missingItems(error),
      usedUp: usedUpOf(error),
    };
  }
}

/** A live `alert:triggered`: the alert shows as fired at once, then the list and counts reload. */
export function handleAlertTriggered(payload: AlertTriggeredPayload): void {
  set({
    lastFired: payload,
    alerts: get().alerts.map((a) =>
      a.id === payload.alertId
        ? {
            ...a,
            status: 'Paused',
            pausedBy: 'trigger',
            lastTriggered: new Date(payload.firedAt).toISOString(),
          }
        : a,
    ),
  });
  void loadAlertsScreen();
}

/**
 * Called with each portfolio refresh: when the set of holdings changed since the last one (a coin added
 * or removed on another screen, tab or device), the alerts are loaded again, since the server changed
 * them too: a new coin gets an alert like the user's first Gain/Loss alert (SPEC.md section 4, done by
 * the API where holdings are added) and a removed one takes its alerts with it. The first refresh only
 * learns what is held. Resolves true when it reloaded.
 */
export async function syncWithHoldings(holdings: readonly HoldingRow[]): Promise<boolean> {
  const { knownHoldings } = get();
  const ids = holdings.map((h) => h.id).sort();
  set({ knownHoldings: ids });
  if (knownHoldings === null || ids.join() === [...knownHoldings].sort().join()) return false;
  await loadAlertsScreen();
  return true;
}

export function clearAlertMessages(): void {
  set({ error: null, success: null });
}

export function resetAlerts(): void {
  set({ ...initial });
}
