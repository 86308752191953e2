import { useEffect } from 'react';
import type { BillingUpdatedPayload } from '@coinpace/domain';
import { onUserEvent } from '../../lib/user-events.ts';
import { useAuth } from '../auth/auth-store.ts';
import { onBillingUpdated } from './billing-live.ts';
import { clearBillingNotice, useBillingNotice } from './billing-notice.ts';
import { loadBilling, resetBilling } from './billing-store.ts';
import { PricingModal } from './PricingModal.tsx';
import { usePaymentReturn } from './use-payment-return.ts';

/**
 * Billing inside the dashboard shell, rendered once above the page: the announcement banner, the payment
 * return (session_id), and the pricing modal. Loads the billing info for whoever is signed in.
 */
export function BillingLayer() {
  const userId = useAuth((s) => s.user?.id);
  const notice = useBillingNotice((s) => s.notice);
  usePaymentReturn();

  useEffect(() => {
    if (!userId) return;
    resetBilling();
    void loadBilling();
  }, [userId]);

  useEffect(
    () => onUserEvent('billing:updated', (payload) => onBillingUpdated(payload as BillingUpdatedPayload)),
    [],
  );

  return (
    <>
      {notice && (
        <div
          className={`banner banner-${notice.kind === 'error' ? 'error' : notice.kind === 'success' ? 'success' : 'info'}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <div className="banner-body">{notice.text}</div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Dismiss"
            onClick={clearBillingNotice}
          >
            ✕
          </button>
        </div>
      )}
      <PricingModal />
    </>
  );
}
