import { create } from 'zustand';
import { STORAGE_KEYS } from './storage-keys.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';

function readChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(STORAGE_KEYS.theme);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** The theme: follows the system until the user picks one (kept in localStorage). */
export const useTheme = create<{ choice: ThemeChoice }>(() => ({ choice: readChoice() }));

export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEYS.theme);
    else localStorage.setItem(STORAGE_KEYS.theme, choice);
  } catch {
    /* blocked storage: still apply for this page */
  }
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
  useTheme.setState({ choice });
}

/** The theme in effect now, resolving 'system' through the media query. */
export function effectiveTheme(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  // Rendered at build time (the landing's HTML) there is no window: the light theme's toggle.
  if (typeof window === 'undefined') return 'light';
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
