/** Test support for the portfolio feature: puts every store it uses back to its start. Not used by the app. */
import { resetBilling } from '../billing/billing-store.ts';
import { closePricingModal } from '../billing/pricing-modal-store.ts';
import { usePrices } from '../prices/prices-store.ts';
import { closeAddCoin } from './add-coin/add-coin-store.ts';
import { clearSearchCache } from './add-coin/coin-search.ts';
import { resetPerformance } from './charts/performance-store.ts';
import { resetDetail } from './detail/detail-store.ts';
import { resetImport } from './import/import-store.ts';
import { resetInvestment } from './investment-summary.ts';
import { resetLocationFilter } from './location-filter.ts';
import { resetPortfolio } from './portfolio-store.ts';
import { usePositionPrices } from './position-prices.ts';
import { resetPriceRefresh } from './price-refresh.ts';
import { resetTable } from './table-store.ts';

export function resetPortfolioFeature(): void {
  resetPortfolio();
  resetTable();
  resetLocationFilter();
  resetPriceRefresh();
  resetImport();
  resetInvestment();
  resetPerformance();
  resetDetail();
  resetBilling();
  closePricingModal();
  closeAddCoin();
  clearSearchCache();
  usePositionPrices.setState({ byId: {} });
  usePrices.setState({
    prices: {},
    ticker: null,
    sourceState: null,
    connection: 'connecting',
    lastUpdated: null,
  });
}
