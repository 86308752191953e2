/**
 * The modules each path needs beyond the main script, by the path's first segment. One
 * table for two readers: routes.tsx loads them lazily and fetches them early at start-up
 * (`preloadRoute`), and the build (web/vite.config.ts) writes their chunks into index.html as
 * modulepreload hints, so the browser asks for them beside the main script. Paths are relative to
 * web/src; '/dashboard/<page>' counts as '<page>'.
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  portfolio: ['./features/shell/DashboardLayout.tsx', './features/portfolio/PortfolioPage.tsx'],
  dashboard: ['./features/shell/DashboardLayout.tsx', './features/portfolio/PortfolioPage.tsx'],
  wallets: ['./features/shell/DashboardLayout.tsx', './features/wallets/WalletsPage.tsx'],
  alerts: ['./features/shell/DashboardLayout.tsx', './features/alerts/AlertsPage.tsx'],
  account: ['./features/shell/DashboardLayout.tsx', './features/account/AccountPage.tsx'],
  'beta-sign-up': ['./features/beta/BetaSignupPage.tsx'],
  billing: ['./features/billing/LocalCheckoutPage.tsx', './features/billing/LocalPortalPage.tsx'],
  'sso-callback': ['./features/auth/SsoCallback.tsx'],
  'confirm-email': ['./features/auth/ConfirmEmailPage.tsx'],
  'terms-of-service': ['./features/legal/legal-texts.ts'],
  'privacy-policy': ['./features/legal/legal-texts.ts'],
  privacy: ['./features/legal/legal-texts.ts'],
};

/** The ROUTE_MODULES key of a path: its first segment, or the page after '/dashboard/'. */
export function routeKey(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  return segments[0] === 'dashboard' && segments[1] ? segments[1] : (segments[0] ?? '');
}
