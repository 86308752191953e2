/**
 * The EVM chain reader (viem): an address's native balance and ERC-20 balances of the tokens the coin list
 * knows on that chain (one deployless multicall per chain and wallet, so no Multicall3 contract is
 * needed; per-token calls when the node refuses it), and its ERC-20 transfers from the Transfer logs,
 * filtered by the address as sender or receiver.
 *
 * Native value moved by plain transactions shows in no log, and reading every block for it would cost a
 * call per block: the reader reports no native transfers, and the refresh reconciles the native balance
 * (its difference to what the wallet's transactions add up to becomes one transfer in or out). A first
 * scan reaches back `historyBlocks` only; what came before arrives the same way, as the difference.
 */
import {
  createPublicClient,
  defineChain,
  erc20Abi,
  formatUnits,
  http,
  parseAbiItem,
  type Address,
  type PublicClient,
} from 'viem';
import {
  ChainError,
  type ChainBalance,
  type ChainCursor,
  type ChainReader,
  type ChainTransfer,
  type EvmChainId,
  type TokenRef,
  type TransferPage,
} from './port.ts';

/** Chain ids and native coins of the EVM chains wallets are read on. */
export const EVM_CHAIN_INFO: Record<
  EvmChainId,
  { id: number; name: string; symbol: string; coingeckoId: string }
> = {
  ethereum: { id: 1, name: 'Ethereum', symbol: 'ETH', coingeckoId: 'ethereum' },
  base: { id: 8453, name: 'Base', symbol: 'ETH', coingeckoId: 'ethereum' },
  arbitrum: { id: 42161, name: 'Arbitrum One', symbol: 'ETH', coingeckoId: 'ethereum' },
  optimism: { id: 10, name: 'OP Mainnet', symbol: 'ETH', coingeckoId: 'ethereum' },
  polygon: { id: 137, name: 'Polygon', symbol: 'POL', coingeckoId: 'polygon-ecosystem-token' },
  bsc: { id: 56, name: 'BNB Smart Chain', symbol: 'BNB', coingeckoId: 'binancecoin' },
};

/** Public endpoints used when EVM_RPC_URL_<CHAIN> is not set (docs/wallets.md). */
export const DEFAULT_EVM_RPC_URLS: Record<EvmChainId, string> = {
  ethereum: 'https://ethereum-rpc.publicnode.com',
  base: 'https://mainnet.base.org',
  arbitrum: 'https://arb1.arbitrum.io/rpc',
  optimism: 'https://mainnet.optimism.io',
  polygon: 'https://polygon-rpc.com',
  bsc: 'https://bsc-dataseed.bnbchain.org',
};

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface EvmReaderOptions {
  chain: EvmChainId;
  rpcUrl: string;
  /** The node's chain id when it is not the chain's own (a local anvil: 31337). */
  chainId?: number;
  /** Blocks a first scan reaches back from the head; default 10,000. */
  historyBlocks?: bigint;
  /** Blocks per getLogs page; default 2,000 (public endpoints refuse wider ranges). */
  pageBlocks?: bigint;
  /** Longest wait for one call; default 15 s. */
  timeoutMs?: number;
}

/** A viem error as the port's kinds: limits and failures to answer are transient. */
function chainError(chain: string, error: unknown): ChainError {
  if (error instanceof ChainError) return error;
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/429|rate limit|too many requests/i.test(text)) {
    return new ChainError(
      'rate-limited',
      `The ${chain} node is limiting requests; tried again later.`,
      30_000,
    );
  }
  return new ChainError('unreachable', `The ${chain} node did not answer; tried again later.`);
}

