import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth-store.ts';
import { LegalModals } from '../legal/LegalModals.tsx';
import { TickerBar } from '../prices/TickerBar.tsx';
import { BetaSection } from './BetaSection.tsx';
import { FeatureGrid } from './FeatureGrid.tsx';
import { Hero } from './Hero.tsx';
import { PlansOverview } from './PlansOverview.tsx';
import { PublicFooter } from './PublicFooter.tsx';
import { PublicHeader } from './PublicHeader.tsx';
import './landing.css';

/**
 * The public landing page (SPEC.md section 2, '/'), also the backdrop of the legal modals. Signed-in
 * users on '/' go to their portfolio; the legal pages stay readable for them.
 */
export function LandingPage() {
  const status = useAuth((s) => s.status);
  const location = useLocation();
  useScrollToSection(location.hash);
  if (status === 'signedIn' && location.pathname === '/') {
    return <Navigate to="/portfolio" replace />;
  }

  return (
    <div className="public-page landing">
      <PublicHeader />
      <TickerBar />
      <main id="main">
        <Hero />
        <FeatureGrid />
        <PlansOverview />
        <BetaSection />
      </main>
      <PublicFooter />
      <LegalModals />
    </div>
  );
}

const SECTIONS = new Set(['#features', '#plans', '#beta', '#contact']);

/** In-page links (#features, ...) scroll to their section; other hashes (the auth dialogs) do not. */
function useScrollToSection(hash: string) {
  useEffect(() => {
    if (!SECTIONS.has(hash)) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    document.querySelector(hash)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [hash]);
}
