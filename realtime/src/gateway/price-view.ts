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

  /** A view holding the stored latest prices (and the ticker, when a ticker coin has one). */
  static async load(db: AppDb): Promise<PriceView> {
    const view = new PriceView();
    await view.catchUp(db);
    return view;
  }

  /**
   * Takes the stored latest prices the view does not have yet, or has older (a tick published between the
   * view's load and the bus subscription reached Postgres but not this node), and builds the ticker when the
   * view has none: the poller sends the ticker only when it changes, so a node that missed it would wait
   * for the next move of a ticker coin.
   */
  async catchUp(db: AppDb): Promise<void> {
    const stored = await loadLatestPrices(db);
    for (const [id, price] of Object.entries(stored)) {
      const held = this.prices.get(id);
      if (!held || held.last_updated < price.quote.last_updated) this.prices.set(id, price.quote);
    }
    if (!this.ticker && TICKER_COIN_IDS.some((id) => this.prices.has(id))) {
      this.ticker = tickerFromPrices(this.quotes(TICKER_COIN_IDS));
    }
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
