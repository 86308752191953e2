import {
  formatTickerChange,
  tickerChangeDirection,
  type PriceSourceState,
  type TickerCoin,
} from '@coinpace/domain';
import { useRuntimeConfig } from '../../lib/runtime-config.ts';
import { usePrices } from './prices-store.ts';
import { useConnectionView } from './use-connection-view.ts';
import './ticker.css';
import { useMoney } from '../currency/currency-store.ts';

const MARKERS = { up: '▲', down: '▼', flat: '•' } as const;

/** What the ticker says about where its prices come from, or null when they are live. */
export function sourceLabel(state: PriceSourceState | null, configured: string | undefined): string | null {
  if (state?.status === 'simulated' || (!state && configured === 'simulated')) return 'Simulated prices';
  if (state?.status === 'rate_limited') return 'Using cached prices';
  if (state?.status === 'unavailable') return 'Prices unavailable';
  return null;
}

/**
 * The scrolling ticker bar (SPEC.md section 2 'Ticker bar'): the ten ticker coins with price and 24h change
 * and an up or down marker, looping; 'Loading crypto prices...' until the first prices arrive.
 */
export function TickerBar() {
  const ticker = usePrices((s) => s.ticker);
  const state = usePrices((s) => s.sourceState);
  const configured = useRuntimeConfig((s) => s.config?.priceSource);
  const label = sourceLabel(state, configured);
  const connection = useConnectionView(usePrices((s) => s.lastUpdated));

  return (
    <section className="ticker" aria-label="Live prices">
      {/* Not live: the prices below are frozen, and what the server last said of its source is old news. */}
      {!connection.live ? (
        <span className="ticker-source ticker-connection" role="status" data-connection={connection.status}>
          {connection.text}
          {connection.age && <span className="ticker-age"> · {connection.age}</span>}
        </span>
      ) : (
        label && (
          <span className={`ticker-source ticker-source-${state?.status ?? 'simulated'}`}>{label}</span>
        )
      )}
      {ticker ? (
        // Focusable: a keyboard user can pause the loop (focus-within), and with reduced motion, when
        // the window scrolls sideways instead, scroll it with the arrow keys (axe:
        // scrollable-region-focusable).
        <div className="ticker-window" tabIndex={0} role="group" aria-label="Ticker coins">
          <div className="ticker-track">
            <TickerList coins={ticker} />
            <TickerList coins={ticker} hidden />
          </div>
        </div>
      ) : (
        <p className="ticker-loading" role="status">
          Loading crypto prices...
        </p>
      )}
    </section>
  );
}

/** One pass of the loop; the second copy makes the scroll seamless and is hidden from screen readers. */
function TickerList({ coins, hidden }: { coins: TickerCoin[]; hidden?: boolean }) {
  const money = useMoney();
  return (
    <ul className="ticker-list" aria-hidden={hidden || undefined}>
      {coins.map((coin) => {
        const direction = tickerChangeDirection(coin.changePercent24h);
        return (
          <li key={coin.symbol} className="ticker-item" data-symbol={coin.symbol}>
            <span className="ticker-symbol">{coin.symbol}</span>
            <span className="ticker-price">{money.tickerPrice(coin.price)}</span>
            <span className={`ticker-change ticker-${direction}`}>
              <span aria-hidden="true">{MARKERS[direction]}</span>
              <span className="sr-only">
                {direction === 'up' ? 'up' : direction === 'down' ? 'down' : 'unchanged'}
              </span>
              {formatTickerChange(coin.changePercent24h)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
