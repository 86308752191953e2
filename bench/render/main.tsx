/**
 * The render benchmark page (npm run bench:render): the real portfolio screen with 1,000 holdings, and
 * `window.bench.tick()` that applies one price tick and measures it.
 */
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router-dom';
import type { PriceMap } from '@coinpace/domain';
import { setTokenGetter } from '../../web/src/lib/api-client.ts';
import { PortfolioPage } from '../../web/src/features/portfolio/PortfolioPage.tsx';
import { pendingRowUpdates } from '../../web/src/features/portfolio/position-prices.ts';
import { sortBy } from '../../web/src/features/portfolio/table-store.ts';
import { RowRenderProbe } from '../../web/src/features/portfolio/table/render-probe.ts';
import { mergePrices, usePrices } from '../../web/src/features/prices/prices-store.ts';
import '../../web/src/styles/tokens.css';
import '../../web/src/styles/base.css';
import '../../web/src/styles/components.css';
import '../../web/src/styles/layout.css';
import { benchHoldings, installFakeFetch } from './fake-server.ts';

const HOLDINGS = Number(new URLSearchParams(location.search).get('holdings') ?? 1000);
const holdings = benchHoldings(HOLDINGS);
installFakeFetch(holdings);
setTokenGetter(async () => 'bench');

let rowsRendered = 0;
const probe = () => {
  rowsRendered += 1;
};

createRoot(document.getElementById('root')!).render(
  <MemoryRouter>
    <RowRenderProbe.Provider value={probe}>
      <PortfolioPage />
    </RowRenderProbe.Provider>
  </MemoryRouter>,
);

/** One tick's measurement. */
export interface TickSample {
  /**
   * The tick's synchronous work in its first frame: mergePrices, React render and commit, style and
   * layout (flushSync, then a forced layout), ms. Rows beyond ROWS_PER_FRAME render in later frames.
   */
  ms: number;
  /** The part before layout: mergePrices, React render and commit, ms. */
  scriptMs: number;
  /** From the tick until every changed row, the summary and the charts have rendered, ms. */
  settledMs: number;
  /** Row renders the tick caused, over all its frames. */
  rowsRendered: number;
}

let round = 0;

/** Applies one tick changing `changed` coins and measures it; the next frame is awaited after. */
async function tick(changed: number): Promise<TickSample> {
  round += 1;
  const prices = usePrices.getState().prices;
  const map: PriceMap = {};
  for (let k = 0; k < changed; k++) {
    const i = (round * 7919 + k * Math.max(1, Math.floor(HOLDINGS / changed))) % HOLDINGS;
    const base = prices[`coin-${i}`]?.usd ?? holdings[i]!.currentPrice;
    // A move of up to ±2 %: a believable tick that passes the sanity rules.
    const usd = Number((base * (1 + (((round + k) % 9) - 4) / 200)).toPrecision(8));
    map[`coin-${i}`] = { usd, usd_24h_change: ((round + k) % 13) - 6, last_updated: round };
  }
  rowsRendered = 0;
  const start = performance.now();
  flushSync(() => mergePrices(map));
  const scriptMs = performance.now() - start;
  void document.body.offsetHeight;
  const ms = performance.now() - start;
  while (pendingRowUpdates() > 0) await new Promise((resolve) => requestAnimationFrame(resolve));
  // The summary and charts follow as deferred (background) renders: count them in.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const settledMs = performance.now() - start;
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return { ms, scriptMs, settledMs, rowsRendered };
}

async function ready(): Promise<number> {
  while (document.querySelectorAll('tbody tr').length < HOLDINGS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Let the lazy charts chunk load and the first price effects settle.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return document.querySelectorAll('tbody tr').length;
}

declare global {
  interface Window {
    bench: { ready: () => Promise<number>; tick: typeof tick; sortBy: typeof sortBy };
  }
}
window.bench = { ready, tick, sortBy };
