import { MISSING_NUMBER, formatPercent, moneyIn } from '@coinpace/domain';
import { memo, useEffect, useMemo, type ReactNode } from 'react';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useCurrency } from '../../currency/currency-store.ts';
import { loadPerformance, usePerformance } from './performance-store.ts';
import {
  BENCHMARK_BUTTONS,
  EXPLAIN,
  RANGE_BUTTONS,
  chartPoints,
  coveredSpan,
  distinctTicks,
} from './performance-view.ts';
import { timeAxis } from './time-scale.ts';
import { axisWidth, valueAxis } from './value-scale.ts';

const SERIES_NAMES: Record<string, string> = { value: 'Value', invested: 'Net invested' };

/** A return as a signed percentage; a dash when there was no money to measure. */
function percent(fraction: number | null | undefined): string {
  return typeof fraction === 'number' ? formatPercent(fraction * 100) : MISSING_NUMBER;
}

/**
 * The portfolio's performance over 1 day to all time, from GET /api/portfolio/performance (reloads when
 * `version` or the display currency changes): the value and the net amount invested drawn as steps (a
 * figure holds until the next point: a line between them would invent moves), optionally the same money
 * in bitcoin or ether, and the gain and the money- and time-weighted returns, each with a line saying
 * what it means. The drawing is hidden from screen readers; the text says what it shows. The y-axis spans
 * at least 5% of the value, so a small move looks small. Memoised: price ticks do not touch it.
 */
