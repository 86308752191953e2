/**
 * What one Solana transaction moved for one wallet: the owner's SOL (its lamports before and after) and,
 * per mint, the sum over the token accounts the owner holds of that mint (pre/postTokenBalances whose
 * `owner` is the wallet). Pure: it reads a `getTransaction` answer in `jsonParsed` encoding.
 *
 * Index, stable because a confirmed transaction never changes: 0 for SOL, and for a token 1 + the lowest
 * account index among the owner's accounts of that mint in the transaction.
 */
import type { ChainTransfer, TokenRef } from '../port.ts';
import { formatUnits } from '../bitcoin/units.ts';

export const SOL_DECIMALS = 9;

/** The parts of a jsonParsed getTransaction answer read here (numbers may arrive as bigint from kit). */
export interface ParsedTransaction {
  slot: bigint | number;
  blockTime: bigint | number | null;
  meta: {
    err: unknown;
    fee: bigint | number;
    preBalances: readonly (bigint | number)[];
    postBalances: readonly (bigint | number)[];
    preTokenBalances?: readonly ParsedTokenBalance[] | null;
    postTokenBalances?: readonly ParsedTokenBalance[] | null;
  } | null;
  transaction: {
    signatures: readonly string[];
    message: { accountKeys: readonly ({ pubkey: string } | string)[] };
  };
}

export interface ParsedTokenBalance {
  accountIndex: bigint | number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string; decimals: bigint | number };
}

/** A short label for a mint the coin list does not know: the chain itself has no symbol for it. */
export function mintLabel(mint: string): string {
  return `${mint.slice(0, 4)}…${mint.slice(-4)}`;
}

interface MintDelta {
  pre: bigint;
  post: bigint;
  decimals: number;
  firstIndex: number;
}

/** The transfers `tx` made for `owner`, SOL first, then tokens by index. */
export function movementsOf(
  tx: ParsedTransaction,
  signature: string,
  owner: string,
  tokens: ReadonlyMap<string, TokenRef>,
): ChainTransfer[] {
  const meta = tx.meta;
  if (!meta || meta.err) return [];
  const block = Number(tx.slot);
  const at = new Date(Number(tx.blockTime ?? 0) * 1000).toISOString();
  const transfers: ChainTransfer[] = [];

  const keys = tx.transaction.message.accountKeys.map((key) => (typeof key === 'string' ? key : key.pubkey));
  const position = keys.indexOf(owner);
  if (position >= 0) {
    const delta = BigInt(meta.postBalances[position] ?? 0) - BigInt(meta.preBalances[position] ?? 0);
    // Paying only the fee (a token send, an approval) is not a SOL transfer; a real SOL movement by the
    // fee payer includes the fee, as a Bitcoin payment does.
    const feeOnly = position === 0 && delta === -BigInt(meta.fee);
    if (delta !== 0n && !feeOnly) {
      transfers.push({
        chain: 'solana',
        txHash: signature,
        index: 0,
        direction: delta > 0n ? 'in' : 'out',
        asset: { kind: 'native' },
        symbol: 'SOL',
        amount: formatUnits(delta < 0n ? -delta : delta, SOL_DECIMALS),
        coingeckoId: 'solana',
        at,
        block,
      });
    }
  }

  const mints = new Map<string, MintDelta>();
  const add = (balances: readonly ParsedTokenBalance[] | null | undefined, side: 'pre' | 'post') => {
    for (const balance of balances ?? []) {
      if (balance.owner !== owner) continue;
      const index = Number(balance.accountIndex);
      const entry = mints.get(balance.mint) ?? {
        pre: 0n,
        post: 0n,
        decimals: Number(balance.uiTokenAmount.decimals),
        firstIndex: index,
      };
      entry[side] += BigInt(balance.uiTokenAmount.amount);
      entry.firstIndex = Math.min(entry.firstIndex, index);
      mints.set(balance.mint, entry);
    }
  };
  add(meta.preTokenBalances, 'pre');
  add(meta.postTokenBalances, 'post');
  const ordered = [...mints.entries()].sort((a, b) => a[1].firstIndex - b[1].firstIndex);
  for (const [mint, entry] of ordered) {
    const delta = entry.post - entry.pre;
    if (delta === 0n) continue;
    const known = tokens.get(mint);
    transfers.push({
      chain: 'solana',
      txHash: signature,
      index: 1 + entry.firstIndex,
      direction: delta > 0n ? 'in' : 'out',
      asset: { kind: 'token', address: mint },
      symbol: known?.symbol ?? mintLabel(mint),
      amount: formatUnits(delta < 0n ? -delta : delta, entry.decimals),
      coingeckoId: known?.coingeckoId ?? null,
      at,
      block,
    });
  }
  return transfers;
}
