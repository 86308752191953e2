/**
 * What bench:wallets reads from: six anvil chains (one per EVM chain, each answering that chain's id,
 * behind a counting proxy) with the test ERC-20 at a contract the coin list knows where it knows one,
 * a local Esplora with each xpub's first receive address funded, and a local Solana node with each
 * address holding SOL from one transfer in. Every process started here is stopped by `close`.
 */
import { EVM_CHAINS, EVM_CHAIN_INFO, type EvmChainId } from '@coinpace/adapters';
import {
  peerSolanaAddress,
  seedEvmHolders,
  startAnvil,
  startEsploraPeer,
  startSolanaPeer,
  testXpub,
  type Anvil,
  type EsploraPeer,
  type SolanaPeer,
} from '@coinpace/adapters/testing';
import { knownTokensOn } from '@coinpace/domain';
import { startCountingProxy, type CountingProxy } from './counting-proxy.ts';

export interface BenchChains {
  evm: { chain: EvmChainId; anvil: Anvil; proxy: CountingProxy; knownToken: string | null }[];
  esplora: EsploraPeer;
  solana: SolanaPeer;
  evmAddresses: string[];
  xpubs: string[];
  solanaAddresses: string[];
  /** The servers' settings pointing at these. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const SOL = 1_000_000_000;

export async function startBenchChains(count: number): Promise<BenchChains> {
  const evmAddresses = Array.from({ length: count }, (_, i) =>
    `0x${(0x1000 + i).toString(16).padStart(4, '0')}${'b'.repeat(36)}`.toLowerCase(),
  );
  const evm: BenchChains['evm'] = [];
  const closers: (() => Promise<void>)[] = [];
  try {
    await Promise.all(
      EVM_CHAINS.map(async (chain, n) => {
        const anvil = await startAnvil({ chainId: EVM_CHAIN_INFO[chain].id });
        closers.push(() => anvil.stop());
        const proxy = await startCountingProxy(anvil.url);
        closers.push(() => proxy.close());
        const knownToken = knownTokensOn(chain)[0]?.address ?? null;
        const holders = evmAddresses.map((address, i) => ({
          address,
          native: 10n ** 16n * BigInt(1 + ((i + n) % 7)),
          tokens: 1_000_000n * BigInt(1 + (i % 50)),
        }));
        await seedEvmHolders(anvil.url, EVM_CHAIN_INFO[chain].id, holders, knownToken ?? undefined);
        evm.push({ chain, anvil, proxy, knownToken });
      }),
    );
    const esplora = await startEsploraPeer();
    closers.push(() => esplora.close());
    const xpubs: string[] = [];
    for (let i = 0; i < count; i++) {
      const key = testXpub(`bench-${i}`);
      xpubs.push(key.xpub);
      esplora.addTx({
        height: 100 + i,
        inputs: [{ address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', value: 1_000_000 + i }],
        outputs: [{ address: key.address(0, 0), value: 500_000 + i }],
      });
    }
    esplora.setTip(100 + count + 6);
    const solana = await startSolanaPeer();
    closers.push(() => solana.close());
    const solanaAddresses = Array.from({ length: count }, (_, i) => peerSolanaAddress(`bench-${i}`));
    const payer = peerSolanaAddress('bench-payer');
    solanaAddresses.forEach((address, i) => {
      const lamports = SOL + i * 1_000;
      solana.setBalance(address, lamports);
      solana.addTransaction({
        slot: 1_000 + i,
        accounts: [
          { pubkey: payer, pre: 1_000 * SOL, post: 1_000 * SOL - lamports - 5_000 },
          { pubkey: address, pre: 0, post: lamports },
        ],
      });
    });
    const env: Record<string, string> = {
      ESPLORA_URL: esplora.url,
      SOLANA_RPC_URL: solana.url,
    };
    for (const e of evm) env[`EVM_RPC_URL_${e.chain.toUpperCase()}`] = e.proxy.url;
    return {
      evm,
      esplora,
      solana,
      evmAddresses,
      xpubs,
      solanaAddresses,
      env,
      close: async () => {
        for (const close of closers.reverse()) await close().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}
