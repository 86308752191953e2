/**
 * Test support: a test chain on anvil with the test ERC-20 deployed and a few transfers made, for the EVM
 * reader's and the wallet refresh's tests. Not used by production code.
 */
import { createPublicClient, createWalletClient, defineChain, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './test-token.ts';

// Public test keys: anvil's first default account (the mnemonic "test test … junk") deploys; BOB is funded by it.
const DEPLOYER = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const BOB = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7e8412f4603b6b78690d');
/** An address that only receives: 0.5 ETH by a plain transfer and 250 TUSD. */
export const TEST_FRESH = '0x1111111111111111111111111111111111111111';
export const TEST_BOB = BOB.address;

const ANVIL_CHAIN = defineChain({
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
});

/**
 * Deploys the test token (6 decimals) and makes: 1 ETH to BOB, 0.5 ETH to FRESH, 300 TUSD to BOB, and
 * 250 TUSD from BOB to FRESH. Answers the token's address.
 */
export async function seedTestChain(url: string): Promise<Address> {
  const chain = ANVIL_CHAIN;
  const pub = createPublicClient({ chain, transport: http(url) });
  const as = (account: typeof DEPLOYER) => createWalletClient({ account, chain, transport: http(url) });
  const send = async (hash: `0x${string}`) => pub.waitForTransactionReceipt({ hash });
  const deployed = await send(
    await as(DEPLOYER).deployContract({
      abi: TEST_TOKEN_ABI,
      bytecode: TEST_TOKEN_BYTECODE,
      args: [1_000_000_000_000n],
    }),
  );
  const token = deployed.contractAddress!;
  await send(await as(DEPLOYER).sendTransaction({ to: BOB.address, value: parseEther('1') }));
  await send(await as(DEPLOYER).sendTransaction({ to: TEST_FRESH, value: parseEther('0.5') }));
  const transfer = (from: typeof DEPLOYER, to: Address, value: bigint) =>
    as(from).writeContract({
      address: token,
      abi: TEST_TOKEN_ABI,
      functionName: 'transfer',
      args: [to, value],
    });
  await send(await transfer(DEPLOYER, BOB.address, 300_000_000n));
  await send(await transfer(BOB, TEST_FRESH, 250_000_000n));
  return token;
}
