import { greeting } from '@coinpace/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthProfile } from '../auth/auth-store.ts';
import { NEW_ACCOUNT_MS, isFirstVisit, resetFirstVisits, useFirstVisit } from './first-visit.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const ada = (createdAt: string | undefined): AuthProfile => ({
  id: 'u1',
  clerkId: 'c1',
  email: 'ada@example.test',
  firstName: 'Ada',
  createdAt,
});

function Greeting({ user }: { user: AuthProfile }) {
  return <h1>{greeting(user.firstName, useFirstVisit(user))}</h1>;
}

describe('first visit greeting', () => {
  beforeEach(() => {
    localStorage.clear();
    resetFirstVisits();
  });
  afterEach(cleanup);

  it('welcomes a brand-new user on the first page load, and back on the next', () => {
    const user = ada(new Date(Date.now() - 60_000).toISOString());
    render(<Greeting user={user} />);
    expect(screen.getByRole('heading').textContent).toBe('Welcome, Ada!');
    cleanup();
    // The same page load keeps the first greeting; a new load welcomes back.
    render(<Greeting user={user} />);
    expect(screen.getByRole('heading').textContent).toBe('Welcome, Ada!');
    cleanup();
    resetFirstVisits();
    render(<Greeting user={user} />);
    expect(screen.getByRole('heading').textContent).toBe('Welcome back, Ada!');
  });

  it('welcomes back an account older than a day, and anyone before the server says who they are', () => {
    expect(isFirstVisit(ada(new Date(now - NEW_ACCOUNT_MS - 1).toISOString()), now)).toBe(false);
    expect(isFirstVisit(ada(new Date(now - 5_000).toISOString()), now)).toBe(true);
    expect(isFirstVisit(ada(undefined), now)).toBe(false);
    expect(isFirstVisit({ ...ada(new Date(now).toISOString()), id: null }, now)).toBe(false);
    expect(isFirstVisit(null, now)).toBe(false);
  });
});
