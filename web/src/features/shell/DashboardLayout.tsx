import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { Logo } from '../../components/Logo.tsx';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import { signOut, useAuth } from '../auth/auth-store.ts';
import { BillingLayer } from '../billing/BillingLayer.tsx';
import { TickerBar } from '../prices/TickerBar.tsx';

const LINKS = [
  { to: 'portfolio', label: 'Portfolio' },
  { to: 'alerts', label: 'Alerts' },
  { to: 'account', label: 'My Account' },
] as const;

/** The signed-in shell (SPEC.md 'Dashboard shell'): top bar, links, user menu, mobile menu. */
export function DashboardLayout() {
  const location = useLocation();
  const prefix = location.pathname.startsWith('/dashboard') ? '/dashboard/' : '/';
  const [mobileOpen, setMobileOpen] = useState(false);
  const authError = useAuth((s) => s.error);

  // The mobile menu closes whenever the route changes (a link was chosen).
  useEffect(() => setMobileOpen(false), [location.pathname]);

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
            <UserMenu />
            <button
              type="button"
              className="btn btn-ghost btn-icon hamburger"
              aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={mobileOpen}
              aria-controls="mobile-nav"
              onClick={() => setMobileOpen((open) => !open)}
            >
              <span aria-hidden="true">{mobileOpen ? '✕' : '☰'}</span>
            </button>
          </div>
        </div>
      </header>
      <TickerBar />
      <nav id="mobile-nav" className="mobile-nav" aria-label="Main" hidden={!mobileOpen}>
        {LINKS.map((link) => (
          <NavLink key={link.to} to={prefix + link.to} onClick={() => setMobileOpen(false)}>
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

function UserMenu() {
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const initial = (user?.firstName || user?.email || '?').charAt(0).toUpperCase();
  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
      </button>
      {open && (
        <div className="menu" role="menu">
          <div
            className="muted"
            style={{ padding: 'var(--space-2) var(--space-3)', fontSize: 'var(--text-sm)' }}
          >
            {user?.email ?? 'Signed in'}
          </div>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              setOpen(false);
              navigate('/account');
            }}
          >
            My Account
          </button>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={async () => {
              setOpen(false);
              await signOut();
              navigate('/', { replace: true });
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
