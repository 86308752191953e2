import { Suspense, lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { useRuntimeConfig } from '../../lib/runtime-config.ts';
import { useAuth } from './auth-store.ts';

const ClerkSsoCallback = lazy(() => import('./ClerkRoot.tsx').then((m) => ({ default: m.ClerkSsoCallback })));

/**
 * '/sso-callback' (SPEC.md section 2): 'Completing sign in...' with a spinner while the identity
 * provider finishes the sign-in, then on to the portfolio.
 */
export function SsoCallback() {
  const status = useAuth((s) => s.status);
  const clerk = useRuntimeConfig((s) => s.config?.identity.mode === 'clerk');
  if (status === 'signedIn') return <Navigate to="/portfolio" replace />;
  return (
    <div className="center-screen" role="status" aria-live="polite">
      <div>
        <span className="spinner spinner-lg" aria-hidden="true" />
        <p style={{ marginTop: 'var(--space-3)' }}>Completing sign in...</p>
        {clerk && (
          <Suspense fallback={null}>
            <ClerkSsoCallback />
          </Suspense>
        )}
      </div>
    </div>
  );
}
