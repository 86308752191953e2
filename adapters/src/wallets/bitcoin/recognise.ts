/**
 * What a pasted Bitcoin string is, without any network call: a mainnet address of one of the five output
 * types, an extended public key (xpub, ypub, zpub) and the address type its children get, or something
 * to refuse with a reason (a testnet address, an extended private key, a WIF private key, a typo).
 *
 * Pure, synchronous and light (base58 and bech32 from @scure/base, SHA-256 from node:crypto; no elliptic
 * curve code), so the wallet routes can validate a paste before a reader is ever loaded. Checksums are
 * verified (base58check, bech32 for witness v0, bech32m for v1 as BIP-350 requires), so a one-letter typo
 * is refused rather than tracked.
 */
import { createHash } from 'node:crypto';
import { bech32, bech32m, createBase58check } from '@scure/base';

const base58check = createBase58check((data: Uint8Array) =>
  Uint8Array.from(createHash('sha256').update(data).digest()),
);

/** The output types a single mainnet address may have. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr';

/** The extended public key prefixes we derive from, and the address type of their children. */
export type XpubKind = 'xpub' | 'ypub' | 'zpub';

/** The address type each extended key prefix stands for (BIP-44, BIP-49, BIP-84; SLIP-132 version bytes). */
export const XPUB_ADDRESS_TYPE: Readonly<Record<XpubKind, 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh'>> = {
  xpub: 'p2pkh',
  ypub: 'p2sh-p2wpkh',
  zpub: 'p2wpkh',
};

/** Mainnet version bytes of each public prefix (SLIP-132). */
export const XPUB_VERSIONS: Readonly<Record<XpubKind, number>> = {
  xpub: 0x0488b21e,
  ypub: 0x049d7cb2,
  zpub: 0x04b24746,
};

/** Version bytes of extended keys we recognise only to refuse: private keys and non-mainnet public keys. */
const PRIVATE_VERSIONS = new Set([
  0x0488ade4, // xprv
  0x049d7878, // yprv
  0x04b2430c, // zprv
  0x04358394, // tprv
  0x044a4e28, // uprv
  0x045f18bc, // vprv
  0x0295b005, // Yprv
  0x02aa7a99, // Zprv
]);
const TESTNET_PUBLIC_VERSIONS = new Set([0x043587cf, 0x044a5262, 0x045f1cf6]); // tpub, upub, vpub
const MULTISIG_PUBLIC_VERSIONS = new Set([0x0295b43f, 0x02aa7ed3]); // Ypub, Zpub

/** What a string was recognised as. */
export type BitcoinInput =
  | { kind: 'address'; type: BitcoinAddressType; address: string }
  | { kind: 'xpub'; xpubKind: XpubKind; xpub: string }
  | { kind: 'refused'; reason: BitcoinRefusal; message: string };

export type BitcoinRefusal = 'private-key' | 'testnet' | 'multisig-xpub' | 'bad-checksum' | 'not-bitcoin';

const PREFIX_OF = new Map<number, XpubKind>(
  (Object.entries(XPUB_VERSIONS) as [XpubKind, number][]).map(([kind, version]) => [version, kind]),
);

function refuse(reason: BitcoinRefusal, message: string): BitcoinInput {
  return { kind: 'refused', reason, message };
}

function versionOf(bytes: Uint8Array): number {
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}

