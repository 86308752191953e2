import { Navigate } from 'react-router-dom';
import { useAuth } from './auth-store.ts';

/** '/sso-callback': shown while an identity provider finishes the sign-in, then on to the portfolio. */
export function SsoCallback() {
  const status = useAuth((s) => s.status);
  if (status === 'signedIn') return <Navigate to="/portfolio" replace />;
  return (
    <div className="center-screen" role="status">
      <div>
        <span className="spinner spinner-lg" aria-hidden="true" />
        <p style={{ marginTop: 'var(--space-3)' }}>Completing sign in...</p>
      </div>
    </div>
  );
}
