import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../lib/runtime-config.ts';
import { SIGN_UP_HASH } from '../auth/auth-hash.ts';
import { AuthButton } from './AuthButton.tsx';
import { HeroPreview } from './HeroPreview.tsx';

const PROMISES = [
  'We never ask for private keys or seed phrases',
  'Plans from $5.99 a month, cancel anytime',
  'Alerts by e-mail and SMS',
];

/** The landing page's opening: what Coinpace does, the way in, and a picture of the product. */
export function Hero() {
  const maintenance = useRuntimeConfig((s) => Boolean(s.config?.maintenanceMode));
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-copy">
        <p className="eyebrow">Portfolio tracking · Price alerts</p>
        <h1 id="hero-title">Know what your crypto is worth, the moment it moves.</h1>
        <p className="hero-lead">
          Coinpace tracks your holdings with live prices, shows your gain and loss at a glance, and tells you
          by e-mail or SMS when a coin crosses the line you set.
        </p>
        <div className="hero-actions">
          <AuthButton
            hash={SIGN_UP_HASH}
            label="Create your account"
            maintenance={maintenance}
            variant="primary"
            large
          />
          <Link className="btn btn-lg" to="/beta-sign-up">
            Join the beta waitlist
          </Link>
        </div>
        {maintenance && (
          <div className="banner banner-warn hero-banner" role="status">
            <div className="banner-body">
              Sign-in and sign-up are paused while we do maintenance. Please try again later.
            </div>
          </div>
        )}
        <ul className="hero-promises">
          {PROMISES.map((promise) => (
            <li key={promise}>
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                <path
                  d="M3 8.5l3 3 7-7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              {promise}
            </li>
          ))}
        </ul>
      </div>
      <HeroPreview />
    </section>
  );
}
