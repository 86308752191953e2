/**
 * A local Solana JSON-RPC node for tests: a real node:http server on 127.0.0.1 (port 0) answering
 * getBalance, getTokenAccountsByOwner (by programId or mint, jsonParsed), getSignaturesForAddress
 * (newest first, with before/until/limit) and getTransaction (jsonParsed) in the documented shapes.
 * Balances, token accounts and transactions are set by the test; a 429 or 500 can be forced; every
 * method called is logged. Exported to other packages' tests through `@coinpace/adapters/testing`.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { base58 } from '@scure/base';

export const PEER_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const PEER_TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

export interface PeerTokenAccount {
  /** The token account's own address. */
  pubkey: string;
  owner: string;
  mint: string;
  /** Base units, decimal string. */
  amount: string;
  decimals: number;
  program?: 'token' | 'token-2022';
}

/** One account of a transaction the test adds, with its lamports before and after. */
export interface PeerTxAccount {
  pubkey: string;
  pre: number;
  post: number;
}

/** A token balance row of a transaction (pre and post amounts in base units; absent = no account then). */
export interface PeerTxTokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  decimals: number;
  pre?: string;
  post?: string;
}

export interface PeerTransaction {
  slot: number;
  blockTime?: number;
  /** accounts[0] is the fee payer. */
  accounts: PeerTxAccount[];
  tokenBalances?: PeerTxTokenBalance[];
  fee?: number;
  /** A failed transaction (its fee is still charged). */
  failed?: boolean;
}

export interface SolanaPeer {
  /** The JSON-RPC URL to pass as SOLANA_RPC_URL. */
  readonly url: string;
  setBalance(owner: string, lamports: number): void;
  addTokenAccount(account: PeerTokenAccount): void;
  /** Adds a transaction; getSignaturesForAddress lists it for every account in `accounts`. */
  addTransaction(tx: PeerTransaction): string;
  /** Answers every request with this HTTP status (429 with Retry-After when given) until set to null. */
  failWith(failure: { status: 429 | 500 | 503; retryAfterSeconds?: number } | null): void;
  /** JSON-RPC methods called, in order. */
  readonly calls: string[];
  close(): Promise<void>;
}

interface StoredTx extends PeerTransaction {
  signature: string;
}

const GENESIS_TIME = 1_700_000_000;

