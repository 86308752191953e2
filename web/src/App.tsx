import { Suspense, lazy, useEffect, useMemo, type ReactNode } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { startLocalAuth } from './features/auth/auth-store.ts';
import { FullPageSpinner } from './features/auth/RequireAuth.tsx';
import { useRuntimeConfig } from './lib/runtime-config.ts';
import { appRoutes } from './routes.tsx';

const ClerkRoot = lazy(() => import('./features/auth/ClerkRoot.tsx'));

/** Chooses the identity layer from /api/config, then renders the routes. */
export function App() {
  const config = useRuntimeConfig((s) => s.config);
  const router = useMemo(() => createBrowserRouter(appRoutes), []);
  const identity = config?.identity;

  useEffect(() => {
    if (identity?.mode === 'local') startLocalAuth();
  }, [identity?.mode]);

  const content: ReactNode = <RouterProvider router={router} />;
  if (identity?.mode === 'clerk') {
    if (!identity.publishableKey) {
      return (
        <div className="center-screen">
          <p>Sign-in is not configured on this server (CLERK_PUBLISHABLE_KEY is missing).</p>
        </div>
      );
    }
    return (
      <Suspense fallback={<FullPageSpinner label="Loading..." />}>
        <ClerkRoot publishableKey={identity.publishableKey}>{content}</ClerkRoot>
      </Suspense>
    );
  }
  return content;
}
