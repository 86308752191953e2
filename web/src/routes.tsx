import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { useAuth } from './features/auth/auth-store.ts';
import { isAuthHash } from './features/auth/auth-hash.ts';
import { FullPageSpinner, RequireAuth } from './features/auth/RequireAuth.tsx';
import { LandingPage } from './features/landing/LandingPage.tsx';
import { RouteErrorBoundary } from './components/RouteErrorBoundary.tsx';
import { reloadFailedStyleSheets } from './lib/chunk-load.ts';
import { ROUTE_MODULES, routeKey } from './route-modules.ts';

/**
 * Each screen but the landing page is a chunk of its own, loaded when its route is first shown (issue
 * 15): the landing and legal pages carry no charts, no sign-in provider UI, no alerts screen.
 */
const modules = import.meta.glob([
  './features/shell/DashboardLayout.tsx',
  './features/portfolio/PortfolioPage.tsx',
  './features/wallets/WalletsPage.tsx',
  './features/alerts/AlertsPage.tsx',
  './features/account/AccountPage.tsx',
  './features/beta/BetaSignupPage.tsx',
  './features/billing/LocalCheckoutPage.tsx',
  './features/billing/LocalPortalPage.tsx',
  './features/auth/SsoCallback.tsx',
  './features/auth/ConfirmEmailPage.tsx',
  './features/legal/legal-texts.ts',
  './features/auth/AuthDialogs.tsx',
]);

/** The modules of `modules` that have arrived, by path. */
const loadedModules = new Map<string, Record<string, unknown>>();

/** Imports one of `modules`, keeping it once it has arrived. */
async function importModule(path: string): Promise<Record<string, unknown>> {
  const module = (await modules[path]!()) as Record<string, unknown>;
  loadedModules.set(path, module);
  return module;
}

/** Screens whose code failed to load, and how to make each import it afresh. */
const failedScreens = new Set<() => void>();

/**
 * A lazily loaded named export of one of `modules`. React.lazy keeps a rejected import for good, so
 * a screen whose code failed to load gets a new lazy component when the user retries
 * (`retryFailedScreens`), which first loads the failed style sheets again.
 */
function lazyNamed(path: string, name: string): ComponentType {
  let retrying = false;
  const load = () =>
    lazy(async () => {
      try {
        if (retrying) await reloadFailedStyleSheets();
        const module = await importModule(path);
        return { default: module[name] as ComponentType };
      } catch (error) {
        failedScreens.add(reset);
        throw error;
      }
    });
  let Current = load();
  function reset() {
    retrying = true;
    Current = load();
  }
  return function LazyScreen() {
    // A screen whose code is already here (preloaded beside the page's parent screen) renders at once.
    // Through React.lazy it would suspend once more, and React holds back the content of a boundary
    // until 300 ms after the last fallback it showed: the portfolio's rows would wait for that after
    // the shell's own spinner. Chosen once per mount, so a screen never swaps its component and
    // loses its state.
    const [Component] = useState(
      () => (loadedModules.get(path)?.[name] as ComponentType | undefined) ?? Current,
    );
    return <Component />;
  };
}

/** Makes every screen whose code failed to load import it again when next rendered. */
function retryFailedScreens(): void {
  for (const reset of failedScreens) reset();
  failedScreens.clear();
}

const DashboardLayout = lazyNamed('./features/shell/DashboardLayout.tsx', 'DashboardLayout');
const PortfolioPage = lazyNamed('./features/portfolio/PortfolioPage.tsx', 'PortfolioPage');
const WalletsPage = lazyNamed('./features/wallets/WalletsPage.tsx', 'WalletsPage');
const AlertsPage = lazyNamed('./features/alerts/AlertsPage.tsx', 'AlertsPage');
const AccountPage = lazyNamed('./features/account/AccountPage.tsx', 'AccountPage');
const BetaSignupPage = lazyNamed('./features/beta/BetaSignupPage.tsx', 'BetaSignupPage');
const LocalCheckoutPage = lazyNamed('./features/billing/LocalCheckoutPage.tsx', 'LocalCheckoutPage');
const LocalPortalPage = lazyNamed('./features/billing/LocalPortalPage.tsx', 'LocalPortalPage');
const SsoCallback = lazyNamed('./features/auth/SsoCallback.tsx', 'SsoCallback');
const ConfirmEmailPage = lazyNamed('./features/auth/ConfirmEmailPage.tsx', 'ConfirmEmailPage');

/**
 * The sign-in and sign-up dialogs, a chunk of their own: most visits never open them, so the landing's
 * first load does not carry the forms. Loaded when a link to them is pointed at (preloadOnIntent) or
 * the hash asks for one.
 */
const AUTH_DIALOGS = './features/auth/AuthDialogs.tsx';
const AuthDialogs = lazyNamed(AUTH_DIALOGS, 'AuthDialogs');

