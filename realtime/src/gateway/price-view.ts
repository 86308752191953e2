/**
 * What a gateway node knows of prices right now: the latest quote of every coin, the ticker and the
 * source's state. Seeded from Postgres at start, then kept by the ticks; new sockets get it at once.
 */
import { loadLatestPrices, type AppDb } from '@coinpace/db';
import {
  TICKER_COIN_IDS,
  tickerFromPrices,
  type PriceMap,
  type PriceQuote,
  type PriceSourceState,
  type PriceTick,
  type TickerCoin,
} from '@coinpace/domain';

export class PriceView {
  readonly prices = new Map<string, PriceQuote>();
  ticker: TickerCoin[] | null = null;
  state: PriceSourceState | null = null;

  /** A view holding the stored latest prices (and the ticker, when every ticker coin has one). */
  static async load(db: AppDb): Promise<PriceView> {
    const view = new PriceView();
    const stored = await loadLatestPrices(db);
    const map: PriceMap = {};
    for (const [id, price] of Object.entries(stored)) {
      view.prices.set(id, price.quote);
      map[id] = price.quote;
    }
    if (TICKER_COIN_IDS.every((id) => map[id])) view.ticker = tickerFromPrices(map);
    return view;
  }

  apply(tick: PriceTick): void {
    for (const [id, quote] of Object.entries(tick.prices)) this.prices.set(id, quote);
    if (tick.ticker) this.ticker = tick.ticker;
    this.state = tick.source;
  }

  /** The latest quotes of the given ids that have one. */
  quotes(ids: readonly string[]): PriceMap {
    const out: PriceMap = {};
    for (const id of ids) {
      const quote = this.prices.get(id);
      if (quote) out[id] = quote;
    }
    return out;
  }
}
