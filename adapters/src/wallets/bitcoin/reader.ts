/**
 * The Bitcoin chain reader over an Esplora-shaped HTTP API. A wallet is one mainnet address or an account
 * extended public key (xpub → P2PKH, ypub → P2SH-P2WPKH, zpub → P2WPKH) whose receive (0/i) and change
 * (1/i) addresses are discovered with a gap limit: each chain is walked until `gapLimit` addresses in a row
 * never had a transaction.
 *
 * Only confirmed data counts: the balance is the confirmed funded minus spent sums, and transfers come
 * from confirmed transactions only, so a transaction is never recorded before it is in a block (and an
 * unconfirmed one that is replaced never is). A transfer is a transaction's net effect on the wallet's own
 * address set: what its outputs pay to the wallet minus what its inputs spend from it. Change an xpub
 * pays back to itself therefore nets out, and an outgoing payment's amount includes the fee the wallet paid.
 * Each transaction gives at most one transfer, with index 0, so `(bitcoin, txid, 0)` is stable on re-scans.
 */
import {
  ChainError,
  type ChainBalance,
  type ChainCursor,
  type ChainReader,
  type ChainTransfer,
  type TokenRef,
  type TransferPage,
} from '../port.ts';
import type { AccountAddresses, HdChain } from './derive.ts';
import { ESPLORA_CHAIN_PAGE, EsploraClient, type EsploraAddress, type EsploraTx } from './esplora.ts';
import { recogniseBitcoin } from './recognise.ts';
import { formatUnits } from './units.ts';

/** Public Esplora instance documented as the default of ESPLORA_URL. */
export const DEFAULT_ESPLORA_URL = 'https://blockstream.info/api';
/** Unused addresses in a row after which a chain of an xpub is taken to end (BIP-44's recommendation). */
export const DEFAULT_GAP_LIMIT = 20;

export interface BitcoinReaderOptions {
  /** Esplora base URL (ESPLORA_URL), e.g. https://blockstream.info/api. */
  esploraUrl: string;
  fetch?: typeof fetch;
  /** Unused addresses in a row that end each chain of an xpub. Default 20. */
  gapLimit?: number;
  /** Address look-ups in flight at once during discovery. Default 4. */
  concurrency?: number;
  /**
   * Transactions per page of `transfers` (a page is only cut between blocks, so it may hold a few more).
   * Default 500.
   */
  pageSize?: number;
  /** Per request, ms. Default 15 000. */
  timeoutMs?: number;
  /** Confirmations a transaction needs before it is a transfer. Default 1 (in a block). */
  minConfirmations?: number;
}

/** A Bitcoin ChainReader that also counts the HTTP requests it sent (for the benchmark). */
export interface BitcoinReader extends ChainReader {
  readonly requests: number;
}

interface Wallet {
  /** Every address of the wallet that had a transaction (confirmed or not), with its sums. */
  used: EsploraAddress[];
  /** The wallet's own address set, for netting transactions. */
  own: Set<string>;
}

const SATS_DECIMALS = 8;
/** Account keys whose derived addresses a reader keeps (least recently used dropped first). */
const ACCOUNT_CACHE = 1_000;

