import { MISSING_NUMBER, PORTFOLIO_TEXTS, formatPercent, summarizePortfolio } from '@coinpace/domain';
import { useEffect, useMemo, useState } from 'react';
import { usePrices } from '../prices/prices-store.ts';
import { useHoldingViews } from './holding-views.ts';
import { useInvestmentSummary } from './investment-summary.ts';
import { usePortfolio } from './portfolio-store.ts';
import { isRateLimited, usePriceRefresh } from './price-refresh.ts';
import { useMoney } from '../currency/currency-store.ts';
import { useConnectionStatus } from '../../lib/connection.ts';
import { useConnectionView } from '../prices/use-connection-view.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { ChevronIcon } from '../../components/icons.tsx';

/**
 * Your Current Value, Gain/Loss, Change (%), Total invested and Realised gain/loss, the
 * auto-update indicator and the last-updated time (SPEC.md section 2, Summary). Value cells show
 * 'Loading...' until the first figures are known; invested and realised show '—' when they could not be
 * loaded. On a phone (up to 760 px) it is one line, the value and the 24h change, with a button
 * (aria-expanded) that shows the cards under it.
 */
export function PortfolioSummary() {
  const money = useMoney();
  const views = useHoldingViews();
  const summary = useMemo(() => summarizePortfolio(views), [views]);
  const loadingHoldings = usePortfolio((s) => s.status === 'loading' && s.holdings.length === 0);
  const refreshing = usePriceRefresh((s) => s.refreshing);
  const lastRefreshAt = usePriceRefresh((s) => s.lastRefreshAt);
  const liveAt = usePrices((s) => s.lastUpdated);
  const simulated = usePrices((s) => s.sourceState?.status === 'simulated');
  const live = usePrices((s) => s.connection === 'live');
  const paused = useRateLimited();
  const loading = loadingHoldings || (refreshing && summary.currentValue === 0);
  const updatedAt = Math.max(lastRefreshAt ?? 0, liveAt ?? 0) || null;
  const connection = useConnectionView(updatedAt);
  const investment = useInvestmentSummary();
  const investmentText = (pick: (s: { totalInvested: string; realisedGain: string }) => string) =>
    investment.summary
      ? money.amount(Number(pick(investment.summary)))
      : investment.status === 'error'
        ? MISSING_NUMBER
        : PORTFOLIO_TEXTS.loadingValue;
  const realised = Number(investment.summary?.realisedGain ?? 0);
  // Gain/loss is known when at least one holding has both prices.
  const known = summary.gainLossUnknownCount < views.length;

  // Without a connection nothing updates: the status says why instead of 'Auto-updating'.
  const indicator = !connection.live
    ? connection.text
    : refreshing
      ? PORTFOLIO_TEXTS.loadingPrices
      : paused
        ? PORTFOLIO_TEXTS.autoUpdatePaused
        : PORTFOLIO_TEXTS.autoUpdating;
  const dot = !connection.live ? 'pf-dot-down' : paused ? 'pf-dot-paused' : refreshing ? 'pf-dot-busy' : '';
  const tone = (n: number) => (n > 0 ? 'pf-gain' : n < 0 ? 'pf-loss' : '');
  const phone = useMediaQuery('(max-width: 760px)');
  const [open, setOpen] = useState(false);

  const cards = (
    <>
      <div className="card pf-stat">
        <div className="pf-stat-label">Your Current Value</div>
        <div className="pf-stat-value" data-stat="value">
          {loading ? PORTFOLIO_TEXTS.loadingValue : money.amount(summary.currentValue)}
        </div>
      </div>
      <div className="card pf-stat">
        <div className="pf-stat-label">Gain/Loss</div>
        <div className={`pf-stat-value ${known ? tone(summary.gainLoss) : ''}`} data-stat="gain-loss">
          {loading ? PORTFOLIO_TEXTS.loadingValue : known ? money.amount(summary.gainLoss) : MISSING_NUMBER}
        </div>
        {!loading && known && (
          <div className={`pf-sub ${tone(summary.gainLossPercent)}`}>
            {formatPercent(summary.gainLossPercent)}
          </div>
        )}
        {!loading && summary.gainLossUnknownCount > 0 && (
          <div className="pf-sub muted" data-stat="gain-loss-note">
            {known
              ? `Leaves out ${summary.gainLossUnknownCount} ${summary.gainLossUnknownCount === 1 ? 'coin' : 'coins'} without a current or purchase price`
              : 'No coin has both a current and a purchase price yet'}
          </div>
        )}
      </div>
      <div className="card pf-stat">
        <div className="pf-stat-label">Change (%)</div>
        <div className={`pf-stat-value ${tone(summary.change24hPercent)}`} data-stat="change">
          {loading ? PORTFOLIO_TEXTS.loadingValue : formatPercent(summary.change24hPercent)}
        </div>
        <div className="pf-sub muted">last 24 hours</div>
      </div>
      <div className="card pf-stat">
        <div className="pf-stat-label">Total invested</div>
        <div className="pf-stat-value" data-stat="invested">
          {investmentText((s) => s.totalInvested)}
        </div>
        <div className="pf-sub muted">
          {investment.status === 'error' ? 'Could not be loaded' : 'buys and transfers in, fees included'}
        </div>
      </div>
      <div className="card pf-stat">
        <div className="pf-stat-label">Realised gain/loss</div>
        <div className={`pf-stat-value ${tone(realised)}`} data-stat="realised">
          {investmentText((s) => s.realisedGain)}
        </div>
        <div className="pf-sub muted">
          {investment.summary?.method === 'fifo'
            ? 'from sales, first in first out'
            : 'from sales, average cost'}
        </div>
      </div>
      <div className="card pf-stat pf-status">
        <div className="pf-status-line" role="status" data-connection={connection.status}>
          <span className={`pf-dot ${dot}`} aria-hidden="true" />
          {indicator}
        </div>
        <div className="pf-sub muted" data-stat="updated">
          {connection.age ??
            (updatedAt ? `Last updated: ${new Date(updatedAt).toLocaleTimeString()}` : 'Not updated yet')}
        </div>
        <span className="pf-badges">
          {/* While rate limited the prices shown are cached ones, whatever the socket's state. */}
          {paused ? (
            <span className="badge badge-warn">Cached prices</span>
          ) : (
            live && connection.live && <span className="badge badge-gain">Live</span>
          )}
          {simulated && <span className="badge badge-accent">Simulated prices</span>}
        </span>
      </div>
    </>
  );

  if (!phone) {
    return (
      <section className="pf-summary" aria-label="Portfolio summary">
        {cards}
      </section>
    );
  }
  // A phone: the value and the day's change on one line, the cards behind a toggle, so the holdings
  // start on the first screen.
  return (
    <section className="pf-summary-phone" aria-label="Portfolio summary">
      <div className="card pf-summary-line">
        <span className="pf-summary-figure">
          <span className="pf-stat-label">Value</span>{' '}
          <strong data-stat="line-value">
            {loading ? PORTFOLIO_TEXTS.loadingValue : money.amount(summary.currentValue)}
          </strong>
        </span>
        <span className="pf-summary-figure">
          <span className="pf-stat-label">24h</span>{' '}
          <strong className={tone(summary.change24hPercent)} data-stat="line-change">
            {loading ? '…' : formatPercent(summary.change24hPercent)}
          </strong>
        </span>
        {/* Closed, the line still says when the prices are not live. */}
        {!open && !connection.live && (
          <span className="pf-summary-figure" role="status" data-connection={connection.status}>
            <span className={`pf-dot ${dot}`} aria-hidden="true" /> {connection.text}
          </span>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-icon pf-expand"
          aria-label="Summary details"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronIcon />
        </button>
      </div>
      {open && <div className="pf-summary">{cards}</div>}
    </section>
  );
}

/**
 * When the rate-limit lock ends, epoch ms: the browser's own lock after a 429, or the server's, whichever
 * is later; null when neither is known.
 */
export function useRateLimitEnd(): number | null {
  const until = usePriceRefresh((s) => s.rateLimitedUntil);
  const sourceUntil = usePrices((s) =>
    s.sourceState?.status === 'rate_limited' ? (s.sourceState.lockedUntil ?? null) : null,
  );
  const latest = Math.max(until ?? 0, sourceUntil ?? 0);
  return latest > 0 ? latest : null;
}

/** True while the 429 lock holds; re-renders when it ends. */
export function useRateLimited(): boolean {
  const until = usePriceRefresh((s) => s.rateLimitedUntil);
  // The server's word on its source holds only while the socket brings its news: once the connection
  // is lost, a 'rate limited' it said before is stale.
  const status = useConnectionStatus();
  const fresh = status === 'live' || status === 'connecting';
  const sourceLimited = usePrices((s) => s.sourceState?.status === 'rate_limited') && fresh;
  const [, setTick] = useState(0);
  const limited = isRateLimited({ rateLimitedUntil: until }, Date.now());
  useEffect(() => {
    if (!until || !limited) return;
    const timer = setTimeout(() => setTick((t) => t + 1), until - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [until, limited]);
  return limited || sourceLimited;
}