export const ValueChart = memo(function ValueChart({ version }: { version: string }) {
  const { range, benchmark, status, data, error } = usePerformance();
  const currency = useCurrency((s) => s.currency);
  useEffect(() => {
    void loadPerformance();
  }, [version, currency]);

  // The server answers in the display currency (or dollars while it has no rate of it).
  const money = useMemo(() => moneyIn(data?.currency ?? 'usd', {}), [data?.currency]);
  const current = data?.range === range ? data : null;
  const points = useMemo(() => (current ? chartPoints(current) : []), [current]);
  const compared = current?.summary.benchmark ?? null;
  const benchName = BENCHMARK_BUTTONS.find((b) => b.id === compared?.coin)?.name;
  const drawBenchmark = Boolean(benchmark && compared && points.some((p) => p.benchmark !== undefined));

  const axis = useMemo(() => {
    if (points.length < 2) return null;
    const values = points.flatMap((p) => [
      p.value,
      p.invested,
      ...(drawBenchmark ? [p.benchmark ?? p.value] : []),
    ]);
    const raw = valueAxis(values, money.currency);
    return { ...raw, ticks: distinctTicks(raw.ticks, raw.format) };
  }, [points, drawBenchmark, money.currency]);
  const times = points.length > 1 ? timeAxis(points[0]!.t, points.at(-1)!.t) : null;
  const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

  const first = points[0]?.value ?? 0;
  const last = points.at(-1)?.value ?? 0;
  const summary = current?.summary;
  const gain = summary ? Number(summary.gain) : 0;

  const toggleBenchmark = (id: (typeof BENCHMARK_BUTTONS)[number]['id']) =>
    void loadPerformance(range, benchmark === id ? null : id);

  let body: ReactNode;
  if (status === 'error') {
    body = <p className="muted pf-chart-empty">Could not load the portfolio's performance: {error}</p>;
  } else if (!current) {
    body = <p className="muted pf-chart-empty">Loading...</p>;
  } else if (current.points.length === 0) {
    body = (
      <p className="muted pf-chart-empty">
        No transactions yet. Add a coin or import your trades to see how your portfolio performs.
      </p>
    );
  } else if (!axis || !times || !summary) {
    body = (
      <p className="muted pf-chart-empty">
        Not enough price history yet. The chart fills in as prices are recorded.
      </p>
    );
  } else {
    body = (
      <>
        <p className={`pf-chart-change ${last >= first ? 'pf-gain' : 'pf-loss'}`} data-testid="value-change">
          {money.format(last - first)}
          {first > 0 ? ` (${formatPercent(((last - first) / first) * 100)})` : ''} over{' '}
          {coveredSpan(current, points)}
          <span className="sr-only">
            , from {money.format(first)} to {money.format(last)}
          </span>
        </p>
        <div className="pf-chart-box" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 200 }}>
            {/* Hidden from screen readers (the text says it), so nothing in it may take the focus. */}
            <ComposedChart
              data={points}
              margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
              accessibilityLayer={false}
            >
              <defs>
                <linearGradient id="pf-value-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor="var(--accent)" stopOpacity={0.3} />
                  <stop offset="100%" stopColor="var(--accent)" stopOpacity={0} />
                </linearGradient>
              </defs>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
              <XAxis
                dataKey="t"
                type="number"
                scale="time"
                domain={['dataMin', 'dataMax']}
                ticks={times.ticks}
                interval={0}
                tickFormatter={times.format}
                stroke="var(--text-faint)"
                fontSize={12}
              />
              <YAxis
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
                formatter={(v, name) => [money.format(Number(v)), SERIES_NAMES[String(name)] ?? benchName]}
              />
              <Area
                type="stepAfter"
                dataKey="value"
                stroke="var(--accent)"
                fill="url(#pf-value-fill)"
                strokeWidth={2}
                isAnimationActive={false}
              />
              <Line
                type="stepAfter"
                dataKey="invested"
                stroke="var(--text-faint)"
                strokeDasharray="5 4"
                strokeWidth={1.5}
                dot={false}
                isAnimationActive={false}
              />
              {drawBenchmark && (
                <Line
                  type="stepAfter"
                  dataKey="benchmark"
                  stroke="var(--warn)"
                  strokeWidth={1.5}
                  dot={false}
                  isAnimationActive={false}
                />
              )}
            </ComposedChart>
          </ResponsiveContainer>
        </div>
        <ul className="pf-perf-legend" aria-hidden="true">
          <li>
            <span className="pf-perf-key pf-perf-key-value" /> Value
          </li>
          <li>
            <span className="pf-perf-key pf-perf-key-invested" /> Net invested
          </li>
          {drawBenchmark && (
            <li>
              <span className="pf-perf-key pf-perf-key-benchmark" /> Same money in {benchName}
            </li>
          )}
        </ul>
        <dl className="pf-perf-figures" data-testid="performance-figures">
          <div>
            <dt>Gain</dt>
            <dd className={gain >= 0 ? 'pf-gain' : 'pf-loss'}>{money.format(gain)}</dd>
            <dd className="pf-perf-explain">{EXPLAIN.gain}</dd>
          </div>
          <div>
            <dt>Money-weighted return</dt>
            <dd>{percent(summary.mwr)}</dd>
            <dd className="pf-perf-explain">{EXPLAIN.mwr}</dd>
          </div>
          <div>
            <dt>Time-weighted return</dt>
            <dd>{percent(summary.twr)}</dd>
            <dd className="pf-perf-explain">{EXPLAIN.twr}</dd>
          </div>
          {benchmark && (
            <div>
              <dt>Same money in {BENCHMARK_BUTTONS.find((b) => b.id === benchmark)!.name}</dt>
              {compared ? (
                <dd>
                  {money.format(Number(compared.endValue))} ({percent(compared.mwr)} money-weighted)
                </dd>
              ) : (
                <dd>No stored prices of it for this range.</dd>
              )}
              <dd className="pf-perf-explain">{EXPLAIN.benchmark}</dd>
            </div>
          )}
        </dl>
        {/* On a phone the explanations beside the figures are hidden to keep the page short; they are here. */}
        <details className="pf-perf-about">
          <summary>What these figures mean</summary>
          <p>Gain: {EXPLAIN.gain}</p>
          <p>Money-weighted return: {EXPLAIN.mwr}</p>
          <p>Time-weighted return: {EXPLAIN.twr}</p>
          {benchmark && <p>Same money in another coin: {EXPLAIN.benchmark}</p>}
        </details>
        {(current.unpriced.length > 0 || current.excludedHoldings > 0) && (
          <p className="muted pf-perf-note">
            Some coins have no price history: their value is missing from these figures.
          </p>
        )}
      </>
    );
  }

  return (
    <section className="card pf-chart" aria-labelledby="value-chart-title" aria-busy={status === 'loading'}>
      <div className="pf-chart-head">
        <h2 id="value-chart-title">Portfolio value</h2>
        <div className="pf-segmented" role="group" aria-label="Chart range">
          {RANGE_BUTTONS.map((r) => (
            <button
              key={r.id}
              type="button"
              className={`btn btn-sm${range === r.id ? ' btn-primary' : ''}`}
              aria-pressed={range === r.id}
              title={r.name}
              onClick={() => void loadPerformance(r.id)}
            >
              {r.label}
            </button>
          ))}
        </div>
        <div className="pf-segmented" role="group" aria-label="Compare with">
          <span className="muted pf-perf-compare">Compare with</span>
          {BENCHMARK_BUTTONS.map((b) => (
            <button
              key={b.id}
              type="button"
              className={`btn btn-sm${benchmark === b.id ? ' btn-primary' : ''}`}
              aria-pressed={benchmark === b.id}
              title={`Compare with ${b.name}`}
              onClick={() => toggleBenchmark(b.id)}
            >
              {b.label}
            </button>
          ))}
        </div>
      </div>
      {body}
    </section>
  );
});
