/**
 * The chain port: what a public address (or a Bitcoin extended public key) holds and what moved in and
 * out of it, read from a chain's public node or indexer. One reader per chain family keeps the same
 * semantics: EVM chains through JSON-RPC (viem), Bitcoin through an Esplora-shaped HTTP API, Solana through
 * its JSON-RPC, and the simulated chain of demo wallets that `npm start` offers without any node.
 *
 * Readers never hold or ask for a private key: an address or an xpub is all they are given. Amounts are
 * decimal strings in the asset's whole units ('0.015', not satoshis), as everywhere money is stored.
 */

/** The chains a wallet can be tracked on. */
export type ChainId =
  'ethereum' | 'base' | 'arbitrum' | 'optimism' | 'polygon' | 'bsc' | 'bitcoin' | 'solana' | 'demo';

export const EVM_CHAINS = ['ethereum', 'base', 'arbitrum', 'optimism', 'polygon', 'bsc'] as const;
export type EvmChainId = (typeof EVM_CHAINS)[number];

/** What was pasted, once recognised: the kinds a wallet may be. */
export type WalletAddressKind = 'evm' | 'bitcoin-address' | 'bitcoin-xpub' | 'solana' | 'demo';

/** A token the coin list knows on a chain: the contract (EVM) or mint (Solana) to read a balance of. */
export interface TokenRef {
  /** Contract or mint address as the chain spells it (EVM lower-cased). */
  address: string;
  /** The coin list's id, so a balance lands on the right holding. */
  coingeckoId: string;
  symbol: string;
  /** Where the chain does not say (EVM reads `decimals()` when absent). */
  decimals?: number;
}

/** The native coin (ETH, BNB, POL, BTC, SOL) or a token by its contract or mint. */
export type ChainAsset = { kind: 'native' } | { kind: 'token'; address: string };

export interface ChainBalance {
  chain: ChainId;
  asset: ChainAsset;
  symbol: string;
  decimals: number;
  /** Whole units, decimal string. */
  amount: string;
  /** The coin list's id when known (native coins and the given TokenRefs); null for an unknown token. */
  coingeckoId: string | null;
}

/**
 * One movement of one asset into or out of the wallet. `(chain, txHash, index)` is unique and stable across
 * re-scans, so storing it with `on conflict do nothing` never doubles a transfer.
 */
export interface ChainTransfer {
  chain: ChainId;
  txHash: string;
  /** Log index (EVM token transfers), output/input position (Bitcoin), instruction index (Solana); 0 for a native EVM value transfer. */
  index: number;
  direction: 'in' | 'out';
  asset: ChainAsset;
  symbol: string;
  amount: string;
  coingeckoId: string | null;
  /** ISO 8601 instant of the block. */
  at: string;
  /** Height or slot, for ordering and the cursor. */
  block: number;
}

/** Where the last scan stopped, per chain: opaque JSON, stored only once the transfers before it are. */
export type ChainCursor = Record<string, string | number>;

export interface TransferPage {
  transfers: ChainTransfer[];
  cursor: ChainCursor;
  /** True when nothing newer is left for now. */
  done: boolean;
}

export interface ChainReader {
  readonly chain: ChainId;
  /** Whether the address (or xpub) ever had activity here: chains without any are not shown. */
  hasActivity(address: string): Promise<boolean>;
  /** Current balances: the native coin and each of `tokens` (zero balances left out). */
  balances(address: string, tokens: readonly TokenRef[]): Promise<ChainBalance[]>;
  /** The next page of transfers after `cursor`, oldest first. */
  transfers(address: string, tokens: readonly TokenRef[], cursor: ChainCursor | null): Promise<TransferPage>;
}

export type ChainErrorKind = 'unreachable' | 'rate-limited' | 'bad-address' | 'unsupported';

/** Why a chain read failed, in a kind the caller can act on and words the user can read. */
export class ChainError extends Error {
  constructor(
    readonly kind: ChainErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ChainError';
  }

  /** Worth retrying with back-off; 'bad-address' and 'unsupported' need the user. */
  get transient(): boolean {
    return this.kind === 'unreachable' || this.kind === 'rate-limited';
  }
}
