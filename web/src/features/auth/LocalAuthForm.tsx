import { MIN_PASSWORD_LENGTH } from '@coinpace/domain';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { signInLocal, signUpLocal } from './auth-store.ts';

/**
 * E-mail and password form for local accounts (the embedded identity). Sign-in signs in; sign-up shows
 * the server's 'Check your e-mail' in place of the form: the e-mailed link makes the account.
 */
export function LocalAuthForm({
  kind,
  onDone,
  disabled,
}: {
  kind: 'sign-in' | 'sign-up';
  /** Called once signed in (sign-in only: sign-up signs in from the e-mailed link). */
  onDone?: () => void;
  disabled?: boolean;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Please enter your e-mail address and password.');
      return;
    }
    if (kind === 'sign-up' && password.length < MIN_PASSWORD_LENGTH) {
      setError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      return;
    }
    setBusy(true);
    try {
      if (kind === 'sign-up') {
        const accepted = await signUpLocal({
          email: email.trim(),
          password,
          ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
        });
        setPassword('');
        setSent(accepted.message);
      } else {
        await signInLocal({ email: email.trim(), password });
        onDone?.();
      }
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const prefix = `auth-${kind}`;
  if (sent) {
    return (
      <div role="status" aria-live="polite">
        <h3 style={{ marginTop: 'var(--space-4)' }}>Check your e-mail</h3>
        <p>{sent}</p>
        <p className="muted">
          No e-mail after a few minutes? Look in your spam folder, or sign up again to get a new link.
        </p>
        <button type="button" className="btn btn-ghost" onClick={() => setSent(null)}>
          Use another e-mail address
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      {kind === 'sign-up' && (
        <div className="field">
          <label htmlFor={`${prefix}-first-name`}>First name (optional)</label>
          <input
            id={`${prefix}-first-name`}
            className="input"
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            maxLength={100}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${prefix}-email`}>E-mail address</label>
        <input
          id={`${prefix}-email`}
          className="input"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-password`}>Password</label>
        <input
          id={`${prefix}-password`}
          className="input"
          type="password"
          autoComplete={kind === 'sign-up' ? 'new-password' : 'current-password'}
          required
          minLength={kind === 'sign-up' ? MIN_PASSWORD_LENGTH : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={kind === 'sign-up' ? `${prefix}-password-hint` : undefined}
        />
        {kind === 'sign-up' && (
          <span id={`${prefix}-password-hint`} className="hint">
            At least {MIN_PASSWORD_LENGTH} characters.
          </span>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert" style={{ color: 'var(--loss)' }}>
          {error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-lg"
        style={{ width: '100%' }}
        disabled={busy || disabled}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {kind === 'sign-up'
          ? busy
            ? 'Creating account...'
            : 'Create account'
          : busy
            ? 'Signing in...'
            : 'Sign in'}
      </button>
    </form>
  );
}
