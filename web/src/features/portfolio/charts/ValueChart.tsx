import { formatPercent, type HistoryRange } from '@coinpace/domain';
import { memo, useEffect, useMemo } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { loadHistory, useHistory } from './history-store.ts';
import { timeAxis } from './time-scale.ts';
import { axisWidth, spanLabel, valueAxis } from './value-scale.ts';
import { useCurrency } from '../../currency/currency-store.ts';
import { atDayRate, useChartMoney } from '../../currency/chart-money.ts';

const RANGES: { id: HistoryRange; label: string }[] = [
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: '90d', label: '90 days' },
  { id: '1y', label: '1 year' },
];

/**
 * Portfolio value over 7, 30 or 90 days or a year, from GET /api/portfolio/history; reloads when `version` changes.
 * Above the chart, the change over the time the history really covers ('over 35 minutes' until there
 * are 7 days of prices) in words (screen readers get the start and end values; the drawing itself is
 * hidden from them). The y-axis spans at least 5% of the value, so a small move looks small.
 * Memoised: price ticks do not touch it.
 */
export const ValueChart = memo(function ValueChart({ version }: { version: string }) {
  // The history is in dollars; it is drawn in the display currency once a rate of it is known.
  const money = useChartMoney();
  const { range, status, data, error } = useHistory();
  const currency = useCurrency((s) => s.currency);
  // Read again when the display currency changes: the answer carries that currency's daily rates.
  useEffect(() => {
    void loadHistory();
  }, [version, currency]);

  const points = useMemo(() => {
    const raw = data?.range === range ? data.points : [];
    const convert = atDayRate(money, data?.fx);
    return raw.map((p) => ({ ...p, value: convert(p.value, p.t) }));
  }, [data, range, money]);
  const first = points[0]?.value ?? 0;
  const last = points.at(-1)?.value ?? 0;
  const up = last >= first;
  const span = points.length > 1 ? points.at(-1)!.t - points[0]!.t : 0;
  const spanText = spanLabel(span, range, data?.stepMs ?? 0);
  const axis =
    points.length > 1
      ? valueAxis(
          points.map((p) => p.value),
          money.currency,
        )
      : null;
  const times = points.length > 1 ? timeAxis(points[0]!.t, points.at(-1)!.t) : null;
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
      ) : !axis ? (
        <p className="muted pf-chart-empty">
          {status === 'loading'
            ? 'Loading...'
            : 'Not enough price history yet. The chart fills in as prices are recorded.'}
        </p>
      ) : (
        <>
          <p className={`pf-chart-change ${up ? 'pf-gain' : 'pf-loss'}`} data-testid="value-change">
            {money.format(last - first)}
            {first > 0 ? ` (${formatPercent(((last - first) / first) * 100)})` : ''} over {spanText}
            <span className="sr-only">
              , from {money.format(first)} to {money.format(last)}
            </span>
          </p>
          <div className="pf-chart-box" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 200 }}>
              {/* The drawing is hidden from screen readers (the text above says it), so nothing in
                  it may take the focus: no keyboard layer (axe's aria-hidden-focus). */}
              <AreaChart
                data={points}
                margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
                accessibilityLayer={false}
              >
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
                  ticks={times!.ticks}
                  interval={0}
                  tickFormatter={times!.format}
                  stroke="var(--text-faint)"
                  fontSize={12}
                />
                <YAxis
                  dataKey="value"
                  tickFormatter={axis.format}
                  stroke="var(--text-faint)"
                  fontSize={12}
                  width={axisWidth(axis)}
                  domain={axis.domain}
                  ticks={axis.ticks}
                  interval={0}
                />
                <Tooltip
                  labelFormatter={(t) => fullFormat.format(Number(t))}
                  formatter={(v) => [money.format(Number(v)), 'Value']}
                />
                {/* Steps: a value holds until the next recorded one; a curve would invent the moves between. */}
                <Area
                  type="stepAfter"
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
