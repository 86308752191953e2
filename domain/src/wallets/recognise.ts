/**
 * What a pasted text is, before anything is sent or stored: a public address Coinpace can track (EVM,
 * Bitcoin address or extended public key, Solana, a demo wallet), or something it must refuse, said in
 * words that name what was recognised. Secrets (a private key, a seed phrase, an extended private key, a
 * Solana secret key) are recognised so they can be refused: the browser runs this before posting, so a
 * pasted seed phrase never leaves it, and the server runs it again on what arrives.
 *
 * Pure and browser-safe: hashes and encodings come from @noble/hashes and @scure/base, the wordlist from
 * @scure/bip39.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { wordlist as bip39English } from '@scure/bip39/wordlists/english.js';

/** The kinds a wallet may be (the chain port's WalletAddressKind). */
export const WALLET_KINDS = ['evm', 'bitcoin-address', 'bitcoin-xpub', 'solana', 'demo'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** Every chain a wallet can be tracked on (the chain port's ChainId). */
export const WALLET_CHAINS = [
  'ethereum',
  'base',
  'arbitrum',
  'optimism',
  'polygon',
  'bsc',
  'bitcoin',
  'solana',
  'demo',
] as const;
export type WalletChain = (typeof WALLET_CHAINS)[number];

export const WALLET_EVM_CHAINS = ['ethereum', 'base', 'arbitrum', 'optimism', 'polygon', 'bsc'] as const;

/** The chains a wallet of a kind is read on. */
export function chainsOfKind(kind: WalletKind): readonly WalletChain[] {
  switch (kind) {
    case 'evm':
      return WALLET_EVM_CHAINS;
    case 'bitcoin-address':
    case 'bitcoin-xpub':
      return ['bitcoin'];
    case 'solana':
      return ['solana'];
    case 'demo':
      return ['demo'];
  }
}

/** What a refused text was recognised as. */
export type RefusedAs =
  | 'empty'
  | 'private-key'
  | 'seed-phrase'
  | 'extended-private-key'
  | 'solana-secret-key'
  | 'wrong-network'
  | 'bad-checksum'
  | 'malformed';

export type AddressRecognition =
  | {
      ok: true;
      kind: WalletKind;
      /** The form stored and compared: EVM checksummed, bech32 lower case, base58 as pasted. */
      address: string;
      /** What it is, for the form's live hint ("Ethereum-style address (EVM chains)"). */
      description: string;
    }
  | {
      ok: false;
      refusedAs: RefusedAs;
      /** Whether the text was a secret: the form clears it and nothing of it is logged. */
      secret: boolean;
      message: string;
    };

/** The demo wallets of the simulated chain: `demo:` and a name. */
export const DEMO_ADDRESS_PATTERN = /^demo:[a-z0-9][a-z0-9-]{0,31}$/;

const SEED_LENGTHS = new Set([12, 15, 18, 21, 24]);
const BIP39 = new Set(bip39English);
const base58check = createBase58check(sha256);

/** Extended key version bytes (SLIP-132): public ones tracked, private ones refused. */
const XPUB_VERSIONS: Record<number, { prefix: string; testnet: boolean }> = {
  0x0488b21e: { prefix: 'xpub', testnet: false },
  0x049d7cb6: { prefix: 'ypub', testnet: false },
  0x04b24746: { prefix: 'zpub', testnet: false },
  0x043587cf: { prefix: 'tpub', testnet: true },
  0x044a5262: { prefix: 'upub', testnet: true },
  0x045f1cf6: { prefix: 'vpub', testnet: true },
};
const PRIVATE_EXTENDED_PREFIXES = ['xprv', 'yprv', 'zprv', 'tprv', 'uprv', 'vprv'];

const SECRET_ADVICE =
  'Coinpace never needs it: paste the wallet’s public address instead. If you shared it anywhere, move your coins to a new wallet.';

function refuse(refusedAs: RefusedAs, message: string, secret = false): AddressRecognition {
  return { ok: false, refusedAs, secret, message };
}

function accept(kind: WalletKind, address: string, description: string): AddressRecognition {
  return { ok: true, kind, address, description };
}

/** EIP-55: the address with the case of each letter taken from the Keccak-256 of its lower-case hex. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

function decodeBase58check(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

function decodeBase58(text: string): Uint8Array | null {
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

function seedPhrase(words: string[]): AddressRecognition | null {
  if (words.length < 12) return null;
  const known = words.filter((w) => BIP39.has(w)).length;
  // A phrase with a typo or two is still a seed phrase: refused all the same.
  if (known < Math.ceil(words.length * 0.8)) return null;
  const exact = SEED_LENGTHS.has(words.length) && known === words.length;
  return refuse(
    'seed-phrase',
    `This looks like a seed phrase (${words.length} words${exact ? ' of the BIP-39 list' : ''}): it controls your coins. ${SECRET_ADVICE}`,
    true,
  );
}

function bech32Address(text: string): AddressRecognition | null {
  const lower = text.toLowerCase();
  const hrp = /^(bc|tb|bcrt)1/.exec(lower)?.[1];
  if (!hrp) return null;
  if (text !== lower && text !== text.toUpperCase()) {
    return refuse(
      'malformed',
      'This Bitcoin address mixes upper and lower case, which bech32 does not allow.',
    );
  }
  const tryDecode = (codec: typeof bech32) => {
    try {
      return codec.decode(lower as `${string}1${string}`, 90);
    } catch {
      return null;
    }
  };
  const plain = tryDecode(bech32);
  const decoded = plain ?? tryDecode(bech32m);
  const m = plain === null;
  if (!decoded || decoded.words.length === 0) {
    return refuse(
      'bad-checksum',
      'This looks like a Bitcoin address, but its checksum is wrong: check for a typo.',
    );
  }
  const version = decoded.words[0]!;
  let program: Uint8Array;
  try {
    program = bech32.fromWords(decoded.words.slice(1));
  } catch {
    return refuse('malformed', 'This looks like a Bitcoin address, but it does not decode.');
  }
  const segwit = version === 0 && !m && (program.length === 20 || program.length === 32);
  const taproot = version === 1 && m && program.length === 32;
  if (!segwit && !taproot) {
    return refuse('malformed', 'This looks like a Bitcoin address, but not one of the kinds in use.');
  }
  if (hrp !== 'bc') {
    return refuse(
      'wrong-network',
      'This is a Bitcoin testnet address: only main-network addresses (bc1…, 1…, 3…) can be tracked.',
    );
  }
  const what = taproot ? 'taproot' : program.length === 20 ? 'native SegWit' : 'SegWit script';
  return accept('bitcoin-address', lower, `Bitcoin address (${what})`);
}

function base58Things(text: string): AddressRecognition | null {
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(text)) return null;
  if (PRIVATE_EXTENDED_PREFIXES.some((p) => text.startsWith(p)) && text.length >= 100) {
    return refuse(
      'extended-private-key',
      `This is an extended private key (${text.slice(0, 4)}): it controls every address of the wallet. ${SECRET_ADVICE}`,
      true,
    );
  }
  const checked = decodeBase58check(text);
  if (checked) {
    if (checked.length === 78) {
      const version = new DataView(checked.buffer, checked.byteOffset, 4).getUint32(0);
      const pub = XPUB_VERSIONS[version];
      if (pub?.testnet) {
        return refuse(
          'wrong-network',
          `This is a testnet extended public key (${pub.prefix}): only xpub, ypub and zpub can be tracked.`,
        );
      }
      if (pub) return accept('bitcoin-xpub', text, `Bitcoin extended public key (${pub.prefix})`);
    }
    if (checked.length === 21) {
      const v = checked[0];
      if (v === 0x00) return accept('bitcoin-address', text, 'Bitcoin address (legacy, P2PKH)');
      if (v === 0x05) return accept('bitcoin-address', text, 'Bitcoin address (P2SH)');
      if (v === 0x6f || v === 0xc4) {
        return refuse(
          'wrong-network',
          'This is a Bitcoin testnet address: only main-network addresses (bc1…, 1…, 3…) can be tracked.',
        );
      }
    }
    const wif =
      (checked.length === 33 || (checked.length === 34 && checked[33] === 0x01)) &&
      (checked[0] === 0x80 || checked[0] === 0xef);
    if (wif) {
      return refuse('private-key', `This is a Bitcoin private key (WIF). ${SECRET_ADVICE}`, true);
    }
  }
  const raw = decodeBase58(text);
  if (raw?.length === 32) return accept('solana', text, 'Solana address');
  if (raw?.length === 64) {
    return refuse('solana-secret-key', `This is a Solana secret key (64 bytes). ${SECRET_ADVICE}`, true);
  }
  if (/^[13]/.test(text) && text.length >= 25 && text.length <= 35) {
    return refuse(
      'bad-checksum',
      'This looks like a Bitcoin address, but its checksum is wrong: check for a typo.',
    );
  }
  return null;
}

/** Recognises pasted text; see the module comment. */
export function recogniseAddress(input: string): AddressRecognition {
  const text = input.trim();
  if (text === '') return refuse('empty', 'Paste a public address.');
  const words = text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const seed = seedPhrase(words);
  if (seed) return seed;
  if (/^\[\s*\d{1,3}(\s*,\s*\d{1,3}){63}\s*\]$/.test(text)) {
    return refuse('solana-secret-key', `This is a Solana secret key (64 numbers). ${SECRET_ADVICE}`, true);
  }
  if (/\s/.test(text)) {
    return refuse('malformed', 'An address has no spaces: paste one address alone.');
  }
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(text)) {
    return refuse(
      'private-key',
      `This is a private key (64 hex digits), not an address. ${SECRET_ADVICE}`,
      true,
    );
  }
  const lowerDemo = text.toLowerCase();
  if (DEMO_ADDRESS_PATTERN.test(lowerDemo)) return accept('demo', lowerDemo, 'Demo wallet (simulated chain)');
  if (/^0x/i.test(text)) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(text)) {
      const digits = text.length - 2;
      return refuse(
        'malformed',
        /^0x[0-9a-fA-F]*$/.test(text)
          ? `This looks like an EVM address, but it has ${digits} hex digits instead of 40.`
          : 'This looks like an EVM address, but it has characters that are not hex digits.',
      );
    }
    const checksummed = toChecksumAddress(text);
    const body = text.slice(2);
    const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
    if (mixed && text !== checksummed) {
      return refuse(
        'bad-checksum',
        'This EVM address’s capital letters do not match its checksum: check for a typo.',
      );
    }
    return accept('evm', checksummed, 'EVM address (Ethereum, Base, Arbitrum, Optimism, Polygon, BNB Chain)');
  }
  const bech = bech32Address(text);
  if (bech) return bech;
  const b58 = base58Things(text);
  if (b58) return b58;
  return refuse(
    'malformed',
    'This is not an address Coinpace recognises: paste an EVM (0x…), Bitcoin (1…, 3…, bc1…, xpub/ypub/zpub) or Solana address.',
  );
}
