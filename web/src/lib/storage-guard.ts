/**
 * The client storage guard of SPEC.md section 9. Browser storage may hold only the app's own keys
 * (STORAGE_KEYS, the whitelist) and the identity provider's; anything else that looks like key
 * material, a recovery phrase, a wallet address or a large amount is removed or never written.
 * - at start-up: cached price and portfolio data is cleared;
 * - every 60 s: the unsafe-key check removes key material;
 * - every 5 minutes: the security sweep also removes addresses and large amounts;
 * - always: writes of such values outside the whitelist are refused.
 */
import { STORAGE_KEYS } from './storage-keys.ts';
import { findSecret, findSensitive, isCachedMarketData, type UnsafeReason } from './storage-rules.ts';

export const UNSAFE_KEY_CHECK_MS = 60_000;
export const SECURITY_SWEEP_MS = 5 * 60_000;

const WHITELIST: ReadonlySet<string> = new Set(Object.values(STORAGE_KEYS));
/** The identity SDK (Clerk) keeps its own state under these prefixes; it is not ours to clear. */
const PROVIDER_PREFIXES = ['__clerk', 'clerk'];

/** Whether the guard leaves `key` alone. */
export function isProtectedKey(key: string): boolean {
  return WHITELIST.has(key) || PROVIDER_PREFIXES.some((prefix) => key.startsWith(prefix));
}

export interface Removal {
  key: string;
  reason: UnsafeReason | 'cached-market-data';
}

type Check = (key: string, value: string) => Removal['reason'] | null;

function removeWhere(storages: Storage[], check: Check): Removal[] {
  const removed: Removal[] = [];
  for (const storage of storages) {
    let keys: string[];
    try {
      keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
        (k): k is string => k !== null,
      );
    } catch {
      continue; // storage blocked
    }
    for (const key of keys) {
      if (isProtectedKey(key)) continue;
      const reason = check(key, storage.getItem(key) ?? '');
      if (reason) {
        storage.removeItem(key);
        removed.push({ key, reason });
      }
    }
  }
  return removed;
}

const defaultStorages = (): Storage[] => {
  try {
    return [window.localStorage, window.sessionStorage];
  } catch {
    return [];
  }
};

/** Start-up: removes locally cached prices and portfolio data (a legacy local portfolio included). */
export function clearCachedMarketData(storages = defaultStorages()): Removal[] {
  return removeWhere(storages, (key) => (isCachedMarketData(key) ? 'cached-market-data' : null));
}

/** The 60-second check: key material outside the whitelist. */
export function runUnsafeKeyCheck(storages = defaultStorages()): Removal[] {
  return removeWhere(storages, findSecret);
}

/** The 5-minute sweep: key material, wallet addresses and large amounts outside the whitelist. */
export function runSecuritySweep(storages = defaultStorages()): Removal[] {
  return removeWhere(storages, findSensitive);
}

/**
 * Refuses writes of sensitive values to keys outside the whitelist by wrapping Storage#setItem.
 * `onRefused` hears about each refused key (never the value).
 * @returns a function that restores the original setItem.
 */
export function installStorageWriteGuard(onRefused: (removal: Removal) => void = () => {}): () => void {
  const proto = Storage.prototype;
  const original = proto.setItem;
  proto.setItem = function guardedSetItem(this: Storage, key: string, value: string) {
    const k = String(key);
    const reason = isProtectedKey(k) ? null : findSensitive(k, String(value));
    if (reason) {
      onRefused({ key: k, reason });
      return;
    }
    original.call(this, k, value);
  };
  return () => {
    proto.setItem = original;
  };
}

/** Schedules `fn` every `ms`; returns a cancel function. Injected in tests instead of faking timers. */
export type Scheduler = (fn: () => void, ms: number) => () => void;

const intervalScheduler: Scheduler = (fn, ms) => {
  const id = window.setInterval(fn, ms);
  return () => window.clearInterval(id);
};

export interface StorageGuardOptions {
  storages?: Storage[];
  schedule?: Scheduler;
  /** Also wrap Storage#setItem (default true). */
  guardWrites?: boolean;
}

/**
 * Starts the guard: clears cached market data and sensitive values now, then runs the unsafe-key
 * check every 60 s and the security sweep every 5 minutes.
 * @returns a function that stops everything.
 */
export function startStorageGuard(options: StorageGuardOptions = {}): () => void {
  const storages = options.storages ?? defaultStorages();
  const schedule = options.schedule ?? intervalScheduler;
  clearCachedMarketData(storages);
  runSecuritySweep(storages);
  const stops = [
    schedule(() => runUnsafeKeyCheck(storages), UNSAFE_KEY_CHECK_MS),
    schedule(() => runSecuritySweep(storages), SECURITY_SWEEP_MS),
  ];
  if (options.guardWrites ?? true) stops.push(installStorageWriteGuard());
  return () => stops.forEach((stop) => stop());
}
