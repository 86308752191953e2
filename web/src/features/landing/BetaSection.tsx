import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { SpotsCounter } from '../beta/SpotsCounter.tsx';
import { loadBetaSpots, useBetaSpots } from '../beta/beta-store.ts';

/** The beta waitlist section of the landing page: spots left and the way to the form. */
export function BetaSection() {
  const full = useBetaSpots((s) => s.status === 'ready' && s.remaining <= 0);
  useEffect(() => {
    void loadBetaSpots();
  }, []);
  return (
    <section id="beta" className="section" aria-labelledby="beta-section-title">
      <div className="card beta-band">
        <div>
          <p className="eyebrow">Beta waitlist</p>
          <h2 id="beta-section-title">Be first to try what we&apos;re building next</h2>
          <p className="muted">
            A limited group gets new features early and talks to the team directly. Requests take a minute.
          </p>
        </div>
        <div className="beta-band-side">
          <SpotsCounter />
          {!full && (
            <Link className="btn btn-primary btn-lg" to="/beta-sign-up">
              Request beta access
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
