import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenGetter } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';
import { DeleteAccount } from './DeleteAccount.tsx';

let status = 200;
const calls: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  status = 200;
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
    return new Response(JSON.stringify(status === 200 ? { success: true } : { error: 'Service down' }), {
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
  it('needs DELETE typed exactly, then deletes, signs out and goes home', async () => {
    const dialog = renderIt();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const input = within(dialog).getByLabelText('Type DELETE to confirm');
    for (const typed of ['', 'delete', 'DELETE ', 'DEL']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(confirm.hasAttribute('disabled'), typed).toBe(true);
    }
    fireEvent.change(input, { target: { value: 'DELETE' } });
    fireEvent.click(confirm);
    await within(dialog).findByText('Account deleted successfully. Signing out...');
    expect(calls).toEqual([
      {
        method: 'DELETE',
        url: '/api/billing/delete-account',
        body: { userId: 'user-9', clerkId: 'local_9' },
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
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await within(dialog).findByText('Failed to delete account: Service down');
    expect(useAuth.getState().status).toBe('signedIn');
  });
});