export function createBitcoinReader(options: BitcoinReaderOptions): BitcoinReader {
  const client = new EsploraClient({
    baseUrl: options.esploraUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const gapLimit = options.gapLimit ?? DEFAULT_GAP_LIMIT;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const pageSize = Math.max(1, options.pageSize ?? 500);
  const minConfirmations = Math.max(1, options.minConfirmations ?? 1);

  // Derived addresses are kept per account key between scans (a refresh every few minutes re-walks them).
  const accounts = new Map<string, AccountAddresses>();
  async function accountOf(xpub: string): Promise<AccountAddresses> {
    let account = accounts.get(xpub);
    if (!account) {
      if (accounts.size >= ACCOUNT_CACHE) accounts.delete(accounts.keys().next().value!);
      // Loaded on first use: the elliptic-curve code costs half a second to import, which every
      // importer of the adapters package would otherwise pay.
      const { AccountAddresses } = await import('./derive.ts');
      account = new AccountAddresses(xpub);
    }
    accounts.delete(xpub);
    accounts.set(xpub, account);
    return account;
  }

  function isUsed(entry: EsploraAddress): boolean {
    return entry.chain_stats.tx_count + entry.mempool_stats.tx_count > 0;
  }

  async function discoverChain(
    account: AccountAddresses,
    chain: HdChain,
    used: EsploraAddress[],
  ): Promise<void> {
    let index = 0;
    let unused = 0;
    while (unused < gapLimit) {
      const batch = Array.from({ length: Math.min(concurrency, gapLimit - unused) }, (_, k) =>
        account.address(chain, index + k),
      );
      const answers = await Promise.all(batch.map((address) => client.address(address)));
      for (const answer of answers) {
        if (isUsed(answer)) {
          used.push(answer);
          unused = 0;
        } else {
          unused += 1;
        }
      }
      index += batch.length;
    }
  }

  async function resolve(input: string): Promise<Wallet> {
    const recognised = recogniseBitcoin(input);
    if (recognised.kind === 'refused') throw new ChainError('bad-address', recognised.message);
    if (recognised.kind === 'address') {
      const answer = await client.address(recognised.address);
      return { used: isUsed(answer) ? [answer] : [], own: new Set([recognised.address]) };
    }
    const account = await accountOf(recognised.xpub);
    const used: EsploraAddress[] = [];
    await discoverChain(account, 0, used);
    await discoverChain(account, 1, used);
    return { used, own: new Set(used.map((entry) => entry.address)) };
  }

  /** Confirmed transactions of `address` above `afterHeight`, walking Esplora's pages newest first. */
  async function confirmedAbove(
    address: string,
    afterHeight: number,
    into: Map<string, EsploraTx>,
  ): Promise<void> {
    let page = (await client.txs(address)).filter((tx) => tx.status.confirmed);
    for (;;) {
      for (const tx of page) {
        if ((tx.status.block_height ?? 0) <= afterHeight) return;
        into.set(tx.txid, tx);
      }
      if (page.length < ESPLORA_CHAIN_PAGE) return;
      page = await client.txsAfter(address, page[page.length - 1]!.txid);
    }
  }

  function netOf(tx: EsploraTx, own: Set<string>): number {
    let net = 0;
    for (const output of tx.vout) {
      if (output.scriptpubkey_address && own.has(output.scriptpubkey_address)) net += output.value;
    }
    for (const input of tx.vin) {
      const spent = input.prevout;
      if (spent?.scriptpubkey_address && own.has(spent.scriptpubkey_address)) net -= spent.value;
    }
    return net;
  }

  return {
    chain: 'bitcoin',
    get requests() {
      return client.requests;
    },

    async hasActivity(address: string): Promise<boolean> {
      return (await resolve(address)).used.length > 0;
    },

    async balances(address: string, _tokens: readonly TokenRef[]): Promise<ChainBalance[]> {
      const wallet = await resolve(address);
      const sats = wallet.used.reduce(
        (sum, entry) =>
          sum + BigInt(entry.chain_stats.funded_txo_sum) - BigInt(entry.chain_stats.spent_txo_sum),
        0n,
      );
      if (sats === 0n) return [];
      return [
        {
          chain: 'bitcoin',
          asset: { kind: 'native' },
          symbol: 'BTC',
          decimals: SATS_DECIMALS,
          amount: formatUnits(sats, SATS_DECIMALS),
          coingeckoId: 'bitcoin',
        },
      ];
    },

    async transfers(
      address: string,
      _tokens: readonly TokenRef[],
      cursor: ChainCursor | null,
    ): Promise<TransferPage> {
      // The tip is read before discovery: every address used in a block up to it is then found, so
      // reading no higher keeps a block from passing the cursor while one of its payments went to an
      // address that discovery had not seen yet.
      const tip = await client.tipHeight();
      const upTo = tip - (minConfirmations - 1);
      const wallet = await resolve(address);
      const afterHeight = typeof cursor?.height === 'number' ? cursor.height : -1;
      const found = new Map<string, EsploraTx>();
      for (const entry of wallet.used) await confirmedAbove(entry.address, afterHeight, found);
      const ordered = [...found.values()]
        .filter((tx) => tx.status.block_height! <= upTo)
        .sort((a, b) => a.status.block_height! - b.status.block_height! || (a.txid < b.txid ? -1 : 1));
      const transfers: ChainTransfer[] = [];
      let last: EsploraTx | null = null;
      let taken = 0;
      for (const tx of ordered) {
        // A page ends only between blocks: the cursor is a height, so a block must be read whole.
        if (taken >= pageSize && last && tx.status.block_height !== last.status.block_height) break;
        taken += 1;
        last = tx;
        const net = netOf(tx, wallet.own);
        if (net === 0) continue;
        transfers.push({
          chain: 'bitcoin',
          txHash: tx.txid,
          index: 0,
          direction: net > 0 ? 'in' : 'out',
          asset: { kind: 'native' },
          symbol: 'BTC',
          amount: formatUnits(Math.abs(net), SATS_DECIMALS),
          coingeckoId: 'bitcoin',
          at: new Date((tx.status.block_time ?? 0) * 1000).toISOString(),
          block: tx.status.block_height!,
        });
      }
      const next: ChainCursor = last
        ? { height: last.status.block_height!, txid: last.txid }
        : (cursor ?? { height: 0 });
      return { transfers, cursor: next, done: taken === ordered.length };
    },
  };
}
