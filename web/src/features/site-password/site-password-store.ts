/**
 * The site password gate (DESIGN.md section 4, SPEC.md sections 4 and 8): when the server has a
 * SITE_PASSWORD, the site stays locked until POST /api/check-password accepts one. The accepted
 * password is kept in sessionStorage for this tab; api-client sends it as X-Site-Password on every
 * request, and a later refusal locks the site again.
 */
import {
  AppError,
  SITE_PASSWORD_MESSAGES,
  type CheckPasswordResult,
  type PublicConfig,
} from '@coinpace/domain';
import { create } from 'zustand';
import { api, setSitePasswordRejectedHandler, sitePassword } from '../../lib/api-client.ts';
import { STORAGE_KEYS, removeKey } from '../../lib/storage-keys.ts';

export interface SitePasswordState {
  status: 'locked' | 'unlocked';
  checking: boolean;
  error: string | null;
}

export const useSitePassword = create<SitePasswordState>(() => ({
  status: 'unlocked',
  checking: false,
  error: null,
}));

/** Decides at start-up whether the gate shows: locked when a password is required and none is kept. */
export function initSitePassword(config: Pick<PublicConfig, 'sitePasswordRequired'>): void {
  setSitePasswordRejectedHandler(lockSite);
  const unlocked = !config.sitePasswordRequired || Boolean(sitePassword());
  useSitePassword.setState({ status: unlocked ? 'unlocked' : 'locked', checking: false, error: null });
}

/**
 * Runs `start` once the site is unlocked: at once when no password is needed or one is kept, else
 * after the gate accepts one (the live layer must not handshake without it).
 */
export function whenSiteUnlocked(start: () => void): void {
  if (useSitePassword.getState().status === 'unlocked') {
    start();
    return;
  }
  const unsubscribe = useSitePassword.subscribe((state) => {
    if (state.status !== 'unlocked') return;
    unsubscribe();
    start();
  });
}

/** Forgets the kept password and shows the gate. */
export function lockSite(): void {
  removeKey(sessionStorage, STORAGE_KEYS.sitePassword);
  useSitePassword.setState({ status: 'locked', checking: false });
}

/** Checks a password with the server; on success keeps it for this tab and unlocks the site. */
export async function submitSitePassword(password: string): Promise<boolean> {
  if (!password) return false;
  useSitePassword.setState({ checking: true, error: null });
  try {
    const result = await api<CheckPasswordResult>('/api/check-password', {
      method: 'POST',
      body: { password },
      auth: false,
    });
    if (!result?.success) throw new AppError('SITE_PASSWORD_INVALID');
    try {
      sessionStorage.setItem(STORAGE_KEYS.sitePassword, password);
    } catch {
      /* storage blocked: this page stays unlocked until reload */
    }
    useSitePassword.setState({ status: 'unlocked', checking: false, error: null });
    return true;
  } catch (error) {
    useSitePassword.setState({ checking: false, error: gateMessage(error) });
    return false;
  }
}

/** 'Invalid password' for a refusal, the wait for too many tries, 'Connection error' for anything else. */
function gateMessage(error: unknown): string {
  if (error instanceof AppError) {
    if (error.status === 403 || error.status === 400) return SITE_PASSWORD_MESSAGES.invalid;
    if (error.status === 429) {
      const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
      return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
    }
  }
  return SITE_PASSWORD_MESSAGES.connection;
}
