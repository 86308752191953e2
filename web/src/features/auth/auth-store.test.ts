import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentToken } from '../../lib/api-client.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { handOverToClerk, resumeLocalSession, useAuth } from './auth-store.ts';

/** A JWT-shaped token whose payload expires `inSeconds` from now (only its `exp` is read here). */
function token(inSeconds: number): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + inSeconds }));
  return `e30.${payload.replace(/=+$/, '')}.sig`;
}

const USER = { id: 'u-1', clerkId: 'local_1', email: 'ada@example.test', firstName: 'Ada' };

describe('signing a returning local user in before /api/config arrives', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuth.setState({ status: 'loading', mode: null, user: null, error: null });
  });
  afterEach(() => localStorage.clear());

  it('signs in from a valid stored session, with its token', async () => {
    const session = { token: token(3600), user: USER };
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
    resumeLocalSession();
    expect(useAuth.getState()).toMatchObject({ status: 'signedIn', mode: 'local', user: USER });
    await expect(currentToken()).resolves.toBe(session.token);
  });

  it.each([
    ['no session', null],
    ['an expired session', JSON.stringify({ token: token(-60), user: USER })],
    ['an unreadable session', '{not json'],
  ])('waits for the config with %s', (_label, stored) => {
    if (stored !== null) localStorage.setItem(STORAGE_KEYS.session, stored);
    resumeLocalSession();
    expect(useAuth.getState().status).toBe('loading');
  });

  it('lets Clerk decide once the config says Clerk', async () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: token(3600), user: USER }));
    resumeLocalSession();
    handOverToClerk();
    expect(useAuth.getState()).toMatchObject({ status: 'loading', mode: 'clerk', user: null });
    await expect(currentToken()).resolves.toBeNull();
  });
});
