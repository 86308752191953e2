import { type HistoryRange, type TransactionRow } from '@coinpace/domain';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useEffect, useRef } from 'react';
import { loadChart, setRange, useDetail } from './detail-store.ts';
import { timeAxis } from '../charts/time-scale.ts';
import { axisWidth, valueAxis } from '../charts/value-scale.ts';
import { useCurrency } from '../../currency/currency-store.ts';
import { atDayRate, useChartMoney } from '../../currency/chart-money.ts';

const RANGES: { id: HistoryRange; label: string }[] = [
  { id: '7d', label: '7D' },
  { id: '30d', label: '30D' },
  { id: '90d', label: '90D' },
  { id: '1y', label: '1Y' },
];

const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A buy or sell drawn on the chart, inside the chart's time range. */
export interface TradeMarker {
  id: string;
  t: number;
  price: number;
  side: 'buy' | 'sell';
}

/** The buys and sells (transfers and adjustments have no trade price) inside [from, to]. */
export function tradeMarkers(rows: readonly TransactionRow[], from: number, to: number): TradeMarker[] {
  const markers: TradeMarker[] = [];
  for (const row of rows) {
    if (row.type !== 'buy' && row.type !== 'sell') continue;
    const t = Date.parse(row.at);
    const price = Number(row.pricePerCoin);
    if (!(t >= from && t <= to) || !(price > 0)) continue;
    markers.push({ id: row.id, t, price, side: row.type });
  }
  return markers;
}

/**
 * The coin's price over 7, 30 or 90 days or a year (GET /api/portfolio/{id}/price-history, from the recorded price
 * history) with a dot at each buy (green) and sell (red) of the range, at its time and price. Drawn in
 * the display currency once a rate of it is known, each point and dot at the rate of its own day (the
 * history's `fx`), on round ticks as the value chart's. The drawing is hidden from screen readers; the
 * text above it says how many trades it marks.
 */
export function PriceChart({ symbol, transactions }: { symbol: string; transactions: TransactionRow[] }) {
  const money = useChartMoney();
  const status = useDetail((s) => s.chartStatus);
  const chart = useDetail((s) => s.chart);
  const error = useDetail((s) => s.chartError);
  const range = useDetail((s) => s.range);
  useReloadOnCurrency();
  const convert = atDayRate(money, chart?.fx);
  const points = (chart?.points ?? []).map((p) => ({ ...p, value: convert(p.value, p.t) }));
  const markers = (chart ? tradeMarkers(transactions, chart.from, chart.to) : []).map((m) => ({
    ...m,
    price: convert(m.price, m.t),
  }));
  const axis =
    points.length > 1
      ? valueAxis([...points.map((p) => p.value), ...markers.map((m) => m.price)], money.currency)
      : null;
  const times = chart ? timeAxis(chart.from, chart.to) : null;

  return (
    <section className="hd-chart" aria-label={`${symbol} price`}>
      <div className="hd-section-head">
        <h3>Price</h3>
        <div className="hd-segmented" role="group" aria-label="Price chart range">
          {RANGES.map((r) => (
            <button
              key={r.id}
              type="button"
              className={`btn btn-sm ${range === r.id ? 'btn-primary' : 'btn-ghost'}`}
              aria-pressed={range === r.id}
              onClick={() => setRange(r.id)}
            >
              {r.label}
            </button>
          ))}
        </div>
      </div>
      {status === 'error' ? (
        <p className="muted">
          Could not load the price history: {error}{' '}
          <button type="button" className="link-button" onClick={() => void loadChart()}>
            Try again
          </button>
        </p>
      ) : !axis ? (
        <p className="muted hd-chart-empty">
          {status === 'loading' || status === 'idle'
            ? 'Loading price history...'
            : 'Not enough price history yet. The chart fills in as prices are recorded.'}
        </p>
      ) : (
        <>
          <p className="muted hd-chart-note">
            {markers.length === 0
              ? 'No buys or sells in this range.'
              : `${markers.filter((m) => m.side === 'buy').length} buys and ${
                  markers.filter((m) => m.side === 'sell').length
                } sells marked.`}
          </p>
          <div className="hd-chart-box" aria-hidden="true" data-testid="price-chart">
            <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 200 }}>
              <LineChart
                data={points}
                margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis
                  dataKey="t"
                  type="number"
                  scale="time"
                  domain={[chart!.from, chart!.to]}
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
                  formatter={(v) => [money.formatPrice(Number(v)), 'Price']}
                />
                {/* Steps: a price holds until the next recorded one; a curve would invent the moves between. */}
                <Line
                  type="stepAfter"
                  dataKey="value"
                  stroke="var(--accent)"
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
                {markers.map((m) => (
                  <ReferenceDot
                    key={m.id}
                    x={m.t}
                    y={m.price}
                    r={5}
                    fill={m.side === 'buy' ? 'var(--gain)' : 'var(--loss)'}
                    stroke="var(--bg-elevated)"
                    strokeWidth={2}
                    className={`hd-marker hd-marker-${m.side}`}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * Reads the price history again when the display currency changes while the view is open: the answer
 * carries that currency's daily rates. Opening the view reads it already, so the first render does not.
 */
function useReloadOnCurrency(): void {
  const currency = useCurrency((s) => s.currency);
  const readFor = useRef(currency);
  useEffect(() => {
    if (readFor.current === currency) return;
    readFor.current = currency;
    void loadChart();
  }, [currency]);
}
