import { PORTFOLIO_TEXTS } from '@coinpace/domain';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { ImportNotices } from './import/ImportNotices.tsx';
import { useImport } from './import/import-store.ts';
import { showPortfolioMessage, usePortfolio } from './portfolio-store.ts';
import { usePriceRefresh } from './price-refresh.ts';
import { useRateLimited } from './PortfolioSummary.tsx';

/** The screen's messages: errors with a close button, notices, the 429 banner, import results. */
export function PortfolioBanners() {
  const error = usePortfolio((s) => s.error);
  const notice = usePortfolio((s) => s.notice);
  const refreshError = usePriceRefresh((s) => s.error);
  const importOpen = useImport((s) => s.open);
  const limited = useRateLimited();
  return (
    <>
      <ErrorBanner message={error} onClose={() => showPortfolioMessage('error', null)} />
      <ErrorBanner message={refreshError} onClose={() => usePriceRefresh.setState({ error: null })} />
      {limited && (
        <div className="banner banner-warn" role="status">
          <div className="banner-body">{PORTFOLIO_TEXTS.rateLimitBanner}</div>
        </div>
      )}
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
