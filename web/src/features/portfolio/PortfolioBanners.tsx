import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { useEffect } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { ImportNotices } from './import/ImportNotices.tsx';
import { useImport } from './import/import-store.ts';
import { showPortfolioMessage, usePortfolio } from './portfolio-store.ts';
import { usePriceRefresh } from './price-refresh.ts';
import { useRateLimited, useRateLimitEnd } from './PortfolioSummary.tsx';

/** The screen's messages: errors with a close button, notices, the 429 banner, import results. */
export function PortfolioBanners() {
  const error = usePortfolio((s) => s.error);
  const notice = usePortfolio((s) => s.notice);
  const refreshError = usePriceRefresh((s) => s.error);
  const importOpen = useImport((s) => s.open);
  const limited = useRateLimited();
  const refusedWhileLimited = refreshError === PORTFOLIO_TEXTS.refreshRateLimited;

  // The refusal belongs to the lock: once it is over, so is the message.
  useEffect(() => {
    if (!limited && refusedWhileLimited) usePriceRefresh.setState({ error: null });
  }, [limited, refusedWhileLimited]);

  return (
    <>
      <ErrorBanner message={error} onClose={() => showPortfolioMessage('error', null)} />
      {!refusedWhileLimited && (
        <ErrorBanner message={refreshError} onClose={() => usePriceRefresh.setState({ error: null })} />
      )}
      {limited && <RateLimitBanner refused={refusedWhileLimited} />}
      {notice && (
        <div className="banner banner-success" role="status">
          <div className="banner-body">{notice}</div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Dismiss message"
            onClick={() => showPortfolioMessage('notice', null)}
          >
            ✕
          </button>
        </div>
      )}
      {!importOpen && <ImportNotices />}
    </>
  );
}

/**
 * The one banner of the rate-limited state: SPEC.md's banner text, or its Refresh text
 * after the user pressed Refresh during the lock, and when prices can be refreshed again.
 */
function RateLimitBanner({ refused }: { refused: boolean }) {
  const until = useRateLimitEnd();
  return (
    <div className="banner banner-warn" role={refused ? 'alert' : 'status'} data-testid="rate-limit-banner">
      <div className="banner-body">
        <div>{refused ? PORTFOLIO_TEXTS.refreshRateLimited : PORTFOLIO_TEXTS.rateLimitBanner}</div>
        {until !== null && until > Date.now() && (
          <div className="pf-sub">
            Refresh can fetch new prices again from{' '}
            {new Date(until).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}.
          </div>
        )}
      </div>
    </div>
  );
}
