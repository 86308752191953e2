import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import { submitSitePassword, useSitePassword } from './site-password-store.ts';
import './site-password.css';

/** Renders the site once unlocked; until then, the password prompt (SPEC.md section 2). */
export function SitePasswordGate({ children }: { children: ReactNode }) {
  const status = useSitePassword((s) => s.status);
  if (status === 'unlocked') return <>{children}</>;
  return <SitePasswordPrompt />;
}

function SitePasswordPrompt() {
  const { checking, error } = useSitePassword();
  const [password, setPassword] = useState('');
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || checking) return;
    await submitSitePassword(password);
  };

  return (
    <div className="gate">
      <div className="gate-theme">
        <ThemeToggle />
      </div>
      <main className="gate-card card" aria-labelledby={`${inputId}-title`}>
        <div className="gate-mark" aria-hidden="true">
          <svg width="40" height="40" viewBox="0 0 32 32">
            <rect width="32" height="32" rx="9" fill="var(--accent)" />
            <path
              d="M8 21l5-6 4 3 7-9"
              fill="none"
              stroke="var(--accent-text)"
              strokeWidth="2.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 id={`${inputId}-title`}>Coinpace is password protected</h1>
        <p className="muted">Enter the site password you were given to continue.</p>
        <form onSubmit={submit} noValidate aria-busy={checking}>
          <div className="field">
            <label htmlFor={inputId}>Site password</label>
            <input
              id={inputId}
              className="input"
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          {error && (
            <p id={errorId} className="field-error gate-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={!password || checking}>
            {checking ? (
              <>
                <span className="spinner" aria-hidden="true" /> Checking...
              </>
            ) : (
              'Enter'
            )}
          </button>
        </form>
      </main>
    </div>
  );
}
