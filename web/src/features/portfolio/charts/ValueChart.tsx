import { formatPercent, formatUsd, type HistoryRange } from '@coinpace/domain';
import { memo, useEffect } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { loadHistory, useHistory } from './history-store.ts';

const RANGES: { id: HistoryRange; label: string }[] = [
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
];

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const plainUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
});

/**
 * Portfolio value over 7 or 30 days, from GET /api/portfolio/history; reloads when `version` changes.
 * Above the chart, the change over the range in words (screen readers get the start and end values; the
 * drawing itself is hidden from them). Memoised: price ticks do not touch it.
 */
export const ValueChart = memo(function ValueChart({ version }: { version: string }) {
  const { range, status, data, error } = useHistory();
  useEffect(() => {
    void loadHistory();
  }, [version]);

  const points = data?.range === range ? data.points : [];
  const first = points[0]?.value ?? 0;
  const last = points.at(-1)?.value ?? 0;
  const rangeLabel = RANGES.find((r) => r.id === range)!.label;
  const up = last >= first;
  const values = points.map((p) => p.value);
  // Compact labels ('$58.9K') only when they still tell the ticks apart.
  const spread = values.length ? Math.max(...values) - Math.min(...values) : 0;
  const yFormat = spread >= 1000 ? compactUsd : plainUsd;
  const span = points.length > 1 ? points.at(-1)!.t - points[0]!.t : 0;
  const dayFormat = new Intl.DateTimeFormat(
    undefined,
    span < 2 * 86_400_000
      ? { hour: '2-digit', minute: '2-digit' }
      : range === '7d'
        ? { weekday: 'short' }
        : { month: 'short', day: 'numeric' },
  );
  const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="card pf-chart" aria-labelledby="value-chart-title">
      <div className="pf-chart-head">
        <h2 id="value-chart-title">Portfolio value</h2>
        <div className="pf-segmented" role="group" aria-label="Chart range">
          {RANGES.map((r) => (
            <button
              key={r.id}
              type="button"
              className={`btn btn-sm${range === r.id ? ' btn-primary' : ''}`}
              aria-pressed={range === r.id}
              onClick={() => void loadHistory(r.id)}
            >
              {r.label}
            </button>
          ))}
        </div>
      </div>
      {status === 'error' ? (
        <p className="muted">Could not load the value history: {error}</p>
      ) : points.length < 2 ? (
        <p className="muted pf-chart-empty">
          {status === 'loading'
            ? 'Loading...'
            : 'Not enough price history yet. The chart fills in as prices are recorded.'}
        </p>
      ) : (
        <>
          <p className={`pf-chart-change ${up ? 'pf-gain' : 'pf-loss'}`} data-testid="value-change">
            {formatUsd(last - first)}
            {first > 0 ? ` (${formatPercent(((last - first) / first) * 100)})` : ''} over {rangeLabel}
            <span className="sr-only">
              , from {formatUsd(first)} to {formatUsd(last)}
            </span>
          </p>
          <div className="pf-chart-box" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 200 }}>
              <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <defs>
                  <linearGradient id="pf-value-fill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor={up ? 'var(--gain)' : 'var(--loss)'} stopOpacity={0.35} />
                    <stop offset="100%" stopColor={up ? 'var(--gain)' : 'var(--loss)'} stopOpacity={0} />
                  </linearGradient>
                </defs>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis
                  dataKey="t"
                  type="number"
                  scale="time"
                  domain={['dataMin', 'dataMax']}
                  tickFormatter={(t: number) => dayFormat.format(t)}
                  stroke="var(--text-faint)"
                  fontSize={12}
                  minTickGap={24}
                />
                <YAxis
                  dataKey="value"
                  tickFormatter={(v: number) => yFormat.format(v)}
                  stroke="var(--text-faint)"
                  fontSize={12}
                  width={spread >= 1000 ? 64 : 96}
                  domain={['auto', 'auto']}
                />
                <Tooltip
                  labelFormatter={(t) => fullFormat.format(Number(t))}
                  formatter={(v) => [formatUsd(Number(v)), 'Value']}
                />
                <Area
                  type="monotone"
                  dataKey="value"
                  stroke={up ? 'var(--gain)' : 'var(--loss)'}
                  fill="url(#pf-value-fill)"
                  strokeWidth={2}
                  isAnimationActive={false}
                />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </section>
  );
});
