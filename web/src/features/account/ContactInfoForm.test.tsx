import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenGetter } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';
import { ContactInfoForm } from './ContactInfoForm.tsx';

const user = (over: Record<string, unknown> = {}) => ({
  id: 'user-9',
  clerkId: 'local_9',
  email: 'x@example.test',
  firstName: 'Ada',
  phone: '+15550001111',
  emailVerified: true,
  phoneVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
let answers: Record<string, (body: unknown) => Answer>;
const calls: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  setTokenGetter(async () => 'token');
  useAuth.setState({
    status: 'signedIn',
    mode: 'local',
    user: { id: 'user-9', clerkId: 'local_9', email: 'x@example.test', firstName: 'Ada' },
  });
  answers = {
    'GET /api/users/me': () => ({ status: 200, body: { user: user() } }),
    'GET /api/users/me/verification': () => ({ status: 200, body: { pending: [] } }),
    'POST /api/users/me/verification': () => ({
      status: 202,
      body: {
        channel: 'sms',
        destination: '+15550001111',
        expiresAt: '2026-01-01T00:10:00.000Z',
        resendAfter: '2026-01-01T00:01:00.000Z',
      },
    }),
    'POST /api/users/me/verification/confirm': (body) =>
      (body as { code: string }).code === '123456' || (body as { code: string }).code === 'tok'
        ? { status: 200, body: { user: user({ phoneVerified: true }) } }
        : { status: 400, body: { error: 'That code is not right. Check the message and try again.' } },
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const answer = answers[`${method} ${new URL(url, 'http://x').pathname}`]!(body);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Where() {
  return <span data-testid="where">{useLocation().search}</span>;
}
function renderIt(path = '/account') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/account"
          element={
            <>
              <ContactInfoForm />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ContactInfoForm: confirming alert destinations', () => {
  it('shows which destination is verified and confirms the phone with the SMS code', async () => {
    renderIt();
    const phone = await screen.findByText(/Phone \+15550001111/);
    expect(phone.textContent).toContain('Not verified');
    expect(screen.getByText(/E-mail x@example.test/).textContent).toContain('Verified');
    expect(screen.queryByRole('button', { name: 'Send link' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('We sent a 6-digit code to +15550001111. It holds for 10 minutes.'),
    ).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { channel: 'sms' } });
    const code = screen.getByLabelText('Code from the SMS');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    fireEvent.change(code, { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'That code is not right. Check the message and try again.',
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.submit(code.closest('form')!);
    await waitFor(() => expect(screen.getByText(/Phone \+15550001111/).textContent).toContain('Verified'));
    expect(screen.queryByText('Not verified')).toBeNull();
    expect(screen.queryByLabelText('Code from the SMS')).toBeNull();
  });

  it('on return, shows the field of a code that still holds, and counts down to when another may be sent', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-05-01T12:00:00.000Z'));
    answers['GET /api/users/me/verification'] = () => ({
      status: 200,
      body: {
        pending: [
          {
            channel: 'sms',
            destination: '+15550001111',
            expiresAt: '2026-05-01T12:09:15.000Z',
            resendAfter: '2026-05-01T12:00:15.000Z',
          },
        ],
      },
    });
    renderIt();
    const code = await screen.findByLabelText('Code from the SMS');
    const resend = screen.getByRole('button', { name: 'Send code again in 15 s' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(resend.textContent).toBe('Send code again in 10 s');
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(resend.textContent).toBe('Send code again');
    expect(resend.disabled).toBe(false);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.submit(code.closest('form')!);
    await waitFor(() => expect(screen.getByText(/Phone \+15550001111/).textContent).toContain('Verified'));
  });

  it('a resend asked too soon counts down the seconds the server gave, instead of "Too many requests"', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    answers['POST /api/users/me/verification'] = () => ({
      status: 429,
      body: { error: 'You can ask for another code in 42 s.', code: 'RATE_LIMITED' },
      headers: { 'retry-after': '42' },
    });
    renderIt();
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    const button = (await screen.findByRole('button', { name: 'Send code in 42 s' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => vi.advanceTimersByTime(42_000));
    expect(button.textContent).toBe('Send code');
    expect(button.disabled).toBe(false);
  });

  it('confirms the e-mail from the link it was opened with, and drops the code from the address', async () => {
    answers['GET /api/users/me'] = () => ({ status: 200, body: { user: user({ emailVerified: false }) } });
    renderIt('/account?verify=email&code=tok');
    expect(
      await screen.findByText('Your e-mail address is verified. Alerts can be sent there now.'),
    ).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { channel: 'email', code: 'tok' } });
    expect(screen.getByTestId('where').textContent).toBe('');
    const checks = screen.getByLabelText('Alert destinations');
    expect(within(checks).getByText(/E-mail x@example.test/).textContent).toContain('Verified');
  });

  it('offers a link for an unverified e-mail and says where it went', async () => {
    answers['GET /api/users/me'] = () => ({ status: 200, body: { user: user({ emailVerified: false }) } });
    answers['POST /api/users/me/verification'] = () => ({
      status: 202,
      body: { channel: 'email', destination: 'x@example.test', expiresAt: 'x', resendAfter: 'x' },
    });
    renderIt();
    fireEvent.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByText(
        'We sent a link to x@example.test. Open it, or paste the code from the link here.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send link again' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
