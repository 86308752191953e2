/**
 * The Solana chain reader over JSON-RPC (@solana/kit): SOL from getBalance, SPL balances from the
 * owner's token accounts of both token programs (Token and Token-2022), and transfers from the
 * transactions that touched the owner or one of its token accounts. An incoming token payment usually
 * names only the receiving token account, not the wallet, so the owner's signatures alone would miss it;
 * each address has its own position in the cursor.
 *
 * Balances are read at the 'confirmed' commitment (kit's default); transfers only from 'finalized'
 * transactions, which a fork can no longer undo, so a recorded transfer never has to be taken back.
 * Failed transactions move nothing but their fee and give no transfer.
 */
import type * as KitModule from '@solana/kit';
import type { Address, Signature } from '@solana/kit';
import { formatUnits } from '../bitcoin/units.ts';
import { retryAfterMs } from '../bitcoin/esplora.ts';
import {
  ChainError,
  type ChainBalance,
  type ChainCursor,
  type ChainReader,
  type ChainTransfer,
  type TokenRef,
  type TransferPage,
} from '../port.ts';
import { mintLabel, movementsOf, SOL_DECIMALS, type ParsedTransaction } from './movements.ts';
import { isSolanaAddress } from './recognise.ts';

type Kit = typeof KitModule;
type Rpc = ReturnType<Kit['createSolanaRpc']>;

/** Public endpoint documented as the default of SOLANA_RPC_URL (rate limited; fine for a few wallets). */
export const DEFAULT_SOLANA_RPC_URL = 'https://api.mainnet-beta.solana.com';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
/** Most signatures getSignaturesForAddress returns per call. */
const SIGNATURE_PAGE = 1_000;

export interface SolanaReaderOptions {
  /** JSON-RPC endpoint (SOLANA_RPC_URL). */
  rpcUrl: string;
  /** Transactions fetched per page of `transfers` (each is one getTransaction). Default 100. */
  pageSize?: number;
  /** Per request, ms. Default 15 000. */
  timeoutMs?: number;
}

/** A Solana ChainReader that also counts the RPC calls it sent (for the benchmark). */
export interface SolanaReader extends ChainReader {
  readonly requests: number;
}

interface TokenAccount {
  pubkey: string;
  mint: string;
  amount: string;
  decimals: number;
}

interface SignatureEntry {
  signature: string;
  slot: number;
  err: unknown;
}

