/**
 * Test support: an anvil chain standing in for a real EVM chain, its holders funded. The test ERC-20 is
 * deployed and, when a contract address the coin list knows is given, its code is put at that address
 * (anvil_setCode, with its decimals and the deployer's supply written to storage), so the wallet refresh
 * reads it as that known token. Each holder gets native coin (anvil_setBalance) and tokens by a real
 * transfer, so their Transfer logs are there to be found. Not used by production code.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  http,
  keccak256,
  numberToHex,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './test-token.ts';

// Anvil's first default development key: public, funded only on a local chain.
const DEPLOYER = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const SUPPLY = 10n ** 18n;
// The test token's storage layout: name 0, symbol 1, decimals 2, totalSupply 3, balanceOf 4.
const DECIMALS_SLOT = numberToHex(2, { size: 32 });
const BALANCES_SLOT = 4n;

export interface EvmHolder {
  address: string;
  /** Native coin in wei. */
  native: bigint;
  /** Token base units (6 decimals); 0 for none. */
  tokens: bigint;
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** Seeds the chain at `url` (answering `chainId`); answers the address the token's balances are read at. */
export async function seedEvmHolders(
  url: string,
  chainId: number,
  holders: readonly EvmHolder[],
  knownToken?: string,
): Promise<Address> {
  const chain = defineChain({
    id: chainId,
    name: `Local ${chainId}`,
    nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const pub = createPublicClient({ chain, transport: http(url) });
  const wallet = createWalletClient({ account: DEPLOYER, chain, transport: http(url) });
  const deployed = await pub.waitForTransactionReceipt({
    hash: await wallet.deployContract({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE, args: [SUPPLY] }),
  });
  let token = deployed.contractAddress!;
  if (knownToken) {
    const code = await pub.getCode({ address: token });
    token = knownToken.toLowerCase() as Address;
    await rpc(url, 'anvil_setCode', [token, code]);
    await rpc(url, 'anvil_setStorageAt', [token, DECIMALS_SLOT, numberToHex(6, { size: 32 })]);
    const slot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [DEPLOYER.address, BALANCES_SLOT]),
    );
    await rpc(url, 'anvil_setStorageAt', [token, slot, numberToHex(SUPPLY, { size: 32 })]);
  }
  let nonce = await pub.getTransactionCount({ address: DEPLOYER.address });
  let last: `0x${string}` | undefined;
  for (const holder of holders) {
    if (holder.native > 0n) await rpc(url, 'anvil_setBalance', [holder.address, numberToHex(holder.native)]);
    if (holder.tokens === 0n) continue;
    // Automine: each transfer is mined as it is sent; the nonce is counted here to spare a call each.
    last = await wallet.writeContract({
      address: token,
      abi: TEST_TOKEN_ABI,
      functionName: 'transfer',
      args: [holder.address as Address, holder.tokens],
      nonce: nonce++,
      gas: 100_000n,
      maxFeePerGas: 100_000_000_000n,
      maxPriorityFeePerGas: 1n,
    });
  }
  if (last) await pub.waitForTransactionReceipt({ hash: last });
  return token;
}
