/**
 * Test support: an Ethereum account that signs as a browser wallet's personal_sign does (viem's local
 * account, from a fixed test key), for Sign-In-with-Ethereum tests. Never holds anything of value.
 */
import { privateKeyToAccount } from 'viem/accounts';

/** Anvil's well-known first and second development keys: public, never funded outside a test chain. */
export const TEST_SIGNER_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7e8412f4603b6b78690d',
] as const;

export interface TestSigner {
  /** The account's address, checksummed. */
  address: string;
  /** The EIP-191 personal_sign signature of `message` (65 bytes in hex). */
  signMessage(message: string): Promise<string>;
}

export function testSigner(key: `0x${string}` = TEST_SIGNER_KEYS[0]): TestSigner {
  const account = privateKeyToAccount(key);
  return { address: account.address, signMessage: (message) => account.signMessage({ message }) };
}