function decodeBase58check(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/** A segwit address of `hrp`: its witness version and program, or null (bad checksum, wrong encoding). */
function decodeSegwit(text: string, hrp: string): { version: number; program: Uint8Array } | null {
  const lower = text.toLowerCase();
  // BIP-173: all one case.
  if (text !== lower && text !== text.toUpperCase()) return null;
  if (!lower.startsWith(`${hrp}1`)) return null;
  for (const coder of [bech32, bech32m]) {
    try {
      const { prefix, words } = coder.decode(lower as `${string}1${string}`, 90);
      if (prefix !== hrp || words.length === 0) continue;
      const version = words[0]!;
      // Witness v0 uses bech32, v1 and later bech32m (BIP-350); the other pairing is invalid.
      if ((version === 0) !== (coder === bech32)) continue;
      return { version, program: coder.fromWords(words.slice(1)) };
    } catch {
      // Try the other checksum.
    }
  }
  return null;
}

function segwitType(text: string, hrp: string): BitcoinAddressType | null {
  const decoded = decodeSegwit(text, hrp);
  if (!decoded) return null;
  const { version, program } = decoded;
  if (version === 0 && program.length === 20) return 'p2wpkh';
  if (version === 0 && program.length === 32) return 'p2wsh';
  if (version === 1 && program.length === 32) return 'p2tr';
  return null;
}

function base58Type(text: string, versions: { pkh: number; sh: number }): BitcoinAddressType | null {
  const bytes = decodeBase58check(text);
  if (!bytes || bytes.length !== 21) return null;
  if (bytes[0] === versions.pkh) return 'p2pkh';
  if (bytes[0] === versions.sh) return 'p2sh';
  return null;
}

/** The mainnet address type of `text`, or null when it is not a valid mainnet address. */
export function bitcoinAddressType(text: string): BitcoinAddressType | null {
  return segwitType(text, 'bc') ?? base58Type(text, { pkh: 0x00, sh: 0x05 });
}

function isTestnetAddress(text: string): boolean {
  return (
    segwitType(text, 'tb') !== null ||
    segwitType(text, 'bcrt') !== null ||
    base58Type(text, { pkh: 0x6f, sh: 0xc4 }) !== null
  );
}

/** True for a valid mainnet Bitcoin address (checksum verified); testnet and regtest addresses are false. */
export function isMainnetBitcoinAddress(text: string): boolean {
  return bitcoinAddressType(text) !== null;
}

/** The prefix of a valid mainnet extended public key we derive from, else null (checksum verified). */
export function xpubKind(text: string): XpubKind | null {
  const bytes = decodeBase58check(text.trim());
  if (!bytes || bytes.length !== 78) return null;
  return PREFIX_OF.get(versionOf(bytes)) ?? null;
}

/** True for an xpub, ypub or zpub with a valid checksum. */
export function isXpub(text: string): boolean {
  return xpubKind(text) !== null;
}

/**
 * Recognises a pasted Bitcoin string. Whitespace around it is ignored; anything else is refused with
 * words that say what was recognised (never echoing a private key back).
 */
export function recogniseBitcoin(input: string): BitcoinInput {
  const text = input.trim();
  const type = bitcoinAddressType(text);
  if (type)
    return {
      kind: 'address',
      type,
      address: type.startsWith('p2w') || type === 'p2tr' ? text.toLowerCase() : text,
    };
  if (isTestnetAddress(text)) {
    return refuse('testnet', 'This is a testnet Bitcoin address; only mainnet addresses can be tracked.');
  }
  const bytes = decodeBase58check(text);
  if (bytes) {
    if (bytes.length === 78) {
      const version = versionOf(bytes);
      const kind = PREFIX_OF.get(version);
      if (kind) return { kind: 'xpub', xpubKind: kind, xpub: text };
      if (PRIVATE_VERSIONS.has(version)) {
        return refuse(
          'private-key',
          'This is an extended PRIVATE key; paste the extended public key (xpub, ypub or zpub) instead.',
        );
      }
      if (TESTNET_PUBLIC_VERSIONS.has(version)) {
        return refuse('testnet', 'This is a testnet extended public key; only mainnet keys can be tracked.');
      }
      if (MULTISIG_PUBLIC_VERSIONS.has(version)) {
        return refuse(
          'multisig-xpub',
          'Multisig extended keys (Ypub, Zpub) cannot be tracked; add the addresses one by one.',
        );
      }
    }
    // WIF: version 0x80 (mainnet) or 0xef (testnet), 32 key bytes, an optional compression flag.
    if ((bytes[0] === 0x80 || bytes[0] === 0xef) && (bytes.length === 33 || bytes.length === 34)) {
      return refuse('private-key', 'This is a PRIVATE key (WIF); paste a public address instead.');
    }
    return refuse('not-bitcoin', 'This base58 string is not a Bitcoin address or extended public key.');
  }
  if (/^(bc1|[13])[a-zA-HJ-NP-Z0-9]{20,}$/.test(text) || /^[xyz]pub[1-9A-HJ-NP-Za-km-z]{100,}$/.test(text)) {
    return refuse(
      'bad-checksum',
      'This looks like a Bitcoin address or xpub, but its checksum does not match; check for a typo.',
    );
  }
  return refuse('not-bitcoin', 'This is not a Bitcoin address or extended public key.');
}
