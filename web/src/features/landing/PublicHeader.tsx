import { Link, NavLink } from 'react-router-dom';
import { Logo } from '../../components/Logo.tsx';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import { useRuntimeConfig } from '../../lib/runtime-config.ts';
import { SIGN_IN_HASH, SIGN_UP_HASH } from '../auth/auth-hash.ts';
import { useAuth } from '../auth/auth-store.ts';
import { AuthButton } from './AuthButton.tsx';

/** The top bar of the public pages: logo, section links, theme, and Sign In / Sign Up. */
export function PublicHeader() {
  const maintenance = useRuntimeConfig((s) => Boolean(s.config?.maintenanceMode));
  const signedIn = useAuth((s) => s.status === 'signedIn');
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar public-topbar">
        <div className="topbar-inner">
          <Logo />
          <nav className="nav public-nav" aria-label="Sections">
            <Link to={{ pathname: '/', hash: '#features' }}>Features</Link>
            <Link to={{ pathname: '/', hash: '#plans' }}>Plans</Link>
            <NavLink to="/beta-sign-up">Beta</NavLink>
            <Link to={{ pathname: '/', hash: '#contact' }}>Contact</Link>
          </nav>
          <div className="topbar-actions">
            <ThemeToggle />
            {signedIn ? (
              <Link className="btn btn-primary" to="/portfolio">
                Open your portfolio
              </Link>
            ) : (
              <>
                <AuthButton hash={SIGN_IN_HASH} label="Sign In" maintenance={maintenance} variant="ghost" />
                <AuthButton hash={SIGN_UP_HASH} label="Sign Up" maintenance={maintenance} variant="primary" />
              </>
            )}
          </div>
        </div>
      </header>
    </>
  );
}
