import { Link, Navigate } from 'react-router-dom';
import { Logo } from '../../components/Logo.tsx';
import { ThemeToggle } from '../../components/ThemeToggle.tsx';
import { useRuntimeConfig } from '../../lib/runtime-config.ts';
import { useAuth } from '../auth/auth-store.ts';
import { SIGN_IN_HASH, SIGN_UP_HASH } from '../auth/AuthDialogs.tsx';
import { TickerBar } from '../prices/TickerBar.tsx';
import './landing.css';

const FEATURES = [
  {
    title: 'Live portfolio value',
    text: 'Your holdings priced as the market moves, with gain/loss and 24h change pushed to your screen.',
  },
  {
    title: 'Import in a minute',
    text: 'Drop a CSV export or paste from your exchange or wallet. We recognise the common formats.',
  },
  {
    title: 'Alerts that arrive once',
    text: 'Price and percentage alerts by e-mail and SMS, re-armed on your schedule.',
  },
];

/** The public landing page (SPEC.md section 2, '/'); signed-in users go to their portfolio. */
export function LandingPage() {
  const status = useAuth((s) => s.status);
  const maintenance = useRuntimeConfig((s) => Boolean(s.config?.maintenanceMode));
  if (status === 'signedIn') return <Navigate to="/portfolio" replace />;

  return (
    <div className="landing">
      <header className="topbar">
        <div className="topbar-inner">
          <Logo />
          <div className="topbar-actions">
            <ThemeToggle />
            <AuthButton hash={SIGN_IN_HASH} label="Sign In" maintenance={maintenance} />
            <AuthButton hash={SIGN_UP_HASH} label="Sign Up" maintenance={maintenance} primary />
          </div>
        </div>
      </header>
      <TickerBar />
      <main id="main">
        <section className="hero">
          <h1>Know what your crypto is worth, the moment it moves.</h1>
          <p className="hero-lead">
            Coinpace tracks your holdings live, shows your gain and loss at a glance, and tells you by e-mail
            or SMS when a price crosses the line you set.
          </p>
          <div className="hero-actions">
            <AuthButton
              hash={SIGN_UP_HASH}
              label="Start tracking free"
              maintenance={maintenance}
              primary
              large
            />
            <Link className="btn btn-lg" to="/beta-sign-up">
              Join the beta waitlist
            </Link>
          </div>
          {maintenance && (
            <p className="banner banner-warn" role="status">
              Sign-in and sign-up are paused for maintenance.
            </p>
          )}
        </section>
        <section className="features" aria-label="Features">
          {FEATURES.map((feature) => (
            <article key={feature.title} className="card">
              <h2>{feature.title}</h2>
              <p className="muted">{feature.text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="footer">
        <span>© {new Date().getFullYear()} Coinpace</span>
        <nav aria-label="Legal">
          <Link to="/terms-of-service">Terms</Link>
          <Link to="/privacy-policy">Privacy</Link>
        </nav>
      </footer>
    </div>
  );
}

function AuthButton({
  hash,
  label,
  maintenance,
  primary,
  large,
}: {
  hash: string;
  label: string;
  maintenance: boolean;
  primary?: boolean;
  large?: boolean;
}) {
  const className = `btn${primary ? ' btn-primary' : ''}${large ? ' btn-lg' : ''}`;
  if (maintenance) {
    return (
      <button type="button" className={className} disabled title="Temporarily unavailable during maintenance">
        {label} (maintenance)
      </button>
    );
  }
  return (
    <Link className={className} to={{ hash }}>
      {label}
    </Link>
  );
}
