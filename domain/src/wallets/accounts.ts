/**
 * Wallets tracked by public address: the API's payloads, limits and messages, the socket event a refresh
 * reports through, and the tokens the coin list knows per chain (what a refresh reads balances of).
 */
import { z } from 'zod';
import { CONTRACT_ADDRESSES, SYMBOL_TO_COINGECKO_ID } from '../coins.ts';
import type { WalletChain, WalletKind } from './recognise.ts';

/** Most wallets one user may track. */
export const MAX_WALLETS_PER_USER = 50;
/** Wallets one user may add per hour: each costs a refresh on every chain of its kind. */
export const WALLET_ADDS_PER_HOUR = 30;
/** "Refresh now" one user may press per hour, as exchange syncs. */
export const WALLET_REFRESHES_PER_HOUR = 30;

export const WALLET_NOT_FOUND_MESSAGE = 'Wallet not found.';
export const WALLET_ALREADY_ADDED_MESSAGE = 'This address is tracked already.';

/** One balance of a wallet on one chain, as GET /api/wallets/:id shows it. */
export interface WalletBalanceView {
  chain: WalletChain;
  /** The token's contract or mint; null for the chain's native coin. */
  token: string | null;
  symbol: string;
  amount: string;
  /** The coin list's id; null for a token it does not know (listed with its contract, not priced). */
  coingeckoId: string | null;
}

export interface WalletView {
  id: string;
  label: string;
  kind: WalletKind;
  address: string;
  /** Whether the user proved the address is theirs by signing (Sign-In-with-Ethereum). */
  verified: boolean;
  /** When it was proved (ISO 8601), or null. */
  verifiedAt: string | null;
  /** active: refreshed every 10 minutes; stopped: a chain refused the address for good (see lastError). */
  status: 'active' | 'stopped';
  /** Whether a refresh is running now. */
  refreshing: boolean;
  /** The chains where the address has activity (each EVM chain only where it has). */
  chains: WalletChain[];
  lastRefreshAt: string | null;
  lastError: string | null;
  createdAt: string;
}

/** GET /api/wallets/:id: the wallet with its balances per chain. */
export interface WalletDetail extends WalletView {
  balances: WalletBalanceView[];
}

/** What a refresh did, or why it stopped (socket event `wallet:refresh`). */
export interface WalletRefreshPayload {
  walletId: string;
  status: 'running' | 'done' | 'failed';
  /** Share of the chains read so far (0..1) while running. */
  progress: number | null;
  /** Transfers written by this refresh so far. */
  added: number;
  error: string | null;
}

/** POST /api/wallets. The address is checked by recogniseAddress after the shape. */
export const ZAddWallet = z.strictObject({
  label: z
    .string({ message: 'label is required' })
    .trim()
    .min(1, { message: 'Give the wallet a name' })
    .max(60, { message: 'The name is too long: at most 60 characters' }),
  address: z
    .string({ message: 'address is required' })
    .trim()
    .min(1, { message: 'Paste a public address.' })
    .max(400, { message: 'This is too long to be an address.' }),
});
export type AddWallet = z.output<typeof ZAddWallet>;

/** CoinGecko's platform id of each EVM chain, as the contract table keys them. */
export const COINGECKO_PLATFORMS: Partial<Record<WalletChain, string>> = {
  ethereum: 'ethereum',
  base: 'base',
  arbitrum: 'arbitrum-one',
  optimism: 'optimistic-ethereum',
  polygon: 'polygon-pos',
  bsc: 'binance-smart-chain',
  solana: 'solana',
};

/** The native coin of each chain, by its coin-list id. */
export const NATIVE_COINS: Record<WalletChain, { symbol: string; coingeckoId: string; decimals: number }> = {
  ethereum: { symbol: 'ETH', coingeckoId: 'ethereum', decimals: 18 },
  base: { symbol: 'ETH', coingeckoId: 'ethereum', decimals: 18 },
  arbitrum: { symbol: 'ETH', coingeckoId: 'ethereum', decimals: 18 },
  optimism: { symbol: 'ETH', coingeckoId: 'ethereum', decimals: 18 },
  polygon: { symbol: 'POL', coingeckoId: 'polygon-ecosystem-token', decimals: 18 },
  bsc: { symbol: 'BNB', coingeckoId: 'binancecoin', decimals: 18 },
  bitcoin: { symbol: 'BTC', coingeckoId: 'bitcoin', decimals: 8 },
  solana: { symbol: 'SOL', coingeckoId: 'solana', decimals: 9 },
  demo: { symbol: 'ETH', coingeckoId: 'ethereum', decimals: 18 },
};

/** A token the coin list knows on a chain (the chain port's TokenRef). */
export interface KnownToken {
  address: string;
  coingeckoId: string;
  symbol: string;
}

const SYMBOL_OF = new Map(Object.entries(SYMBOL_TO_COINGECKO_ID).map(([symbol, id]) => [id, symbol]));

/**
 * The tokens whose contract the coin list knows on `chain`: the built-in contract table, plus `extra`
 * (the user's holdings added by contract address, with the platform they were priced on).
 */
export function knownTokensOn(
  chain: WalletChain,
  extra: readonly { address: string; coingeckoId: string; symbol: string; platform: string }[] = [],
): KnownToken[] {
  const platform = COINGECKO_PLATFORMS[chain];
  if (!platform) return [];
  const tokens = new Map<string, KnownToken>();
  for (const [address, entry] of Object.entries(CONTRACT_ADDRESSES)) {
    if (entry.chain !== platform) continue;
    tokens.set(address, {
      address,
      coingeckoId: entry.coingeckoId,
      symbol: SYMBOL_OF.get(entry.coingeckoId) ?? entry.coingeckoId.toUpperCase(),
    });
  }
  for (const t of extra) {
    if (t.platform !== platform) continue;
    const address = t.address.toLowerCase();
    if (!tokens.has(address)) tokens.set(address, { ...t, address });
  }
  return [...tokens.values()];
}