export function createSolanaReader(options: SolanaReaderOptions): SolanaReader {
  // Loaded on first use: kit's 47 packages cost half a second to import, which every importer of the
  // adapters package would otherwise pay.
  let loaded: Promise<{ kit: Kit; rpc: Rpc }> | null = null;
  const load = () =>
    (loaded ??= import('@solana/kit').then((kit) => ({ kit, rpc: kit.createSolanaRpc(options.rpcUrl) })));
  const pageSize = Math.max(1, options.pageSize ?? 100);
  const timeoutMs = options.timeoutMs ?? 15_000;
  let requests = 0;

  async function call<T>(send: (rpc: Rpc, abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    const { kit, rpc } = await load();
    requests += 1;
    try {
      return await send(rpc, AbortSignal.timeout(timeoutMs));
    } catch (error) {
      throw toChainError(kit, error);
    }
  }

  function ownerOf(input: string): Address {
    const text = input.trim();
    if (!isSolanaAddress(text)) {
      throw new ChainError('bad-address', 'This is not a Solana address (base58, 32 bytes).');
    }
    return text as Address;
  }

  async function tokenAccounts(owner: Address): Promise<TokenAccount[]> {
    const programs = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((program) =>
      call((rpc, abortSignal) =>
        rpc
          .getTokenAccountsByOwner(owner, { programId: program as Address }, { encoding: 'jsonParsed' })
          .send({ abortSignal }),
      ),
    );
    const answers = await Promise.all(programs);
    return answers.flatMap((answer) =>
      answer.value.map((entry) => {
        const info = entry.account.data.parsed.info;
        return {
          pubkey: entry.pubkey,
          mint: info.mint,
          amount: info.tokenAmount.amount,
          decimals: Number(info.tokenAmount.decimals),
        };
      }),
    );
  }

  /** Signatures of `account` newer than `until` (all of them when null), newest first. */
  async function signaturesSince(account: string, until: string | null): Promise<SignatureEntry[]> {
    const found: SignatureEntry[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await call((rpc, abortSignal) =>
        rpc
          .getSignaturesForAddress(account as Address, {
            limit: SIGNATURE_PAGE,
            commitment: 'finalized',
            ...(until ? { until: until as Signature } : {}),
            ...(before ? { before: before as Signature } : {}),
          })
          .send({ abortSignal }),
      );
      for (const entry of page)
        found.push({ signature: entry.signature, slot: Number(entry.slot), err: entry.err });
      if (page.length < SIGNATURE_PAGE) return found;
      before = page[page.length - 1]!.signature;
    }
  }

  async function transaction(sig: string): Promise<ParsedTransaction> {
    const answer = await call((rpc, abortSignal) =>
      rpc
        .getTransaction(sig as Signature, {
          commitment: 'finalized',
          encoding: 'jsonParsed',
          maxSupportedTransactionVersion: 0,
        })
        .send({ abortSignal }),
    );
    // A signature the node listed but cannot serve yet: retry later rather than skip it for good.
    if (!answer)
      throw new ChainError('unreachable', `The Solana node has no transaction ${sig.slice(0, 12)}… yet.`);
    return answer as unknown as ParsedTransaction;
  }

  return {
    chain: 'solana',
    get requests() {
      return requests;
    },

    async hasActivity(input: string): Promise<boolean> {
      const owner = ownerOf(input);
      const balance = await call((rpc, abortSignal) => rpc.getBalance(owner).send({ abortSignal }));
      if (balance.value > 0n) return true;
      if ((await tokenAccounts(owner)).length > 0) return true;
      const signatures = await call((rpc, abortSignal) =>
        rpc.getSignaturesForAddress(owner, { limit: 1 }).send({ abortSignal }),
      );
      return signatures.length > 0;
    },

    async balances(input: string, tokens: readonly TokenRef[]): Promise<ChainBalance[]> {
      const owner = ownerOf(input);
      const [balance, accounts] = await Promise.all([
        call((rpc, abortSignal) => rpc.getBalance(owner).send({ abortSignal })),
        tokenAccounts(owner),
      ]);
      const result: ChainBalance[] = [];
      if (balance.value > 0n) {
        result.push({
          chain: 'solana',
          asset: { kind: 'native' },
          symbol: 'SOL',
          decimals: SOL_DECIMALS,
          amount: formatUnits(balance.value, SOL_DECIMALS),
          coingeckoId: 'solana',
        });
      }
      // One owner may hold several accounts of a mint; the holding is their sum.
      const byMint = new Map<string, { amount: bigint; decimals: number }>();
      for (const account of accounts) {
        const entry = byMint.get(account.mint) ?? { amount: 0n, decimals: account.decimals };
        entry.amount += BigInt(account.amount);
        byMint.set(account.mint, entry);
      }
      const known = new Map(tokens.map((token) => [token.address, token]));
      for (const [mint, entry] of byMint) {
        if (entry.amount === 0n) continue;
        const token = known.get(mint);
        result.push({
          chain: 'solana',
          asset: { kind: 'token', address: mint },
          symbol: token?.symbol ?? mintLabel(mint),
          decimals: entry.decimals,
          amount: formatUnits(entry.amount, entry.decimals),
          coingeckoId: token?.coingeckoId ?? null,
        });
      }
      return result;
    },

    async transfers(
      input: string,
      tokens: readonly TokenRef[],
      cursor: ChainCursor | null,
    ): Promise<TransferPage> {
      const owner = ownerOf(input);
      const accounts = [owner as string, ...(await tokenAccounts(owner)).map((account) => account.pubkey)];
      const lists = new Map<string, SignatureEntry[]>();
      for (const account of new Set(accounts)) {
        const until = cursor?.[account];
        lists.set(account, await signaturesSince(account, typeof until === 'string' ? until : null));
      }
      const bySignature = new Map<string, SignatureEntry>();
      for (const list of lists.values()) for (const entry of list) bySignature.set(entry.signature, entry);
      const ordered = [...bySignature.values()].sort((a, b) => a.slot - b.slot);

      // A page ends only between slots: within a slot the accounts' lists may order transactions
      // differently, and each account's position must stay a prefix of what was read.
      let take = Math.min(pageSize, ordered.length);
      while (take < ordered.length && ordered[take]!.slot === ordered[take - 1]!.slot) take += 1;
      const page = ordered.slice(0, take);
      const lastSlot = page.length > 0 ? page[page.length - 1]!.slot : null;

      const known = new Map(tokens.map((token) => [token.address, token]));
      const transfers: ChainTransfer[] = [];
      for (const entry of page) {
        if (entry.err) continue;
        transfers.push(...movementsOf(await transaction(entry.signature), entry.signature, owner, known));
      }

      const next: ChainCursor = { ...(cursor ?? {}) };
      for (const [account, list] of lists) {
        // Newest first: the first entry at or below the last slot read is this account's new position.
        const reached = list.find((entry) => lastSlot !== null && entry.slot <= lastSlot);
        if (reached) next[account] = reached.signature;
      }
      if (lastSlot !== null) next.slot = lastSlot;
      return { transfers, cursor: next, done: take === ordered.length };
    },
  };
}

/** A kit or fetch failure as a ChainError the caller can act on. */
function toChainError(kit: Kit, error: unknown): ChainError {
  if (error instanceof ChainError) return error;
  if (kit.isSolanaError(error, kit.SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    const { statusCode, headers } = error.context;
    if (statusCode === 429) {
      return new ChainError('rate-limited', 'The Solana RPC is rate limiting us.', retryAfterMs(headers));
    }
    return new ChainError('unreachable', `The Solana RPC answered ${statusCode}.`);
  }
  if (kit.isSolanaError(error)) {
    const code = (error.context as { __code?: number }).__code;
    if (code === -32602)
      return new ChainError('bad-address', `The Solana RPC refused the request: ${error.message}`);
    return new ChainError('unreachable', `The Solana RPC failed: ${error.message}`);
  }
  const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new ChainError(
    'unreachable',
    `The Solana RPC did not answer (${cause ? `${message}: ${cause}` : message}).`,
  );
}
