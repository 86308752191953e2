import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { handOverToClerk, startLocalAuth } from './features/auth/auth-store.ts';
import { FullPageSpinner } from './features/auth/RequireAuth.tsx';
import { useRuntimeConfig } from './lib/runtime-config.ts';
import { appRoutes } from './routes.tsx';

const ClerkRoot = lazy(() => import('./features/auth/ClerkRoot.tsx'));

function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * The routes, rendered at once (the shell does not wait for /api/config); the identity layer
 * is chosen when /api/config arrives. Declarative routing (BrowserRouter): none of the data router's
 * loaders or actions are used, and it is a third of the size.
 */
export function App() {
  const config = useRuntimeConfig((s) => s.config);
  const error = useRuntimeConfig((s) => s.error);
  const identity = config?.identity;

  useEffect(() => {
    if (identity?.mode === 'local') startLocalAuth();
    if (identity?.mode === 'clerk') handOverToClerk();
  }, [identity?.mode]);

  if (!config && error) return <CouldNotStart message={error} />;
  const content: ReactNode = (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
  if (identity?.mode === 'clerk') {
    if (!identity.publishableKey) {
      return (
        <div className="center-screen">
          <p>Sign-in is not configured on this server (CLERK_PUBLISHABLE_KEY is missing).</p>
        </div>
      );
    }
    // Clerk mode mounts the routes again inside Clerk's provider, once, when the config arrives.
    return (
      <Suspense fallback={<FullPageSpinner label="Loading..." />}>
        <ClerkRoot publishableKey={identity.publishableKey}>{content}</ClerkRoot>
      </Suspense>
    );
  }
  return content;
}

/** /api/config could not be loaded: nothing can work, say so and offer a retry. */
function CouldNotStart({ message }: { message: string }) {
  return (
    <div className="center-screen" role="alert">
      <div>
        <h1>Coinpace could not start</h1>
        <p className="muted">{message}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </div>
  );
}