export async function startSolanaPeer(): Promise<SolanaPeer> {
  const balances = new Map<string, number>();
  const tokenAccounts: PeerTokenAccount[] = [];
  const txs: StoredTx[] = [];
  const calls: string[] = [];
  let failure: { status: number; retryAfterSeconds?: number } | null = null;

  // As a real node does: a transaction is listed for the accounts it loads, not for the owners of its
  // token accounts (an incoming token payment names the receiving token account only).
  function named(tx: StoredTx, account: string): boolean {
    return tx.accounts.some((a) => a.pubkey === account);
  }

  function parsedAccount(account: PeerTokenAccount) {
    const program = account.program === 'token-2022' ? PEER_TOKEN_2022_PROGRAM : PEER_TOKEN_PROGRAM;
    const ui = Number(account.amount) / 10 ** account.decimals;
    return {
      pubkey: account.pubkey,
      account: {
        data: {
          program: account.program === 'token-2022' ? 'spl-token-2022' : 'spl-token',
          parsed: {
            type: 'account',
            info: {
              mint: account.mint,
              owner: account.owner,
              state: 'initialized',
              isNative: false,
              tokenAmount: {
                amount: account.amount,
                decimals: account.decimals,
                uiAmount: ui,
                uiAmountString: formatUi(account.amount, account.decimals),
              },
            },
          },
          space: 165,
        },
        executable: false,
        lamports: 2_039_280,
        owner: program,
        rentEpoch: 0,
        space: 165,
      },
    };
  }

  function tokenBalanceRows(tx: StoredTx, side: 'pre' | 'post') {
    return (tx.tokenBalances ?? [])
      .filter((b) => b[side] !== undefined)
      .map((b) => ({
        accountIndex: b.accountIndex,
        mint: b.mint,
        owner: b.owner,
        programId: PEER_TOKEN_PROGRAM,
        uiTokenAmount: {
          amount: b[side]!,
          decimals: b.decimals,
          uiAmount: Number(b[side]) / 10 ** b.decimals,
          uiAmountString: formatUi(b[side]!, b.decimals),
        },
      }));
  }

  function transactionOf(tx: StoredTx) {
    return {
      slot: tx.slot,
      blockTime: tx.blockTime ?? GENESIS_TIME + tx.slot,
      version: 0,
      meta: {
        err: tx.failed ? { InstructionError: [0, { Custom: 1 }] } : null,
        status: tx.failed ? { Err: { InstructionError: [0, { Custom: 1 }] } } : { Ok: null },
        fee: tx.fee ?? 5_000,
        preBalances: tx.accounts.map((a) => a.pre),
        postBalances: tx.accounts.map((a) => a.post),
        preTokenBalances: tokenBalanceRows(tx, 'pre'),
        postTokenBalances: tokenBalanceRows(tx, 'post'),
        innerInstructions: [],
        logMessages: [],
        rewards: [],
        computeUnitsConsumed: 1_000,
      },
      transaction: {
        signatures: [tx.signature],
        message: {
          accountKeys: tx.accounts.map((a, i) => ({
            pubkey: a.pubkey,
            signer: i === 0,
            writable: true,
            source: 'transaction',
          })),
          instructions: [],
          recentBlockhash: base58.encode(createHash('sha256').update(`hash-${tx.slot}`).digest()),
        },
      },
    };
  }

  function signaturesFor(account: string, config: { limit?: number; before?: string; until?: string }) {
    // Newest first: by slot descending, later-added first within a slot.
    const list = txs
      .map((tx, order) => ({ tx, order }))
      .filter(({ tx }) => named(tx, account))
      .sort((a, b) => b.tx.slot - a.tx.slot || b.order - a.order)
      .map(({ tx }) => tx);
    let start = 0;
    if (config.before) start = list.findIndex((tx) => tx.signature === config.before) + 1;
    const result = [];
    for (const tx of list.slice(start)) {
      if (tx.signature === config.until) break;
      if (result.length >= (config.limit ?? 1000)) break;
      result.push({
        signature: tx.signature,
        slot: tx.slot,
        err: tx.failed ? { InstructionError: [0, { Custom: 1 }] } : null,
        memo: null,
        blockTime: tx.blockTime ?? GENESIS_TIME + tx.slot,
        confirmationStatus: 'finalized',
      });
    }
    return result;
  }

  function result(
    method: string,
    params: unknown[],
  ): { result?: unknown; error?: { code: number; message: string } } {
    const context = { slot: 1_000, apiVersion: '2.2.0' };
    const first = params[0];
    if (typeof first !== 'string' || first.length < 32 || first.length > 88) {
      return { error: { code: -32602, message: 'Invalid param: Invalid' } };
    }
    switch (method) {
      case 'getBalance':
        return { result: { context, value: balances.get(first) ?? 0 } };
      case 'getTokenAccountsByOwner': {
        const filter = (params[1] ?? {}) as { programId?: string; mint?: string };
        const value = tokenAccounts
          .filter((a) => a.owner === first)
          .filter((a) => (filter.mint ? a.mint === filter.mint : true))
          .filter((a) =>
            filter.programId
              ? filter.programId ===
                (a.program === 'token-2022' ? PEER_TOKEN_2022_PROGRAM : PEER_TOKEN_PROGRAM)
              : true,
          )
          .map(parsedAccount);
        return { result: { context, value } };
      }
      case 'getSignaturesForAddress':
        return { result: signaturesFor(first, (params[1] ?? {}) as { limit?: number }) };
      case 'getTransaction': {
        const tx = txs.find((t) => t.signature === first);
        return { result: tx ? transactionOf(tx) : null };
      }
      default:
        return { error: { code: -32601, message: 'Method not found' } };
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (failure) {
      const headers: Record<string, string> =
        failure.retryAfterSeconds !== undefined ? { 'retry-after': String(failure.retryAfterSeconds) } : {};
      res.writeHead(failure.status, { 'content-type': 'text/plain', ...headers });
      res.end(failure.status === 429 ? 'Too many requests for a specific RPC call' : 'Internal Server Error');
      return;
    }
    let body: { id?: unknown; method?: string; params?: unknown[] };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
    } catch {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    calls.push(body.method ?? '');
    const reply = result(body.method ?? '', body.params ?? []);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: body.id ?? null, ...reply }));
  }

  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    setBalance(owner, lamports) {
      balances.set(owner, lamports);
    },
    addTokenAccount(account) {
      tokenAccounts.push(account);
    },
    addTransaction(tx) {
      const signature = base58.encode(createHash('sha512').update(`peer-signature-${txs.length}`).digest());
      txs.push({ ...tx, signature });
      return signature;
    },
    failWith(next) {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function formatUi(amount: string, decimals: number): string {
  const padded = amount.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A well-formed Solana address (32 bytes, base58) made from a label, for tests to fund on the peer. */
export function peerSolanaAddress(label: string): string {
  return base58.encode(createHash('sha256').update(`coinpace-test-solana:${label}`).digest());
}
