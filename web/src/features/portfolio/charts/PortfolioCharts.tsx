import { useMemo } from 'react';
import { useHoldingViews } from '../holding-views.ts';
import { usePortfolio } from '../portfolio-store.ts';
import { usePriceRefresh } from '../price-refresh.ts';
import { AllocationChart } from './AllocationChart.tsx';
import { allocationKey, allocationSlices } from './allocation.ts';
import { ValueChart } from './ValueChart.tsx';

/** The value-over-time and allocation charts; loaded lazily with recharts. */
export default function PortfolioCharts() {
  const views = useHoldingViews();
  const holdings = usePortfolio((s) => s.holdings);
  const refreshedAt = usePriceRefresh((s) => s.lastRefreshAt);
  // The history changes with which coins are held and how many; its newest points with the price
  // refreshes (every 5 minutes), not with every tick.
  const version = useMemo(
    () => `${holdings.map((h) => `${h.coingeckoId}:${h.quantity}`).join('|')}@${refreshedAt ?? 0}`,
    [holdings, refreshedAt],
  );
  const slices = allocationSlices(views);
  const key = allocationKey(slices);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the slices' look
  const stable = useMemo(() => slices, [key]);
  return (
    <div className="pf-charts">
      <ValueChart version={version} />
      <AllocationChart slices={stable} />
    </div>
  );
}
