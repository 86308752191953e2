import { PORTFOLIO_TEXTS, greeting } from '@coinpace/domain';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { preloadDialogsOnIntent } from '../../components/LazyDialog.tsx';
import { expectFirstContent, markFirstContent } from '../../lib/first-content.ts';
import { onUserEvent } from '../../lib/user-events.ts';
import { useAuth } from '../auth/auth-store.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { ReportErrorDialog } from './ReportErrorDialog.tsx';
import { EditModeBar } from './EditModeBar.tsx';
import { EmptyPortfolio } from './EmptyPortfolio.tsx';
import { useFirstVisit } from './first-visit.ts';
import { PORTFOLIO_DIALOGS } from './portfolio-dialogs.tsx';
import { fillPurchasePrice } from './portfolio-actions.ts';
import { loadPortfolio, usePortfolio } from './portfolio-store.ts';
import { PortfolioBanners } from './PortfolioBanners.tsx';
import { PortfolioSummary } from './PortfolioSummary.tsx';
import { PortfolioToolbar } from './PortfolioToolbar.tsx';
import { refreshPrices, startAutoRefresh } from './price-refresh.ts';
import { startPriceSync } from './price-sync.ts';
import { HoldingsTable } from './table/HoldingsTable.tsx';
import { UpgradeBanner } from './UpgradeBanner.tsx';
import './portfolio.css';

/** A burst of `portfolio:changed` events (an import, a bulk delete) causes one reload after this many ms. */
const PORTFOLIO_RELOAD_DEBOUNCE_MS = 300;

const PortfolioCharts = lazy(() => import('./charts/PortfolioCharts.tsx'));
const { addCoin: AddCoinModal, import: ImportModal, detail: HoldingDetail } = PORTFOLIO_DIALOGS;

// What can wait for the rows (the live connection) waits until they are drawn (markFirstContent below).
expectFirstContent();

/** The portfolio screen (SPEC.md section 2, 'Portfolio screen'). */
export function PortfolioPage() {
  const user = useAuth((s) => s.user);
  const firstVisit = useFirstVisit(user);
  const status = usePortfolio((s) => s.status);
  const count = usePortfolio((s) => s.holdings.length);
  const page = useRef<HTMLDivElement>(null);
  const drawn = count > 0 || status === 'ready' || status === 'error';

  useEffect(() => {
    if (drawn) markFirstContent();
  }, [drawn]);

  // A dialog's code loads when the button or row that opens it is pointed at, touched or focused.
  useEffect(() => preloadDialogsOnIntent(page.current!, PORTFOLIO_DIALOGS), []);

  useEffect(() => {
    const stopSync = startPriceSync({ onFirstPrice: (id, price) => void fillPurchasePrice(id, price) });
    const stopAuto = startAutoRefresh();
    void loadPortfolio().then(() => refreshPrices());
    // Another tab or device changed the portfolio: reload it (once for a burst of events).
    let reload: ReturnType<typeof setTimeout> | undefined;
    const stopEvents = onUserEvent('portfolio:changed', () => {
      clearTimeout(reload);
      reload = setTimeout(() => void loadPortfolio(), PORTFOLIO_RELOAD_DEBOUNCE_MS);
    });
    return () => {
      stopSync();
      stopAuto();
      stopEvents();
      clearTimeout(reload);
    };
  }, []);

  return (
    <div className="pf-page" ref={page}>
      <div className="page-header">
        <div>
          <h1>{greeting(user?.firstName, firstVisit)}</h1>
          <p>{PORTFOLIO_TEXTS.subtitle}</p>
        </div>
      </div>
      <PortfolioBanners />
      <UpgradeBanner />
      {count === 0 && (status === 'loading' || status === 'idle') ? (
        <div className="card center-screen" role="status" style={{ minHeight: 200 }}>
          <span className="spinner spinner-lg" aria-label="Loading portfolio" />
        </div>
      ) : count === 0 && status === 'error' ? (
        // Not known to be empty: the empty state would invite a needless import.
        <section className="card empty-state" aria-labelledby="load-failed-title">
          <h2 id="load-failed-title">Your holdings could not be loaded</h2>
          <p className="muted">The message above says why. Your portfolio is unchanged.</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void loadPortfolio().then(() => refreshPrices())}
            >
              Try again
            </button>
          </div>
        </section>
      ) : count === 0 ? (
        <EmptyPortfolio />
      ) : (
        <>
          <PortfolioSummary />
          <PortfolioToolbar />
          <EditModeBar />
          <HoldingsTable />
          <Suspense fallback={null}>
            <PortfolioCharts />
          </Suspense>
        </>
      )}
      <AddCoinModal />
      <ImportModal />
      <ConfirmDeleteDialog />
      <ReportErrorDialog />
      <HoldingDetail />
    </div>
  );
}
