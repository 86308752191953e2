import { type PriceHistoryRange, type TransactionRow } from '@coinpace/domain';
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

/** The ranges offered, with what a screen reader says for each. */
const RANGES: { id: PriceHistoryRange; label: string; name: string }[] = [
  { id: '1d', label: '1D', name: 'One day' },
  { id: '1w', label: '1W', name: 'One week' },
  { id: '1m', label: '1M', name: 'One month' },
  { id: 'ytd', label: 'YTD', name: 'Year to date' },
  { id: '1y', label: '1Y', name: 'One year' },
  { id: 'all', label: 'All', name: 'Since the first trade' },
];

const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const quantityFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 8 });

/** A buy, a sell or an income (staking, interest, an airdrop) drawn on the chart, inside its time range. */
export interface TradeMarker {
  id: string;
  t: number;
  /** In dollars: a trade's own price; for income, the chart's price at its time. */
  price: number;
  /** Coins bought, sold or received, as the transaction says (a decimal string). */
  quantity: string;
  side: 'buy' | 'sell' | 'income';
}

/**
 * The buys, sells and incomes inside [from, to] (transfers and adjustments are no trade). A trade sits
 * at its own price; income has no trade price, so it sits on the line: the chart's price at its time
 * (the last point at or before it, else the first), and is left out while the chart has no point.
 */
export function tradeMarkers(
  rows: readonly TransactionRow[],
  from: number,
  to: number,
  points: readonly { t: number; value: number }[] = [],
): TradeMarker[] {
  const markers: TradeMarker[] = [];
  for (const row of rows) {
    if (row.type !== 'buy' && row.type !== 'sell' && row.type !== 'income') continue;
    const t = Date.parse(row.at);
    const price = row.type === 'income' ? priceAt(points, t) : Number(row.pricePerCoin);
    if (!(t >= from && t <= to) || !(price > 0)) continue;
    markers.push({ id: row.id, t, price, quantity: row.quantity, side: row.type });
  }
  return markers;
}

/** The step line's value at t: its last point at or before t, else its first; NaN without points. */
function priceAt(points: readonly { t: number; value: number }[], t: number): number {
  let value = points[0]?.value ?? Number.NaN;
  for (const p of points) {
    if (p.t > t) break;
    value = p.value;
  }
  return value;
}

/** What a marker says (its accessible name and its tooltip): what happened, quantity, date and price. */
export function markerLabel(m: TradeMarker, symbol: string, price: string): string {
  const quantity = `${quantityFormat.format(Number(m.quantity))} ${symbol}`;
  if (m.side === 'income') {
    return `Received ${quantity} as income on ${fullFormat.format(m.t)}, price then ${price}`;
  }
  const side = m.side === 'buy' ? 'Bought' : 'Sold';
  return `${side} ${quantity} on ${fullFormat.format(m.t)} at ${price}`;
}

/**
 * The SVG path of a marker centred on (x, y): a triangle pointing up for a buy, down for a sell, a
 * diamond for income, so the kinds differ by shape as well as colour.
 */
function markerPath(side: TradeMarker['side'], x: number, y: number): string {
  const r = 6;
  if (side === 'income') return `M${x},${y - r}L${x + r},${y}L${x},${y + r}L${x - r},${y}Z`;
  return side === 'buy'
    ? `M${x},${y - r}L${x + r},${y + r * 0.8}L${x - r},${y + r * 0.8}Z`
    : `M${x},${y + r}L${x + r},${y - r * 0.8}L${x - r},${y - r * 0.8}Z`;
}

const MARKER_FILL: Record<TradeMarker['side'], string> = {
  buy: 'var(--gain)',
  sell: 'var(--loss)',
  income: 'var(--warn)',
};

/** The line under the chart that says what is marked. */
function markedNote(markers: readonly TradeMarker[]): string {
  const count = (side: TradeMarker['side']) => markers.filter((m) => m.side === side).length;
  if (markers.length === 0) return 'No buys, sells or income in this range.';
  const trades = `${count('buy')} buys and ${count('sell')} sells`;
  const income = count('income');
  return income === 0 ? `${trades} marked.` : `${trades} marked, and ${income} income received.`;
}

/**
 * The coin's price over a day, a week, a month, the year to date, a year or everything since the
 * holding's first trade (GET /api/portfolio/{id}/price-history, from the recorded and the stored market
 * history), as steps, with a marker at each buy (green triangle up) and sell (red triangle down) of the
 * range at its real time and price, and at each income (staking, interest, an airdrop: an amber diamond
 * on the line at its time), each named for screen readers and titled for a pointer (side,
 * quantity, date, price). Drawn in the display currency once a rate of it is known, each point and
 * marker at the rate of its own day (the history's `fx`), on round ticks labelled once.
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
  const dollars = chart?.points ?? [];
  const markers = (chart ? tradeMarkers(transactions, chart.from, chart.to, dollars) : []).map((m) => {
    const price = convert(m.price, m.t);
    return { ...m, price, label: markerLabel(m, symbol, money.formatPrice(price)) };
  });
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
              aria-label={r.name}
              title={r.name}
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
          <p className="muted hd-chart-note">{markedNote(markers)}</p>
          <div
            className="hd-chart-box"
            role="group"
            aria-label={`${symbol} price chart`}
            data-testid="price-chart"
          >
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
                    r={6}
                    shape={({ cx, cy }) => (
                      <g
                        className={`hd-marker hd-marker-${m.side}`}
                        role="img"
                        aria-label={m.label}
                        data-cy={cy}
                      >
                        <title>{m.label}</title>
                        <path
                          d={markerPath(m.side, Number(cx), Number(cy))}
                          fill={MARKER_FILL[m.side]}
                          stroke="var(--bg-elevated)"
                          strokeWidth={1.5}
                        />
                      </g>
                    )}
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
