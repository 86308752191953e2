import { SIGN_UP_TEXTS } from '@coinpace/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { userView } from '../../testing/users.ts';
import { useAuth } from './auth-store.ts';
import { ConfirmEmailPage } from './ConfirmEmailPage.tsx';
import { LocalAuthForm } from './LocalAuthForm.tsx';

const ACCEPTED =
  'Check your e-mail to confirm your address. We sent a link to ada@example.test; open it to finish creating your account.';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  localStorage.clear();
  useAuth.setState({ status: 'signedOut', mode: 'local', user: null, error: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('local sign-up by e-mailed link', () => {
  it('shows what to do next in place of the form, and signs nobody in', async () => {
    api.on('POST', '/api/auth/local/sign-up', {
      status: 202,
      body: { email: 'ada@example.test', message: ACCEPTED },
    });
    const onDone = vi.fn();
    render(<LocalAuthForm kind="sign-up" onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'ada@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText(ACCEPTED)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(useAuth.getState().status).toBe('signedOut');
    expect(localStorage.getItem('coinpace.session')).toBeNull();
    expect(api.callsTo('POST', '/api/auth/local/sign-up')[0]!.body).toEqual({
      email: 'ada@example.test',
      password: 'correct horse',
    });
  });

  const page = (code: string) =>
    render(
      <MemoryRouter initialEntries={[`/confirm-email${code}`]}>
        <Routes>
          <Route path="/confirm-email" element={<ConfirmEmailPage />} />
          <Route path="/portfolio" element={<p>Portfolio</p>} />
        </Routes>
      </MemoryRouter>,
    );

  it('opens the link with one click: the account is made, signed in, on to the portfolio', async () => {
    api.on('POST', '/api/auth/local/confirm-email', {
      status: 201,
      body: { token: 'header.payload.sig', user: userView({ firstName: 'Ada' }) },
    });
    page('?code=abc123');
    // Nothing is sent before the click (a mail scanner opening the link does not spend it).
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText('Portfolio')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/local/confirm-email')[0]!.body).toEqual({ code: 'abc123' });
    expect(useAuth.getState()).toMatchObject({ status: 'signedIn', user: { firstName: 'Ada' } });
  });

  it('says when the link no longer works, with sign-in and sign-up at hand', async () => {
    api.on('POST', '/api/auth/local/confirm-email', {
      status: 400,
      body: { error: SIGN_UP_TEXTS.linkInvalid },
    });
    page('?code=used');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText(SIGN_UP_TEXTS.linkInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/#sign-in');
    expect(screen.getByRole('link', { name: 'Sign up again' })).toBeTruthy();
  });

  it('says a link without a code is not valid', () => {
    page('');
    expect(screen.getByText(SIGN_UP_TEXTS.linkInvalid)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm and sign in' })).toBeNull();
  });
});
