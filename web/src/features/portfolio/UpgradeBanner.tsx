import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { hasActivePlan, useBilling } from '../billing/billing-store.ts';
import { openPricingModal } from '../billing/pricing-modal-store.ts';
import { usePortfolio } from './portfolio-store.ts';

/**
 * SPEC.md section 2: shown when the portfolio is non-empty and there is no billing info, plan 'None'
 * or account status 'Pending'; opens the pricing modal.
 */
export function UpgradeBanner() {
  const count = usePortfolio((s) => s.holdings.length);
  const billing = useBilling((s) => (s.status === 'idle' || s.status === 'loading' ? undefined : s.info));
  if (count === 0 || billing === undefined || hasActivePlan(billing)) return null;
  return (
    <div className="banner banner-info pf-upgrade" role="region" aria-label="Upgrade">
      <div className="banner-body">
        <strong>
          You are tracking {count} coin{count === 1 ? '' : 's'}.
        </strong>{' '}
        Choose a plan to get price and gain/loss alerts on them by e-mail and SMS.
      </div>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => openPricingModal()}>
        {PORTFOLIO_TEXTS.upgradeButton}
      </button>
    </div>
  );
}
