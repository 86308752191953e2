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
import { loadChart, setRange, useDetail } from './detail-store.ts';
import { useMoney } from '../../currency/currency-store.ts';

const RANGES: { id: HistoryRange; label: string }[] = [
  { id: '7d', label: '7D' },
  { id: '30d', label: '30D' },
];

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
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
 * The coin's price over 7 or 30 days (GET /api/portfolio/{id}/price-history, from the recorded price
 * history) with a dot at each buy (green) and sell (red) of the range, at its time and price. The
 * drawing is hidden from screen readers; the text above it says how many trades it marks.
 */
export function PriceChart({ symbol, transactions }: { symbol: string; transactions: TransactionRow[] }) {
  const money = useMoney();
  const status = useDetail((s) => s.chartStatus);
  const chart = useDetail((s) => s.chart);
  const error = useDetail((s) => s.chartError);
  const range = useDetail((s) => s.range);
  const points = chart?.points ?? [];
  const markers = chart ? tradeMarkers(transactions, chart.from, chart.to) : [];
  const prices = [...points.map((p) => p.value), ...markers.map((m) => m.price)];
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const pad = (high - low) * 0.08 || high * 0.05 || 1;

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
      ) : points.length < 2 ? (
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
                  tickFormatter={(t: number) => dayFormat.format(t)}
                  stroke="var(--text-faint)"
                  fontSize={12}
                  minTickGap={24}
                />
                <YAxis
                  dataKey="value"
                  domain={[Math.max(0, low - pad), high + pad]}
                  tickFormatter={(v: number) => money.price(v)}
                  stroke="var(--text-faint)"
                  fontSize={12}
                  width={76}
                />
                <Tooltip
                  labelFormatter={(t) => fullFormat.format(Number(t))}
                  formatter={(v) => [money.price(Number(v)), 'Price']}
                />
                <Line
                  type="monotone"
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
