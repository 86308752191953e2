import { PORTFOLIO_TOTAL, formatAmountIn, formatPriceIn, type AlertTriggeredPayload } from '@coinpace/domain';
import { useEffect, useState } from 'react';
import './fired-toast.css';

const SHOW_MS = 8_000;

/** A live `alert:triggered`: 'BTC alert fired at $51,000.00' (in the alert's currency), for a few seconds. */
export function FiredToast({ fired }: { fired: AlertTriggeredPayload | null }) {
  const [shown, setShown] = useState<AlertTriggeredPayload | null>(null);
  useEffect(() => {
    if (!fired) return;
    setShown(fired);
    const timer = setTimeout(() => setShown(null), SHOW_MS);
    return () => clearTimeout(timer);
  }, [fired]);
  if (!shown) return null;
  const what = shown.coinSymbol === PORTFOLIO_TOTAL ? 'Portfolio' : shown.coinSymbol;
  // An older payload has no currency: dollars.
  const currency = shown.currency ?? 'usd';
  const price =
    shown.coinSymbol === PORTFOLIO_TOTAL
      ? formatAmountIn(currency, shown.price)
      : formatPriceIn(currency, shown.price);
  return (
    <div className="banner banner-info fired-toast" role="status">
      <div className="banner-body">
        <strong>{shown.headline ?? `${what} alert fired at ${price}`}</strong>
        <div>
          {shown.outcome === 'queued'
            ? 'Sending your e-mail / SMS now.'
            : 'Not sent: your alert allowance is used up.'}
        </div>
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label="Dismiss"
        onClick={() => setShown(null)}
      >
        ✕
      </button>
    </div>
  );
}
