import type { AlertTriggeredPayload } from '@coinpace/domain';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { Logo } from '../../components/Logo.tsx';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import { useMenu } from '../../components/use-menu.ts';
import { onUserEvent } from '../../lib/user-events.ts';
import { FiredToast } from '../alerts/FiredToast.tsx';
import { alertFired, alertsLinkLabel, loadUnseen, markFiredSeen, useFired } from '../alerts/fired-store.ts';
import { useAuth } from '../auth/auth-store.ts';
import { BillingLayer } from '../billing/BillingLayer.tsx';
import { TickerBar } from '../prices/TickerBar.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * SPEC.md's three links, and Wallets (the wallets screen is reachable from the
 * navigation, not only by typing its address).
 */
const LINKS = [
  { to: 'portfolio', label: 'Portfolio' },
  { to: 'alerts', label: 'Alerts' },
  { to: 'wallets', label: 'Wallets' },
  { to: 'account', label: 'My Account' },
] as const;

/** One link of the navigation; the Alerts link counts the firings not yet looked at ('Alerts, 2 new'). */
function NavItem({
  to,
  label,
  unseen,
  onClick,
}: {
  to: string;
  label: string;
  unseen: number;
  onClick?: () => void;
}) {
  const counted = label === 'Alerts' && unseen > 0;
  return (
    <NavLink to={to} onClick={onClick} aria-label={counted ? alertsLinkLabel(unseen) : undefined}>
      {label}
      {counted && (
        <span className="badge badge-accent nav-count" aria-hidden="true">
          {unseen}
        </span>
      )}
    </NavLink>
  );
}

/**
 * The signed-in shell (SPEC.md 'Dashboard shell'): top bar, links, user menu, mobile menu. A live alert
 * firing shows its toast on whichever signed-in page is open, and counts on the Alerts link until the
 * Alerts page is shown.
 */
export function DashboardLayout() {
  const location = useLocation();
  const prefix = location.pathname.startsWith('/dashboard') ? '/dashboard/' : '/';
  const mobile = useMenu<HTMLButtonElement, HTMLElement>('a');
  const closeMobile = mobile.close;
  const authError = useAuth((s) => s.error);
  const userId = useAuth((s) => s.user?.id ?? null);
  const unseen = useFired((s) => s.unseen);
  const lastFired = useFired((s) => s.lastFired);
  const onAlertsPage = location.pathname === `${prefix}alerts`;
  const onAlerts = useRef(onAlertsPage);

  // The mobile menu closes whenever the route changes (a link was chosen).
  useEffect(() => closeMobile(), [location.pathname, closeMobile]);

  // The count kept from earlier visits, once the server has said who the user is.
  useEffect(() => {
    if (userId) loadUnseen(userId);
  }, [userId]);

  // Showing the Alerts page shows its firings: the count clears, and stays clear while it is shown.
  useEffect(() => {
    onAlerts.current = onAlertsPage;
    if (onAlertsPage) markFiredSeen(userId);
  }, [onAlertsPage, userId]);

  // Live firings from the app's socket layer (DESIGN.md section 4, `alert:triggered`).
  useEffect(
    () =>
      onUserEvent('alert:triggered', (payload) =>
        alertFired(payload as AlertTriggeredPayload, onAlerts.current, useAuth.getState().user?.id ?? null),
      ),
    [],
  );

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Logo to={`${prefix}portfolio`} />
          <nav className="nav" aria-label="Main">
            {LINKS.map((link) => (
              <NavItem key={link.to} to={prefix + link.to} label={link.label} unseen={unseen} />
            ))}
          </nav>
          <div className="topbar-actions">
            <ThemeToggle />
            <UserMenu accountPath={`${prefix}account`} />
            <button
              type="button"
              className="btn btn-ghost btn-icon hamburger"
              aria-label={mobile.open ? 'Close menu' : 'Open menu'}
              aria-controls="mobile-nav"
              {...mobile.buttonProps}
            >
              <span aria-hidden="true">{mobile.open ? '✕' : '☰'}</span>
            </button>
          </div>
        </div>
      </header>
      <TickerBar />
      <nav
        id="mobile-nav"
        className="mobile-nav"
        aria-label="Main"
        hidden={!mobile.open}
        {...mobile.menuProps}
      >
        {LINKS.map((link) => (
          <NavItem
            key={link.to}
            to={prefix + link.to}
            label={link.label}
            unseen={unseen}
            onClick={() => closeMobile()}
          />
        ))}
      </nav>
      <main id="main" className="page">
        <ErrorBanner message={authError} onClose={() => useAuth.setState({ error: null })} />
        <BillingLayer />
        <Outlet />
        <FiredToast fired={lastFired} />
      </main>
    </>
  );
}
