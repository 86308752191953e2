/**
 * The negative cache of contract look-ups, per platform (chain): addresses CoinGecko answered without a
 * price, and chains it does not know (404), are not asked again for `ttlMs`. A flood of made-up
 * addresses then costs each address at most one user-driven call a TTL, never one per request.
 */
import { TimedCache } from './timed-cache.ts';

/** Most misses kept; past it the oldest are forgotten (and may be asked once more). */
const MAX_MISSES = 50_000;

export class TokenMisses {
  private readonly addresses = new TimedCache<true>(MAX_MISSES);
  private readonly chains = new TimedCache<true>(1_000);

  /** @param ttlMs how long a miss is remembered; `now` epoch ms */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** Whether upstream said lately that it does not know `chain`. */
  isUnknownChain(chain: string): boolean {
    return this.chains.getFresh(chain, this.now(), this.ttlMs) !== undefined;
  }

  /** Whether upstream lately had no price for `address` (lower case) on `chain`. */
  isMissing(chain: string, address: string): boolean {
    return this.addresses.getFresh(`${chain}:${address}`, this.now(), this.ttlMs) !== undefined;
  }

  /** Remembers that upstream does not know `chain`. */
  unknownChain(chain: string): void {
    this.chains.set(chain, true, this.now());
  }

  /** Remembers each of `asked` (lower case) that `priced` (the answer's keys, any case) lacks. */
  recordAnswer(chain: string, asked: readonly string[], priced: Iterable<string>): void {
    const found = new Set([...priced].map((key) => key.toLowerCase()));
    for (const address of asked) {
      const key = `${chain}:${address}`;
      if (found.has(address)) this.addresses.delete(key);
      else this.addresses.set(key, true, this.now());
    }
  }
}
