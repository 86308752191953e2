import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { useEffect, useRef } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { useConnectionStatus } from '../../lib/connection.ts';
import { chooseBanner, isConnectionDown, isLoadFailure } from './banner-choice.ts';
import { ImportNotices } from './import/ImportNotices.tsx';
import { useImport } from './import/import-state.ts';
import { loadPortfolio, showPortfolioMessage, usePortfolio } from './portfolio-store.ts';
import { refreshPrices, usePriceRefresh } from './price-refresh.ts';
import { useRateLimited, useRateLimitEnd } from './PortfolioSummary.tsx';

/**
 * The screen's messages: one error banner at a time (chooseBanner), notices, import results. When the
 * connection comes back, the failures it caused are cleared and the portfolio and its prices are
 * loaded again.
 */
export function PortfolioBanners() {
  const error = usePortfolio((s) => s.error);
  const hasData = usePortfolio((s) => s.holdings.length > 0);
  const notice = usePortfolio((s) => s.notice);
  const refreshError = usePriceRefresh((s) => s.error);
  const importOpen = useImport((s) => s.open);
  const limited = useRateLimited();
  const connection = useConnectionStatus();
  const refusedWhileLimited = refreshError === PORTFOLIO_TEXTS.refreshRateLimited;
  const banner = chooseBanner({ portfolioError: error, refreshError, limited, hasData, connection });

  // The refusal belongs to the lock: once it is over, so is the message.
  useEffect(() => {
    if (!limited && refusedWhileLimited) usePriceRefresh.setState({ error: null });
  }, [limited, refusedWhileLimited]);

  // Back from offline or an unreachable server: what failed meanwhile is old news; fetch afresh.
  const wasDown = useRef(false);
  useEffect(() => {
    const down = isConnectionDown(connection);
    if (wasDown.current && connection === 'live') {
      if (usePriceRefresh.getState().error === PORTFOLIO_TEXTS.refreshFailed) {
        usePriceRefresh.setState({ error: null });
      }
      if (isLoadFailure(usePortfolio.getState().error)) showPortfolioMessage('error', null);
      void loadPortfolio().then(() => refreshPrices());
    }
    if (down || connection === 'live') wasDown.current = down;
  }, [connection]);

  return (
    <>
      {banner?.kind === 'portfolio' && (
        <ErrorBanner message={banner.text} onClose={() => showPortfolioMessage('error', null)} />
      )}
      {banner?.kind === 'refresh' && (
        <ErrorBanner message={banner.text} onClose={() => usePriceRefresh.setState({ error: null })} />
      )}
      {banner?.kind === 'rate-limit' && <RateLimitBanner refused={banner.refused} />}
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
