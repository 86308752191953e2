import { Suspense, lazy, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/Dialog.tsx';
import { useRuntimeConfig } from '../../lib/runtime-config.ts';
import { SIGN_IN_HASH, SIGN_UP_HASH } from './auth-hash.ts';
import { LocalAuthForm } from './LocalAuthForm.tsx';

const ClerkSignIn = lazy(() => import('./ClerkRoot.tsx').then((m) => ({ default: m.ClerkSignIn })));
const ClerkSignUp = lazy(() => import('./ClerkRoot.tsx').then((m) => ({ default: m.ClerkSignUp })));

/**
 * The sign-in and sign-up dialogs, opened by the URL hash (#sign-in, #sign-up) so Back closes
 * them. Clerk's components when Clerk is configured, our local forms otherwise.
 */
export function AuthDialogs() {
  const location = useLocation();
  const navigate = useNavigate();
  const config = useRuntimeConfig((s) => s.config);
  // Clerk's forms route their own steps in the hash ('#/factor-one'): keep the dialog they live in open.
  const lastKind = useRef<'sign-in' | 'sign-up' | null>(null);
  let kind: 'sign-in' | 'sign-up' | null =
    location.hash === SIGN_IN_HASH ? 'sign-in' : location.hash === SIGN_UP_HASH ? 'sign-up' : null;
  if (!kind && location.hash.startsWith('#/')) kind = lastKind.current;
  lastKind.current = kind;
  const clerk = config?.identity.mode === 'clerk';
  const maintenance = Boolean(config?.maintenanceMode);

  const close = () =>
    navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
  const done = () => navigate('/portfolio', { replace: true });
  const switchTo = (hash: string) =>
    navigate({ pathname: location.pathname, search: location.search, hash }, { replace: true });

  return (
    <>
      <Dialog open={kind === 'sign-in'} title="Sign in to Coinpace" onClose={close}>
        {maintenance && <MaintenanceNotice />}
        {clerk ? (
          <Suspense fallback={<Loading />}>
            <ClerkSignIn />
          </Suspense>
        ) : (
          <LocalAuthForm kind="sign-in" onDone={done} disabled={maintenance} />
        )}
        <p className="muted" style={{ marginTop: 'var(--space-4)', textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => switchTo(SIGN_UP_HASH)}>
            Sign up
          </button>
        </p>
      </Dialog>
      <Dialog open={kind === 'sign-up'} title="Join Coinpace" onClose={close}>
        <p className="muted">Create your account to start tracking your crypto with live data</p>
        {maintenance && <MaintenanceNotice />}
        {clerk ? (
          <Suspense fallback={<Loading />}>
            <ClerkSignUp />
          </Suspense>
        ) : (
          <LocalAuthForm kind="sign-up" disabled={maintenance} />
        )}
        <p className="muted" style={{ marginTop: 'var(--space-4)', textAlign: 'center' }}>
          Already have an account?{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => switchTo(SIGN_IN_HASH)}>
            Sign in
          </button>
        </p>
      </Dialog>
    </>
  );
}

function MaintenanceNotice() {
  return (
    <div className="banner banner-warn" role="status">
      <div className="banner-body">
        Sign-in and sign-up are paused while we do maintenance. Please try again later.
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div className="center-screen" style={{ minHeight: 120 }}>
      <span className="spinner" aria-label="Loading" />
    </div>
  );
}
