/**
 * Which coin ids a socket may watch (anonymous sockets watched thousands of made-up
 * ids and took gigabytes of a gateway's memory). Known means followed by Coinpace: built in, priced
 * (the stored prices and every tick since), held, alerted on or tracked. The first two are in memory; an
 * id not found there is looked up in Postgres, never upstream, in one batch with every other miss of the
 * moment, at most once per `lookupEveryMs`, so a flood of made-up ids costs one indexed query a second.
 */
import { BUILT_IN_COIN_IDS, type Logger } from '@coinpace/adapters';
import { findFollowedCoinIds, type AppDb } from '@coinpace/db';
import type { PriceView } from './price-view.ts';

export interface KnownCoinsOptions {
  db: AppDb;
  view: PriceView;
  logger: Logger;
  /** Least time between two look-ups of missed ids, ms. Default 1,000. */
  lookupEveryMs?: number;
  /** Most missed ids one look-up carries; more are answered unknown. Default 2,000. */
  maxBatch?: number;
}

export class KnownCoins {
  /** Ids Postgres said are followed; they stay known for the node's life (they were real coins). */
  private readonly followed = new Set<string>();
  private readonly pending = new Set<string>();
  private scheduled: Promise<void> | undefined;
  private lastLookupAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: KnownCoinsOptions) {}

  /** True when `id` is known without asking Postgres. */
  has(id: string): boolean {
    return BUILT_IN_COIN_IDS.has(id) || this.options.view.prices.has(id) || this.followed.has(id);
  }

  /**
   * Splits `ids` into known and unknown ones, in their order. Ids not known in memory wait for the next
   * batched look-up, which starts after they were asked, so a coin held a moment ago is found.
   */
  async split(ids: readonly string[]): Promise<{ known: string[]; unknown: string[] }> {
    const misses = ids.filter((id) => !this.has(id));
    if (misses.length > 0) await this.lookUp(misses);
    const known: string[] = [];
    const unknown: string[] = [];
    for (const id of ids) (this.has(id) ? known : unknown).push(id);
    return { known, unknown };
  }

  private lookUp(ids: readonly string[]): Promise<void> {
    const room = (this.options.maxBatch ?? 2_000) - this.pending.size;
    for (const id of ids.slice(0, Math.max(0, room))) this.pending.add(id);
    this.scheduled ??= this.runSoon();
    return this.scheduled;
  }

  private async runSoon(): Promise<void> {
    const every = this.options.lookupEveryMs ?? 1_000;
    const wait = this.lastLookupAt + every - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Misses arriving from here on wait for the next look-up, which starts after they were asked.
    this.scheduled = undefined;
    const ids = [...this.pending];
    this.pending.clear();
    this.lastLookupAt = Date.now();
    try {
      for (const id of await findFollowedCoinIds(this.options.db, ids)) this.followed.add(id);
    } catch (err) {
      // The ids count as unknown this time; the socket may ask again.
      this.options.logger.warn({ err }, 'could not look up coin ids; treating them as unknown');
    }
  }
}
