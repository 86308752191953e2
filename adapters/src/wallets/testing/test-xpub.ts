/**
 * Test support: an account-level xpub (BIP-44, m/44'/0'/0') made from a label, with the addresses it
 * derives, so benchmarks and browser tests can fund its addresses on a local Esplora peer. Never holds
 * anything of value: the seed is the label's SHA-256. Not used by production code.
 */
import { createHash } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { AccountAddresses } from '../bitcoin/derive.ts';

export interface TestXpub {
  xpub: string;
  /** The address at `chain/index` (0 receive, 1 change). */
  address(chain: 0 | 1, index: number): string;
}

export function testXpub(label: string): TestXpub {
  const seed = createHash('sha256').update(`coinpace-test-xpub:${label}`).digest();
  const xpub = HDKey.fromMasterSeed(seed).derive("m/44'/0'/0'").publicExtendedKey;
  const addresses = new AccountAddresses(xpub);
  return { xpub, address: (chain, index) => addresses.address(chain, index) };
}
