/**
 * Addresses of an account-level extended public key: receive addresses on chain 0 (`0/i`) and change
 * addresses on chain 1 (`1/i`), each of the type the key's prefix stands for (xpub → P2PKH, ypub →
 * P2SH-P2WPKH, zpub → P2WPKH). Only non-hardened public derivation is possible from a public key, which is
 * all a watch-only wallet needs.
 */
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { NETWORK, p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer';
import { sha256 } from '@scure/btc-signer/utils.js';
import { XPUB_ADDRESS_TYPE, XPUB_VERSIONS, xpubKind, type XpubKind } from './recognise.ts';

const base58check = createBase58check(sha256);

/** The script an HD child's public key is paid to. Taproot (BIP-86) is here for the published vectors. */
export type DerivedAddressType = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' | 'p2tr';

/** Which chain of an account: 0 receive, 1 change. */
export type HdChain = 0 | 1;

type Network = typeof NETWORK;

/** The address paying to `publicKey` (33-byte compressed) with the given script type. */
export function addressOfPublicKey(
  publicKey: Uint8Array,
  type: DerivedAddressType,
  network: Network = NETWORK,
): string {
  switch (type) {
    case 'p2pkh':
      return p2pkh(publicKey, network).address!;
    case 'p2sh-p2wpkh':
      return p2sh(p2wpkh(publicKey, network), network).address!;
    case 'p2wpkh':
      return p2wpkh(publicKey, network).address!;
    case 'p2tr':
      // BIP-86: the x-only internal key, tweaked with no script tree.
      return p2tr(publicKey.subarray(1), undefined, network).address!;
  }
}

/**
 * Re-encodes an extended public key with xpub's version bytes, so a library that only knows xpub accepts
 * a ypub or zpub; the key and chain code are untouched, so every child is the same.
 */
export function toXpubVersion(extended: string): string {
  const bytes = base58check.decode(extended);
  const copy = Uint8Array.from(bytes);
  const version = XPUB_VERSIONS.xpub;
  copy[0] = (version >>> 24) & 0xff;
  copy[1] = (version >>> 16) & 0xff;
  copy[2] = (version >>> 8) & 0xff;
  copy[3] = version & 0xff;
  return base58check.encode(copy);
}

/** Derives the addresses of one account key, caching each chain's node (re-deriving it doubles the cost). */
export class AccountAddresses {
  readonly kind: XpubKind;
  readonly type: DerivedAddressType;
  private readonly chains: [HDKey, HDKey];
  private readonly network: Network;
  private readonly derived: [string[], string[]] = [[], []];

  /**
   * @param extended an xpub, ypub or zpub (throws on anything else), or any extended public key when
   *   `options.type` says the address type (used by the test vectors for testnet and taproot keys).
   */
  constructor(
    extended: string,
    options: {
      type?: DerivedAddressType;
      network?: Network;
      versions?: { public: number; private: number };
    } = {},
  ) {
    const kind = xpubKind(extended);
    if (!kind && !options.type) throw new Error('Not an xpub, ypub or zpub.');
    this.kind = kind ?? 'xpub';
    this.type = options.type ?? XPUB_ADDRESS_TYPE[this.kind];
    this.network = options.network ?? NETWORK;
    const account = kind
      ? HDKey.fromExtendedKey(toXpubVersion(extended))
      : HDKey.fromExtendedKey(extended, options.versions);
    this.chains = [account.deriveChild(0), account.deriveChild(1)];
  }

  /** The address at `chain/index` (remembered: an EC point multiplication costs milliseconds). */
  address(chain: HdChain, index: number): string {
    const known = this.derived[chain][index];
    if (known) return known;
    const child = this.chains[chain].deriveChild(index);
    const address = addressOfPublicKey(child.publicKey!, this.type, this.network);
    this.derived[chain][index] = address;
    return address;
  }
}
