/**
 * The latest prices as this API process knows them, for GET /api/prices and the SSE stream's first
 * message: the poller's ticks keep them current over the bus, and the database is read only for coins
 * this process does not hold a fresh price for (at start, a coin nobody asked for yet, or a price older
 * than the stale limit, e.g. one that did not change for a while, since ticks carry only changed quotes).
 * Such a read is shared by the requests that arrive while it runs, and a coin the database had no fresh
 * price for is asked again at most once per `recheckMs`. Each coin gets its fresh stored price, else what
 * the price source has cached, else its stored price however old; never an upstream call (these reads are
 * public, and anyone could otherwise make each request cost CoinGecko calls). When every asked coin is
 * fresh, the JSON body is encoded once per coin set and served again until a tick changes it.
 */
import { randomBytes } from 'node:crypto';
import type { PriceSource, SourceState } from '@coinpace/adapters';
import type { StoredPrice } from '@coinpace/db';
import type { PriceMap, PriceQuote, PriceTick } from '@coinpace/domain';
import type { TickRelay } from './tick-relay.ts';

export interface LatestPricesOptions {
  /** A price older than this (ms since the poll that stored it) is asked of the database again. */
  staleAfterMs: number;
  /** Least ms between two database reads of a coin that had no fresh stored price. Default 1,000. */
  recheckMs?: number;
  /** Most encoded bodies kept (one per coin set asked). Default 1,000. */
  maxBodies?: number;
  now?: () => number;
}

/** One answer of GET /api/prices. */
export interface PricesAnswer {
  prices: PriceMap;
  state: SourceState;
  /**
   * The UTF-8 JSON of `prices` and its entity tag, when every coin was fresh (then it is shared, so the
   * bytes are made once and never per request).
   */
  encoded?: { body: Buffer; etag: string };
}

interface Entry {
  quote: PriceQuote;
  /** When the poll that produced the quote finished, epoch ms. */
  receivedAt: number;
}

interface Encoded {
  version: number;
  prices: PriceMap;
  body: Buffer;
  etag: string;
  /** When the stalest of its prices goes stale, epoch ms. */
  freshUntil: number;
}

/** Reads stored latest prices by id (loadLatestPrices bound to a database). */
export type LoadStored = (ids: readonly string[]) => Promise<Record<string, StoredPrice>>;

export class LatestPrices {
  private readonly entries = new Map<string, Entry>();
  /** When the database was last asked about a coin it had no fresh price for. */
  private readonly checked = new Map<string, number>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly bodies = new Map<string, Encoded>();
  /** Counts every change of an entry; part of the bodies' keys and entity tags. */
  private version = 0;
  /** Tells this process's entity tags from another's, whose versions count differently. */
  private readonly boot = randomBytes(4).toString('hex');
  private subscribed: Promise<boolean> | null = null;
  private readonly now: () => number;
  private readonly recheckMs: number;
  private readonly maxBodies: number;

  constructor(
    private readonly load: LoadStored,
    private readonly source: PriceSource,
    private readonly relay: TickRelay,
    private readonly options: LatestPricesOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.recheckMs = options.recheckMs ?? 1_000;
    this.maxBodies = options.maxBodies ?? 1_000;
  }

