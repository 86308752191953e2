/** Input clean-up shared by the price sources. */
import { CONTRACT_ADDRESSES, isContractAddress } from '@coinpace/domain';

/** Trimmed, lower-cased, de-duplicated, non-empty CoinGecko ids, in first-seen order. */
export function normalizeIds(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const id of ids) {
    const clean = id.trim().toLowerCase();
    if (clean) seen.add(clean);
  }
  return [...seen];
}

/** Lower-cased, de-duplicated valid contract addresses (0x + 40 hex, not zero), in first-seen order. */
export function normalizeAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const address of addresses) {
    const clean = address.trim();
    if (isContractAddress(clean)) seen.add(clean.toLowerCase());
  }
  return [...seen];
}

/** CoinGecko asset-platform ids look like 'ethereum', 'binance-smart-chain', 'arbitrum-one'. */
export function isChainId(chain: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,63}$/.test(chain);
}

/** Splits a list into consecutive pieces of at most `size` items. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const pieces: T[][] = [];
  for (let i = 0; i < items.length; i += size) pieces.push(items.slice(i, i + size));
  return pieces;
}

/** A known contract address of a coin from the static table (ethereum first), or null. */
export function contractAddressFor(coingeckoId: string): string | null {
  let found: string | null = null;
  for (const [address, entry] of Object.entries(CONTRACT_ADDRESSES)) {
    if (entry.coingeckoId !== coingeckoId) continue;
    if (entry.chain === 'ethereum') return address;
    found ??= address;
  }
  return found;
}
