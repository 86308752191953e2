import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth-store.ts';
import { confirmPayment } from './billing-api.ts';
import { showBillingNotice } from './billing-notice.ts';
import { loadBilling } from './billing-store.ts';
import { runPaymentReturn } from './payment-return.ts';

/** Sessions already handled in this tab: effects run twice in development, and the address changes under us. */
const handled = new Set<string>();

/**
 * Runs the payment return (payment-return.ts) when a signed-in page is opened with `session_id`, as the
 * checkout's success URL does (/account?session_id=..., or /dashboard?session_id=...).
 */
export function usePaymentReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const sessionId = new URLSearchParams(location.search).get('session_id');

  useEffect(() => {
    if (!sessionId || handled.has(sessionId)) return;
    handled.add(sessionId);
    const prefix = location.pathname.startsWith('/dashboard') ? '/dashboard' : '';
    void runPaymentReturn({
      sessionId,
      userReady: () => Boolean(useAuth.getState().user?.id),
      confirm: confirmPayment,
      reloadBilling: loadBilling,
      clearSessionId: () => {
        const url = new URL(window.location.href);
        url.searchParams.delete('session_id');
        navigate({ pathname: url.pathname, search: url.search, hash: url.hash }, { replace: true });
      },
      goToAccount: () => {
        if (!window.location.pathname.endsWith('/account')) navigate(`${prefix}/account`);
      },
      notify: showBillingNotice,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      errorMessage,
    });
  }, [sessionId, location.pathname, navigate]);
}
