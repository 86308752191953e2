import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { ensureSignedInUser, useAuth } from './auth-store.ts';

/** Renders children for a signed-in user (ensuring the user server-side once); sends others to '/'. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuth((s) => s.status);
  const clerkId = useAuth((s) => s.user?.clerkId);
  useEffect(() => {
    if (status === 'signedIn' && clerkId) void ensureSignedInUser();
  }, [status, clerkId]);
  if (status === 'loading') return <FullPageSpinner label="Loading your account..." />;
  if (status === 'signedOut') return <Navigate to="/" replace />;
  return <>{children}</>;
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="center-screen" role="status">
      <div>
        <span className="spinner spinner-lg" aria-hidden="true" />
        <p className="muted" style={{ marginTop: 'var(--space-3)' }}>
          {label}
        </p>
      </div>
    </div>
  );
}
