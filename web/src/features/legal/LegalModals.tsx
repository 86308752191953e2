import { Suspense, lazy } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/Dialog.tsx';
import './legal.css';

/** The policy texts load when a policy opens, not with the landing page. */
const loadLegalTexts = () => import('./legal-texts.ts');
const TermsOfService = lazy(() => loadLegalTexts().then((m) => ({ default: m.TermsOfService })));
const PrivacyPolicy = lazy(() => loadLegalTexts().then((m) => ({ default: m.PrivacyPolicy })));

/** Which policy each legal route shows (SPEC.md section 2). */
export const LEGAL_ROUTES: Readonly<Record<string, 'terms' | 'privacy'>> = {
  '/terms-of-service': 'terms',
  '/privacy-policy': 'privacy',
  '/privacy': 'privacy',
};

/**
 * The policy modals, open while the path is a legal route. Closing goes back in history, or home when
 * the page was opened directly (nothing of ours to go back to).
 */
export function LegalModals() {
  const location = useLocation();
  const navigate = useNavigate();
  const kind = LEGAL_ROUTES[location.pathname.replace(/\/+$/, '') || '/'];
  const close = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate('/', { replace: true });
  };
  return (
    <>
      <Dialog open={kind === 'terms'} title="Terms of Service" onClose={close} wide>
        <Suspense fallback={<LegalLoading />}>
          <TermsOfService />
        </Suspense>
      </Dialog>
      <Dialog open={kind === 'privacy'} title="Privacy Policy" onClose={close} wide>
        <Suspense fallback={<LegalLoading />}>
          <PrivacyPolicy />
        </Suspense>
      </Dialog>
    </>
  );
}

function LegalLoading() {
  return (
    <p className="muted" role="status">
      <span className="spinner" aria-hidden="true" /> Loading...
    </p>
  );
}
