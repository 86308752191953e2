/**
 * Every browser-storage key the app writes. The storage guard (SPEC.md section 9) treats these as
 * the whitelist; anything else that looks sensitive is cleared.
 */
export const STORAGE_KEYS = {
  /** Local-account session: {token, user}. localStorage. */
  session: 'coinpace.session',
  /** 'light' | 'dark'; absent = follow the system. localStorage. */
  theme: 'coinpace.theme',
  /** The site password once accepted. sessionStorage. */
  sitePassword: 'coinpace.sitePassword',
  /** Connected wallets of the wallets screen. localStorage. */
  wallets: 'coinpace.wallets',
  /** Ids of alerts set for new coins whose notice the user dismissed. localStorage. */
  seenAutoAlerts: 'coinpace.seenAutoAlerts',
  /** The main script of the version this tab reloaded for once after a chunk failed. sessionStorage. */
  reloadedForVersion: 'coinpace.reloadedForVersion',
  /** Ids of users greeted on their first visit (later visits say 'Welcome back'). localStorage. */
  greeted: 'coinpace.greeted',
  /** Per user id, alert firings not yet seen on the Alerts page (the nav's count). localStorage. */
  unseenFirings: 'coinpace.unseenFirings',
} as const;

/** Reads JSON from storage; null when absent, unreadable or storage is blocked. */
export function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the app keeps working without persistence */
  }
}

export function removeKey(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    /* blocked storage */
  }
}