export function createEvmReader(options: EvmReaderOptions): ChainReader {
  const info = EVM_CHAIN_INFO[options.chain];
  const historyBlocks = options.historyBlocks ?? 10_000n;
  const pageBlocks = options.pageBlocks ?? 2_000n;
  const chain = defineChain({
    id: options.chainId ?? info.id,
    name: info.name,
    nativeCurrency: { name: info.symbol, symbol: info.symbol, decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const client: PublicClient = createPublicClient({
    chain,
    transport: http(options.rpcUrl, { timeout: options.timeoutMs ?? 15_000, retryCount: 0 }),
  });
  const decimalsOf = new Map<string, number>();
  const blockTimes = new Map<bigint, string>();

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw chainError(info.name, error);
    }
  };
  const checked = (address: string): Address => {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
      throw new ChainError('bad-address', 'This is not an EVM address.');
    }
    return address as Address;
  };

  async function tokenDecimals(tokens: readonly TokenRef[]): Promise<Map<string, number>> {
    const unknown = tokens.filter((t) => t.decimals === undefined && !decimalsOf.has(t.address));
    if (unknown.length > 0) {
      const read = await readMany(
        unknown.map((t) => ({
          address: t.address as Address,
          abi: erc20Abi,
          functionName: 'decimals' as const,
        })),
      );
      unknown.forEach((t, i) => {
        const value = read[i];
        if (typeof value === 'number') decimalsOf.set(t.address, value);
      });
    }
    return new Map(tokens.map((t) => [t.address, t.decimals ?? decimalsOf.get(t.address) ?? 18]));
  }

  /** Reads contracts in one deployless multicall, or one by one where the node refuses it. */
  async function readMany(
    contracts: {
      address: Address;
      abi: typeof erc20Abi;
      functionName: 'decimals' | 'balanceOf';
      args?: readonly [Address];
    }[],
  ): Promise<(number | bigint | null)[]> {
    if (contracts.length === 0) return [];
    try {
      const results = await client.multicall({ contracts, allowFailure: true, deployless: true });
      return results.map((r) => (r.status === 'success' ? (r.result as number | bigint) : null));
    } catch {
      return Promise.all(
        contracts.map((c) =>
          client
            .readContract(c as Parameters<typeof client.readContract>[0])
            .then((v) => v as number | bigint)
            .catch(() => null),
        ),
      );
    }
  }

  async function timeOf(block: bigint): Promise<string> {
    let at = blockTimes.get(block);
    if (!at) {
      const b = await client.getBlock({ blockNumber: block });
      at = new Date(Number(b.timestamp) * 1000).toISOString();
      blockTimes.set(block, at);
    }
    return at;
  }

  return {
    chain: options.chain,
    async hasActivity(address) {
      const owner = checked(address);
      return call(async () => {
        const [nonce, balance] = await Promise.all([
          client.getTransactionCount({ address: owner }),
          client.getBalance({ address: owner }),
        ]);
        return nonce > 0 || balance > 0n;
      });
    },
    async balances(address, tokens) {
      const owner = checked(address);
      return call(async () => {
        const [native, decimals, held] = await Promise.all([
          client.getBalance({ address: owner }),
          tokenDecimals(tokens),
          readMany(
            tokens.map((t) => ({
              address: t.address as Address,
              abi: erc20Abi,
              functionName: 'balanceOf' as const,
              args: [owner] as const,
            })),
          ),
        ]);
        const out: ChainBalance[] = [];
        if (native > 0n) {
          out.push({
            chain: options.chain,
            asset: { kind: 'native' },
            symbol: info.symbol,
            decimals: 18,
            amount: formatUnits(native, 18),
            coingeckoId: info.coingeckoId,
          });
        }
        tokens.forEach((t, i) => {
          const value = held[i];
          if (typeof value !== 'bigint' || value === 0n) return;
          const d = decimals.get(t.address)!;
          out.push({
            chain: options.chain,
            asset: { kind: 'token', address: t.address.toLowerCase() },
            symbol: t.symbol,
            decimals: d,
            amount: formatUnits(value, d),
            coingeckoId: t.coingeckoId,
          });
        });
        return out;
      });
    },
    async transfers(address, tokens, cursor: ChainCursor | null): Promise<TransferPage> {
      const owner = checked(address);
      return call(async () => {
        const head = await client.getBlockNumber();
        const from =
          typeof cursor?.block === 'string' || typeof cursor?.block === 'number'
            ? BigInt(cursor.block) + 1n
            : head > historyBlocks
              ? head - historyBlocks
              : 0n;
        if (from > head) return { transfers: [], cursor: cursor ?? { block: head.toString() }, done: true };
        const to = from + pageBlocks - 1n < head ? from + pageBlocks - 1n : head;
        const next: ChainCursor = { block: to.toString() };
        if (tokens.length === 0) return { transfers: [], cursor: next, done: to >= head };
        const addresses = tokens.map((t) => t.address as Address);
        const [incoming, outgoing, decimals] = await Promise.all([
          client.getLogs({
            address: addresses,
            event: TRANSFER,
            args: { to: owner },
            fromBlock: from,
            toBlock: to,
          }),
          client.getLogs({
            address: addresses,
            event: TRANSFER,
            args: { from: owner },
            fromBlock: from,
            toBlock: to,
          }),
          tokenDecimals(tokens),
        ]);
        const byAddress = new Map(tokens.map((t) => [t.address.toLowerCase(), t]));
        const transfers: ChainTransfer[] = [];
        for (const [direction, logs] of [
          ['in', incoming],
          ['out', outgoing],
        ] as const) {
          for (const log of logs) {
            const token = byAddress.get(log.address.toLowerCase());
            if (!token || log.args.value === undefined || log.blockNumber === null) continue;
            transfers.push({
              chain: options.chain,
              txHash: log.transactionHash!,
              index: log.logIndex!,
              direction,
              asset: { kind: 'token', address: token.address.toLowerCase() },
              symbol: token.symbol,
              amount: formatUnits(log.args.value, decimals.get(token.address)!),
              coingeckoId: token.coingeckoId,
              at: await timeOf(log.blockNumber),
              block: Number(log.blockNumber),
            });
          }
        }
        transfers.sort((a, b) => a.block - b.block || a.index - b.index);
        return { transfers, cursor: next, done: to >= head };
      });
    },
  };
}

/** One reader per EVM chain, each on its configured endpoint. */
export function createEvmReaders(urls: Partial<Record<EvmChainId, string>>): Record<EvmChainId, ChainReader> {
  const chains = Object.keys(EVM_CHAIN_INFO) as EvmChainId[];
  return Object.fromEntries(
    chains.map((chain) => [
      chain,
      createEvmReader({ chain, rpcUrl: urls[chain] ?? DEFAULT_EVM_RPC_URLS[chain] }),
    ]),
  ) as Record<EvmChainId, ChainReader>;
}
