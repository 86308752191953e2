import { useEffect } from 'react';

/** How often a list with work running on the server is read again, ms. */
export const RECHECK_EVERY_MS = 5_000;

/**
 * Calls `recheck` every `everyMs` while `active` (and the tab is visible). Running work (a wallet's
 * refresh, an exchange sync) reports its end over the socket; an event missed while the socket was away
 * or not yet in the user's room would otherwise leave the row "running" until the page is reloaded.
 */
export function useRecheckWhile(active: boolean, recheck: () => unknown, everyMs = RECHECK_EVERY_MS): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void recheck();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, recheck, everyMs]);
}
