/**
 * Whether the portfolio greets a user for the first time ('Welcome, Ada!') or welcomes them back. A
 * first visit is the first page load that shows this account's portfolio in this browser while the
 * account is under a day old: a reload, or a later visit, says 'Welcome back'; so does a long-standing
 * account on a new browser. Which users were greeted is kept in localStorage, read once per page load.
 */
import { useEffect, useState } from 'react';
import { STORAGE_KEYS, readJson, writeJson } from '../../lib/storage-keys.ts';
import type { AuthProfile } from '../auth/auth-store.ts';

/** An account this young on its first visit is greeted as new, ms. */
export const NEW_ACCOUNT_MS = 86_400_000;
/** Most user ids kept: a shared browser's few accounts, never a growing list. */
const MAX_GREETED = 20;

/** The users greeted before this page load. */
let greetedBefore: string[] | null = null;

function greetedAtLoad(): string[] {
  greetedBefore ??= readJson<string[]>(localStorage, STORAGE_KEYS.greeted) ?? [];
  return greetedBefore;
}

/** Whether `user` is on a first visit at `now` (epoch ms); false while the server has not said who it is. */
export function isFirstVisit(user: AuthProfile | null, now: number): boolean {
  if (!user?.id || !user.createdAt) return false;
  const age = now - Date.parse(user.createdAt);
  return age >= -60_000 && age < NEW_ACCOUNT_MS && !greetedAtLoad().includes(user.id);
}

/** Remembers that `userId` was greeted, for the next page loads. */
export function markGreeted(userId: string): void {
  const stored = readJson<string[]>(localStorage, STORAGE_KEYS.greeted) ?? [];
  if (stored.includes(userId)) return;
  writeJson(localStorage, STORAGE_KEYS.greeted, [...stored, userId].slice(-MAX_GREETED));
}

/** Forgets the page load's snapshot (tests: a new page load). */
export function resetFirstVisits(): void {
  greetedBefore = null;
}

/** Whether the signed-in user is on a first visit; once known, they count as greeted from the next load. */
export function useFirstVisit(user: AuthProfile | null): boolean {
  const [now] = useState(() => Date.now());
  const first = isFirstVisit(user, now);
  const id = user?.id;
  useEffect(() => {
    if (first && id) markGreeted(id);
  }, [first, id]);
  return first;
}
