import { PORTFOLIO_TEXTS, greeting } from '@coinpace/domain';
import { Suspense, lazy, useEffect } from 'react';
import { useAuth } from '../auth/auth-store.ts';
import { loadBilling, useBilling } from '../billing/billing-store.ts';
import { AddCoinModal } from './add-coin/AddCoinModal.tsx';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { EditModeBar } from './EditModeBar.tsx';
import { EmptyPortfolio } from './EmptyPortfolio.tsx';
import { ImportModal } from './import/ImportModal.tsx';
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

const PortfolioCharts = lazy(() => import('./charts/PortfolioCharts.tsx'));

/** The portfolio screen (SPEC.md section 2, 'Portfolio screen'). */
export function PortfolioPage() {
  const firstName = useAuth((s) => s.user?.firstName);
  const status = usePortfolio((s) => s.status);
  const count = usePortfolio((s) => s.holdings.length);

  useEffect(() => {
    const stopSync = startPriceSync({ onFirstPrice: (id, price) => void fillPurchasePrice(id, price) });
    const stopAuto = startAutoRefresh();
    void loadPortfolio().then(() => refreshPrices());
    if (useBilling.getState().status === 'idle') void loadBilling();
    return () => {
      stopSync();
      stopAuto();
    };
  }, []);

  return (
    <div className="pf-page">
      <div className="page-header">
        <div>
          <h1>{greeting(firstName)}</h1>
          <p>{PORTFOLIO_TEXTS.subtitle}</p>
        </div>
      </div>
      <PortfolioBanners />
      <UpgradeBanner />
      {count === 0 && (status === 'loading' || status === 'idle') ? (
        <div className="card center-screen" role="status" style={{ minHeight: 200 }}>
          <span className="spinner spinner-lg" aria-label="Loading portfolio" />
        </div>
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
    </div>
  );
}
