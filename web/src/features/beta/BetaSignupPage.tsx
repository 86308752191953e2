import { useEffect } from 'react';
import { PublicFooter } from '../landing/PublicFooter.tsx';
import { PublicHeader } from '../landing/PublicHeader.tsx';
import { BetaSignupForm } from './BetaSignupForm.tsx';
import { SpotsCounter } from './SpotsCounter.tsx';
import { loadBetaSpots } from './beta-store.ts';
import './beta.css';

const PERKS = [
  'Early access to new alert types and imports before everyone else',
  'A direct line to the team: your feedback shapes what we build next',
  'Help us test on real portfolios, with your data kept private',
];

/** '/beta-sign-up': the beta request form with the spots counter (SPEC.md section 2). */
export function BetaSignupPage() {
  useEffect(() => {
    void loadBetaSpots();
  }, []);

  return (
    <div className="public-page">
      <PublicHeader />
      <main id="main" className="beta-page">
        <section className="beta-pitch" aria-labelledby="beta-title">
          <p className="eyebrow">Beta program</p>
          <h1 id="beta-title">Request early access to the Coinpace beta</h1>
          <p className="lede">
            We open new features to a small group first. Tell us a little about how you trade and we&apos;ll
            let you know when your spot is ready.
          </p>
          <ul className="check-list">
            {PERKS.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        </section>
        <section className="card beta-card" aria-labelledby="beta-form-title">
          <h2 id="beta-form-title">Join the waitlist</h2>
          <SpotsCounter />
          <BetaSignupForm />
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