  /** The prices of `ids` (in that order) and the source's state. */
  async read(ids: readonly string[]): Promise<PricesAnswer> {
    const cached = await this.ensureSubscribed();
    const key = ids.join(',');
    if (cached) {
      const body = this.bodies.get(key);
      if (body && body.version === this.version && this.now() < body.freshUntil) {
        return { prices: body.prices, state: this.source.state(), encoded: body };
      }
    }
    await this.fill(ids, cached);
    const now = this.now();
    const prices: PriceMap = {};
    const missing: string[] = [];
    let freshUntil = Infinity;
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry && now - entry.receivedAt < this.options.staleAfterMs) {
        prices[id] = entry.quote;
        freshUntil = Math.min(freshUntil, entry.receivedAt + this.options.staleAfterMs);
      } else missing.push(id);
    }
    if (missing.length === 0) {
      const state = this.source.state();
      if (!cached) return { prices, state };
      const etag = `W/"${this.boot}-${this.version}"`;
      const encoded = {
        version: this.version,
        prices,
        body: Buffer.from(JSON.stringify(prices)),
        etag,
        freshUntil,
      };
      this.bodies.delete(key);
      this.bodies.set(key, encoded);
      if (this.bodies.size > this.maxBodies) this.bodies.delete(this.bodies.keys().next().value as string);
      return { prices, state, encoded };
    }
    const fetched = await this.source.getPrices(missing, { cachedOnly: true });
    for (const id of missing) {
      const quote = fetched.prices[id] ?? this.entries.get(id)?.quote;
      if (quote) prices[id] = quote;
    }
    // Keep the order of `ids`, as the database path does.
    const ordered: PriceMap = {};
    for (const id of ids) if (prices[id]) ordered[id] = prices[id];
    return { prices: ordered, state: fetched.state };
  }

  /** Takes the tick subscription once; false when the bus refused it (then every read asks the database). */
  private ensureSubscribed(): Promise<boolean> {
    this.subscribed ??= this.relay.start().then(
      () => {
        this.relay.listen((tick) => this.onTick(tick));
        return true;
      },
      () => {
        this.subscribed = null;
        return false;
      },
    );
    return this.subscribed;
  }

  /** Reads from the database the ids without a fresh entry, sharing reads already running. */
  private async fill(ids: readonly string[], cached: boolean): Promise<void> {
    const now = this.now();
    const waits: Promise<void>[] = [];
    const toLoad: string[] = [];
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (cached && entry && now - entry.receivedAt < this.options.staleAfterMs) continue;
      const running = this.loading.get(id);
      if (running) {
        waits.push(running);
        continue;
      }
      const checkedAt = this.checked.get(id);
      if (cached && checkedAt !== undefined && now - checkedAt < this.recheckMs) continue;
      toLoad.push(id);
    }
    if (toLoad.length > 0) {
      const read = this.load(toLoad).then((stored) => {
        const at = this.now();
        for (const id of toLoad) {
          const row = stored[id];
          if (row) this.put(id, row.quote, row.receivedAt.getTime());
          const entry = this.entries.get(id);
          if (entry && at - entry.receivedAt < this.options.staleAfterMs) this.checked.delete(id);
          else this.remember(id, at);
        }
      });
      const done = read.finally(() => {
        for (const id of toLoad) if (this.loading.get(id) === done) this.loading.delete(id);
      });
      for (const id of toLoad) this.loading.set(id, done);
      waits.push(done);
    }
    await Promise.all(waits);
  }

  private onTick(tick: PriceTick): void {
    for (const [id, quote] of Object.entries(tick.prices)) this.put(id, asStored(quote), tick.at);
  }

  /** Keeps `quote` unless a newer one is held (a database read can finish after a tick). */
  private put(id: string, quote: PriceQuote, receivedAt: number): void {
    const entry = this.entries.get(id);
    if (entry && entry.receivedAt > receivedAt) return;
    if (entry && entry.receivedAt === receivedAt && sameQuote(entry.quote, quote)) return;
    this.entries.set(id, { quote, receivedAt });
    this.version += 1;
  }

  /** Notes a database read that found no fresh price; bounded, as anyone may ask for made-up ids. */
  private remember(id: string, at: number): void {
    this.checked.delete(id);
    this.checked.set(id, at);
    if (this.checked.size > 10_000) this.checked.delete(this.checked.keys().next().value as string);
  }
}

function sameQuote(a: PriceQuote, b: PriceQuote): boolean {
  return a.usd === b.usd && a.usd_24h_change === b.usd_24h_change && a.last_updated === b.last_updated;
}

/** A tick's quote as the database gives it back (the stored timestamp holds whole milliseconds). */
function asStored(quote: PriceQuote): PriceQuote {
  return {
    usd: quote.usd,
    usd_24h_change: quote.usd_24h_change ?? null,
    last_updated: Math.floor(Math.trunc(quote.last_updated * 1000) / 1000),
  };
}
