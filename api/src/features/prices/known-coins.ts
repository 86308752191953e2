/**
 * Only coins CoinGecko knows may be held or tracked: each is polled for everyone,
 * so a made-up id would cost upstream calls forever. The price source answers from its cached coin list.
 */
import type { PriceSource } from '@coinpace/adapters';
import { AppError } from '@coinpace/domain';

/** The reason a bulk item with an unknown id fails with. */
export const UNKNOWN_COIN_REASON = 'CoinGecko does not know this coin id';

/** The ids among `ids` (trimmed, lower-cased) the price source does not know. */
export async function unknownCoinIds(prices: PriceSource, ids: readonly string[]): Promise<Set<string>> {
  const known = new Set(await prices.knownIds(ids));
  const wanted = ids.map((id) => id.trim().toLowerCase());
  return new Set(wanted.filter((id) => !known.has(id)));
}

/** 400 UNKNOWN_COIN unless the price source knows `id`. */
export async function requireKnownCoin(prices: PriceSource, id: string): Promise<void> {
  if ((await unknownCoinIds(prices, [id])).size > 0)
    throw new AppError('UNKNOWN_COIN', { details: { coingeckoId: id } });
}
