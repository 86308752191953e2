import { useEffect } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { Logo } from '../../components/Logo.tsx';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import { useMenu } from '../../components/use-menu.ts';
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

/** The signed-in shell (SPEC.md 'Dashboard shell'): top bar, links, user menu, mobile menu. */
export function DashboardLayout() {
  const location = useLocation();
  const prefix = location.pathname.startsWith('/dashboard') ? '/dashboard/' : '/';
  const mobile = useMenu<HTMLButtonElement, HTMLElement>('a');
  const closeMobile = mobile.close;
  const authError = useAuth((s) => s.error);

  // The mobile menu closes whenever the route changes (a link was chosen).
  useEffect(() => closeMobile(), [location.pathname, closeMobile]);

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
              <NavLink key={link.to} to={prefix + link.to}>
                {link.label}
              </NavLink>
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
          <NavLink key={link.to} to={prefix + link.to} onClick={() => closeMobile()}>
            {link.label}
          </NavLink>
        ))}
      </nav>
      <main id="main" className="page">
        <ErrorBanner message={authError} onClose={() => useAuth.setState({ error: null })} />
        <BillingLayer />
        <Outlet />
      </main>
    </>
  );
}
