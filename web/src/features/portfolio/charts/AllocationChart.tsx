import { memo } from 'react';
import { Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { AllocationSlice } from './allocation.ts';
import { useMoney } from '../../currency/currency-store.ts';

const COLORS = [
  '#2563eb',
  '#059669',
  '#d97706',
  '#dc2626',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#64748b',
];

/** Share of each holding in the current value; re-renders only when the slices change. */
export const AllocationChart = memo(function AllocationChart({ slices }: { slices: AllocationSlice[] }) {
  const money = useMoney();
  const data = slices.map((s, i) => ({ ...s, fill: COLORS[i % COLORS.length] }));
  return (
    <section className="card pf-chart" aria-labelledby="allocation-title">
      <div className="pf-chart-head">
        <h2 id="allocation-title">Allocation</h2>
      </div>
      {data.length === 0 ? (
        <p className="muted pf-chart-empty">No priced holdings yet.</p>
      ) : (
        <div className="pf-allocation">
          {/* The legend beside it gives every share in text; the drawing takes no focus. */}
          <div className="pf-chart-box pf-pie-box" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 200 }}>
              <PieChart accessibilityLayer={false}>
                <Pie
                  data={data}
                  dataKey="value"
                  nameKey="symbol"
                  innerRadius="55%"
                  outerRadius="90%"
                  paddingAngle={1}
                  isAnimationActive={false}
                  rootTabIndex={-1}
                />
                <Tooltip formatter={(v, name) => [money.amount(Number(v)), String(name)]} />
              </PieChart>
            </ResponsiveContainer>
          </div>
          <ul className="pf-legend" aria-label="Allocation by coin">
            {data.map((s) => (
              <li key={s.symbol}>
                <span className="pf-swatch" style={{ background: s.fill }} aria-hidden="true" />
                <span>{s.symbol}</span>
                <span className="muted">{s.percent.toFixed(1)}%</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
});
