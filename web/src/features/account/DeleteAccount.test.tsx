import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenGetter } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';
import { DeleteAccount } from './DeleteAccount.tsx';

let status = 200;
let failure: object = { error: 'Service down' };
const calls: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  status = 200;
  failure = { error: 'Service down' };
  setTokenGetter(async () => 'token');
  useAuth.setState({
    status: 'signedIn',
    mode: 'local',
    user: { id: 'user-9', clerkId: 'local_9', email: 'x@example.test', firstName: null },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (url === '/api/users/me/export') return new Response(new Blob(['zip bytes']), { status: 200 });
    return new Response(JSON.stringify(status === 200 ? { success: true } : failure), {
      status,
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let scheduled: { run: () => void; ms: number }[] = [];
function renderIt() {
  scheduled = [];
  const schedule = (run: () => void, ms: number) => {
    scheduled.push({ run, ms });
    return undefined;
  };
  render(
    <MemoryRouter initialEntries={['/account']}>
      <Routes>
        <Route path="/account" element={<DeleteAccount schedule={schedule} />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
}

describe('account deletion', () => {
  it('needs DELETE typed exactly and the password, then deletes, signs out and goes home', async () => {
    const dialog = renderIt();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const input = within(dialog).getByLabelText('Type DELETE to confirm');
    const password = within(dialog).getByLabelText('Your password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.change(password, { target: { value: 'my password' } });
    for (const typed of ['', 'delete', 'DELETE ', 'DEL']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(confirm.hasAttribute('disabled'), typed).toBe(true);
    }
    fireEvent.change(input, { target: { value: 'DELETE' } });
    fireEvent.change(password, { target: { value: '' } });
    expect(confirm.hasAttribute('disabled'), 'no password').toBe(true);
    fireEvent.change(password, { target: { value: 'my password' } });
    fireEvent.click(confirm);
    await within(dialog).findByText('Account deleted successfully. Signing out...');
    expect(calls).toEqual([
      {
        method: 'DELETE',
        url: '/api/billing/delete-account',
        body: { userId: 'user-9', clerkId: 'local_9', password: 'my password' },
      },
    ]);
    expect(scheduled.map((s) => s.ms)).toEqual([1000]);
    expect(useAuth.getState().status).toBe('signedIn');
    act(() => scheduled[0]!.run());
    await screen.findByText('Home page');
    expect(useAuth.getState().status).toBe('signedOut');
  });

  it('a failure keeps the account and says why', async () => {
    status = 503;
    const dialog = renderIt();
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'DELETE' },
    });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText('Failed to delete account: Service down');
    expect(useAuth.getState().status).toBe('signedIn');
  });

  it('a wrong password says so and keeps the account', async () => {
    status = 403;
    failure = { error: 'That password is not correct.', code: 'WRONG_PASSWORD' };
    const dialog = renderIt();
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'DELETE' },
    });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText('Failed to delete account: That password is not correct.');
    expect(within(dialog).queryByRole('button', { name: 'Sign in again' })).toBeNull();
    expect(useAuth.getState().status).toBe('signedIn');
  });

  it('with Clerk asks no password, and after a refused old sign-in offers to sign in again', async () => {
    useAuth.setState({
      status: 'signedIn',
      mode: 'clerk',
      user: { id: 'user-9', clerkId: 'user_clerk9', email: 'x@example.test', firstName: null },
    });
    status = 403;
    failure = { error: 'Please sign in again to delete your account.', code: 'REAUTH_REQUIRED' };
    const dialog = renderIt();
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    within(dialog).getByText(/needs a sign-in from the last 10 minutes/);
    fireEvent.change(within(dialog).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'DELETE' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText('Failed to delete account: Please sign in again to delete your account.');
    expect(calls.at(-1)?.body).toEqual({ userId: 'user-9', clerkId: 'user_clerk9' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
    await screen.findByText('Home page');
    expect(useAuth.getState().status).toBe('signedOut');
  });

  it('suggests downloading the data first, from the section and from the dialog', async () => {
    const dialog = renderIt();
    const link = screen.getByRole('link', { name: 'Download your data' });
    expect(link.getAttribute('href')).toBe('#download-data');
    const created: Blob[] = [];
    const saved = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:x';
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/api/users/me/export' });
    expect(await created[0]!.text()).toBe('zip bytes');
    saved.mockRestore();
  });
});
