import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { AccountPage } from './features/account/AccountPage.tsx';
import { AlertsPage } from './features/alerts/AlertsPage.tsx';
import { useAuth } from './features/auth/auth-store.ts';
import { AuthDialogs } from './features/auth/AuthDialogs.tsx';
import { BetaSignupPage } from './features/beta/BetaSignupPage.tsx';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { LocalCheckoutPage } from './features/billing/LocalCheckoutPage.tsx';
import { SsoCallback } from './features/auth/SsoCallback.tsx';
import { LandingPage } from './features/landing/LandingPage.tsx';
import { PortfolioPage } from './features/portfolio/PortfolioPage.tsx';
import { DashboardLayout } from './features/shell/DashboardLayout.tsx';
import { WalletsPage } from './features/wallets/WalletsPage.tsx';

const signedInPages: RouteObject[] = [
  { path: 'portfolio', element: <PortfolioPage /> },
  { path: 'wallets', element: <WalletsPage /> },
  { path: 'alerts', element: <AlertsPage /> },
  { path: 'account', element: <AccountPage /> },
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
  return (
    <>
      <Outlet />
      <AuthDialogs />
    </>
  );
}

/** Every route of SPEC.md section 2. */
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/sso-callback', element: <SsoCallback /> },
      { path: '/terms-of-service', element: <LandingPage /> },
      { path: '/privacy-policy', element: <LandingPage /> },
      { path: '/privacy', element: <LandingPage /> },
      { path: '/beta-sign-up', element: <BetaSignupPage /> },
      {
        path: '/billing/local-checkout/:sessionId',
        element: (
          <RequireAuth>
            <LocalCheckoutPage />
          </RequireAuth>
        ),
      },
      {
        element: (
          <RequireAuth>
            <DashboardLayout />
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