/**
 * Starts loading the modules `pathname` will render (ROUTE_MODULES), so they are ready when React
 * asks; the module loader keeps the promise and the route's lazy component reuses it. Settles when
 * they have arrived or failed (a failure shows when the screen renders, with its retry).
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const paths = routeModules(pathname).filter((path) => modules[path]);
  await Promise.allSettled(paths.filter((path) => !loadedModules.has(path)).map(importModule));
}

/** Whether the code of every screen `pathname` renders has arrived (it then shows with no spinner). */
export function isRouteLoaded(pathname: string): boolean {
  return routeModules(pathname).every((path) => loadedModules.has(path));
}

/** ROUTE_MODULES' list for a path; none for a path whose first segment is not a key of its own. */
function routeModules(pathname: string): readonly string[] {
  const key = routeKey(pathname);
  return Object.hasOwn(ROUTE_MODULES, key) ? ROUTE_MODULES[key]! : [];
}

/**
 * Loads a route's screens when the user shows the intent to open it: the pointer over a link to it,
 * a finger on it, or keyboard focus on it, so the screen is there (or on its way) by the click.
 * Returns a function that stops listening.
 */
export function preloadOnIntent(root: Document | HTMLElement = document): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (isAuthHash(link.hash) && !loadedModules.has(AUTH_DIALOGS))
      void importModule(AUTH_DIALOGS).catch(() => undefined);
    if (!isRouteLoaded(link.pathname)) void preloadRoute(link.pathname);
  };
  const kinds = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const kind of kinds) root.addEventListener(kind, onIntent, { passive: true });
  return () => {
    for (const kind of kinds) root.removeEventListener(kind, onIntent);
  };
}

/**
 * A lazy screen with the spinner shown while its chunk loads, and its own error boundary: a screen
 * that fails leaves the shell around it in place and offers a retry.
 */
function Screen({ children, label = 'Loading...' }: { children: ReactNode; label?: string }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} onRetry={retryFailedScreens}>
      <Suspense fallback={<FullPageSpinner label={label} />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

const signedInPages: RouteObject[] = [
  {
    path: 'portfolio',
    element: (
      <Screen label="Loading your portfolio...">
        <PortfolioPage />
      </Screen>
    ),
  },
  {
    path: 'wallets',
    element: (
      <Screen>
        <WalletsPage />
      </Screen>
    ),
  },
  {
    path: 'alerts',
    element: (
      <Screen>
        <AlertsPage />
      </Screen>
    ),
  },
  {
    path: 'account',
    element: (
      <Screen>
        <AccountPage />
      </Screen>
    ),
  },
];

/** Unknown paths: signed-in users land on their portfolio, everyone else on the landing page. */
function CatchAll() {
  const status = useAuth((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return null;
  return (
    <Navigate
      to={status === 'signedIn' ? { pathname: '/portfolio', search: location.search } : '/'}
      replace
    />
  );
}

function Root() {
  const { hash } = useLocation();
  // Mounted from the first time a dialog is asked for, and kept: Clerk's forms step through hashes of
  // their own ('#/factor-one') inside the dialog they opened in.
  const [wanted, setWanted] = useState(false);
  const show = wanted || isAuthHash(hash);
  if (show && !wanted) setWanted(true);
  return (
    <>
      <Outlet />
      {show && (
        <RouteErrorBoundary resetKey={hash} onRetry={retryFailedScreens}>
          <Suspense fallback={null}>
            <AuthDialogs />
          </Suspense>
        </RouteErrorBoundary>
      )}
    </>
  );
}

/** Every route of SPEC.md section 2. */
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        path: '/sso-callback',
        element: (
          <Screen>
            <SsoCallback />
          </Screen>
        ),
      },
      {
        path: '/confirm-email',
        element: (
          <Screen>
            <ConfirmEmailPage />
          </Screen>
        ),
      },
      { path: '/terms-of-service', element: <LandingPage /> },
      { path: '/privacy-policy', element: <LandingPage /> },
      { path: '/privacy', element: <LandingPage /> },
      {
        path: '/beta-sign-up',
        element: (
          <Screen>
            <BetaSignupPage />
          </Screen>
        ),
      },
      {
        path: '/billing/local-portal',
        element: (
          <RequireAuth>
            <Screen>
              <LocalPortalPage />
            </Screen>
          </RequireAuth>
        ),
      },
      {
        path: '/billing/local-checkout/:sessionId',
        element: (
          <RequireAuth>
            <Screen>
              <LocalCheckoutPage />
            </Screen>
          </RequireAuth>
        ),
      },
      {
        element: (
          <RequireAuth>
            <Screen label="Loading your account...">
              <DashboardLayout />
            </Screen>
          </RequireAuth>
        ),
        children: [
          ...signedInPages,
          {
            path: 'dashboard',
            children: [
              { index: true, element: <CatchAll /> },
              ...signedInPages,
              { path: '*', element: <CatchAll /> },
            ],
          },
        ],
      },
      { path: '*', element: <CatchAll /> },
    ],
  },
];
