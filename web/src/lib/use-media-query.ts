import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, re-rendering when that changes (a window resized, a phone
 * turned). False where the browser has no matchMedia (tests without a layout engine).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
