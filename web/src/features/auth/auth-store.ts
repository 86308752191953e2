/**
 * Who is signed in, for both identity modes. Actions are plain functions (STYLE.md, Zustand), so
 * the Clerk bridge and the local forms update the same store.
 */
import type { AuthResult, SignUpAccepted, UserView } from '@coinpace/domain';
import { create } from 'zustand';
import { api, setTokenGetter } from '../../lib/api-client.ts';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '../../lib/storage-keys.ts';
import { showCurrency } from '../currency/currency-store.ts';

export interface AuthProfile {
  /** Our user id, once the server has ensured the user. */
  id: string | null;
  /** Identity subject (Clerk user id or local id). */
  clerkId: string;
  email: string | null;
  firstName: string | null;
  /** When the account was made (ISO time), once the server has ensured the user. */
  createdAt?: string;
}

export interface AuthState {
  status: 'loading' | 'signedOut' | 'signedIn';
  mode: 'local' | 'clerk' | null;
  user: AuthProfile | null;
  /** Set when the server could not ensure the user (SPEC.md section 8). */
  error: string | null;
}

export const useAuth = create<AuthState>(() => ({ status: 'loading', mode: null, user: null, error: null }));

interface LocalSession {
  token: string;
  user: UserView;
}

let signOutHandler: () => Promise<void> = async () => {};

/**
 * At start-up, before /api/config says which identity the server uses: a valid local session in
 * storage signs the user in at once, so a returning user's screen and its first requests do not wait
 * for the config. Only local accounts write that session; when the config says Clerk,
 * `handOverToClerk` undoes this. Without a session nothing changes (still 'loading').
 */
export function resumeLocalSession(): void {
  const session = readJson<LocalSession>(localStorage, STORAGE_KEYS.session);
  if (!session || typeof session.token !== 'string' || isExpired(session.token)) return;
  startLocalAuth();
}

/** The config says Clerk: a session resumed as local no longer counts; Clerk's bridge decides. */
export function handOverToClerk(): void {
  if (useAuth.getState().mode !== 'local') return;
  setTokenGetter(async () => null);
  useAuth.setState({ status: 'loading', mode: 'clerk', user: null, error: null });
}

/** Reads the local session from storage; an expired or unreadable token counts as signed out. */
export function startLocalAuth(): void {
  const session = readJson<LocalSession>(localStorage, STORAGE_KEYS.session);
  const valid = session && typeof session.token === 'string' && !isExpired(session.token);
  setTokenGetter(async () => readJson<LocalSession>(localStorage, STORAGE_KEYS.session)?.token ?? null);
  signOutHandler = async () => removeKey(localStorage, STORAGE_KEYS.session);
  if (!valid) {
    removeKey(localStorage, STORAGE_KEYS.session);
    useAuth.setState({ status: 'signedOut', mode: 'local', user: null });
    return;
  }
  useAuth.setState({ status: 'signedIn', mode: 'local', user: profileOf(session.user) });
}

/** Signs in with a local account and keeps the session. */
export async function signInLocal(body: { email: string; password: string }) {
  keepLocalSession(await api<AuthResult>('/api/auth/local/sign-in', { method: 'POST', body, auth: false }));
}

/**
 * Asks for a local account: the server e-mails a link and answers what to do next (the same for any
 * e-mail). No session until the link is opened ({@link confirmLocalSignUp}).
 */
export async function signUpLocal(body: {
  email: string;
  password: string;
  firstName?: string;
}): Promise<SignUpAccepted> {
  return api<SignUpAccepted>('/api/auth/local/sign-up', { method: 'POST', body, auth: false });
}

/** Opens the sign-up link's `code`: the account is made, and its session kept. */
export async function confirmLocalSignUp(code: string): Promise<void> {
  keepLocalSession(
    await api<AuthResult>('/api/auth/local/confirm-email', { method: 'POST', body: { code }, auth: false }),
  );
}

function keepLocalSession(result: AuthResult): void {
  writeJson(localStorage, STORAGE_KEYS.session, result satisfies LocalSession);
  useAuth.setState({ status: 'signedIn', mode: 'local', user: profileOf(result.user), error: null });
}

/** Called by the Clerk bridge whenever Clerk's session changes. */
export function syncClerkSession(
  session:
    { signedIn: false } | { signedIn: true; clerkId: string; email: string | null; firstName: string | null },
  handlers: { getToken: () => Promise<string | null>; signOut: () => Promise<void> },
): void {
  setTokenGetter(handlers.getToken);
  signOutHandler = handlers.signOut;
  if (!session.signedIn) {
    useAuth.setState({ status: 'signedOut', mode: 'clerk', user: null });
    return;
  }
  const current = useAuth.getState().user;
  const keepId = current?.clerkId === session.clerkId ? current.id : null;
  useAuth.setState({
    status: 'signedIn',
    mode: 'clerk',
    user: { id: keepId, clerkId: session.clerkId, email: session.email, firstName: session.firstName },
  });
}

/**
 * POST /api/users/ensure once per sign-in, sending what the identity provider knows of the user.
 * Stores our user id; on failure keeps the session and reports SPEC.md's message.
 */
export async function ensureSignedInUser(): Promise<void> {
  const { user } = useAuth.getState();
  if (!user) return;
  try {
    const result = await api<{ user: UserView }>('/api/users/ensure', {
      method: 'POST',
      body: { clerkId: user.clerkId, email: user.email ?? undefined, firstName: user.firstName ?? undefined },
    });
    useAuth.setState({ user: profileOf(result.user), error: null });
    void showCurrency(result.user.displayCurrency ?? 'usd');
  } catch {
    useAuth.setState({ error: 'Failed to initialize user account. Please refresh the page and try again.' });
  }
}

export async function signOut(): Promise<void> {
  await signOutHandler();
  useAuth.setState({ status: 'signedOut', user: null, error: null });
  void showCurrency('usd');
}

function profileOf(user: UserView): AuthProfile {
  return {
    id: user.id,
    clerkId: user.clerkId,
    email: user.email,
    firstName: user.firstName,
    createdAt: user.createdAt,
  };
}

function isExpired(token: string): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    return typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now();
  } catch {
    return true;
  }
}
