import { useMemo } from 'react';
import { useHoldingViews } from '../holding-views.ts';
import { usePortfolio } from '../portfolio-store.ts';
import { AllocationChart } from './AllocationChart.tsx';
import { allocationKey, allocationSlices } from './allocation.ts';
import { ValueChart } from './ValueChart.tsx';

/** The value-over-time and allocation charts; loaded lazily with recharts. */
export default function PortfolioCharts() {
  const views = useHoldingViews();
  const holdings = usePortfolio((s) => s.holdings);
  // The history depends on which coins are held and how many, not on prices.
  const version = useMemo(() => holdings.map((h) => `${h.coingeckoId}:${h.quantity}`).join('|'), [holdings]);
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
