import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { recogniseAddress, toChecksumAddress } from './recognise.ts';

const SEED_12 =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const SEED_24 = `${'zoo '.repeat(23)}wrong`;
const SOLANA_SECRET = base58.encode(new Uint8Array(64).map((_, i) => (i * 7 + 3) % 256));

/** Published vectors (EIP-55, BIP-32, BIP-84, BIP-86, BIP-173) and well-known addresses. */
const accepted: [string, string, string][] = [
  ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'evm', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ['  0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359 ', 'evm', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
  ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'bitcoin-address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bitcoin-address', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  [
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    'bitcoin-address',
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  ],
  [
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bitcoin-address',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ],
  [
    'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
    'bitcoin-address',
    'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
  ],
  [
    'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
    'bitcoin-xpub',
    'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
  ],
  [
    'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
    'bitcoin-xpub',
    'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  ],
  ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'solana', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'],
  ['So11111111111111111111111111111111111111112', 'solana', 'So11111111111111111111111111111111111111112'],
  ['demo:alice', 'demo', 'demo:alice'],
  ['Demo:Bob', 'demo', 'demo:bob'],
];

const refused: [string, string, boolean, RegExp][] = [
  ['', 'empty', false, /Paste a public address/],
  [SEED_12, 'seed-phrase', true, /seed phrase \(12 words of the BIP-39 list\)/],
  [SEED_24, 'seed-phrase', true, /seed phrase \(24 words/],
  [SEED_12.replace('about', 'abuot'), 'seed-phrase', true, /seed phrase/],
  [
    '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318',
    'private-key',
    true,
    /private key \(64 hex/,
  ],
  ['0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'private-key', true, /private key/],
  ['5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ', 'private-key', true, /Bitcoin private key \(WIF\)/],
  ['KwdMAjGmerYanjeui5SHS7JkmpZvVipYvB2LJGU1ZxJwYvP98617', 'private-key', true, /WIF/],
  [
    'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
    'extended-private-key',
    true,
    /extended private key \(xprv\)/,
  ],
  [SOLANA_SECRET, 'solana-secret-key', true, /Solana secret key \(64 bytes\)/],
  [`[${Array.from({ length: 64 }, (_, i) => i).join(',')}]`, 'solana-secret-key', true, /64 numbers/],
  ['0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'bad-checksum', false, /checksum/],
  ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea', 'malformed', false, /38 hex digits instead of 40/],
  ['0xZZaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'malformed', false, /not hex digits/],
  ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'wrong-network', false, /testnet/],
  ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'wrong-network', false, /testnet/],
  ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', 'bad-checksum', false, /checksum is wrong/],
  ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'bad-checksum', false, /checksum is wrong/],
  ['hello world', 'malformed', false, /no spaces/],
  ['vitalik.eth', 'malformed', false, /not an address Coinpace recognises/],
];

describe('recogniseAddress', () => {
  it.each(accepted)('accepts %s as %s', (text, kind, address) => {
    const r = recogniseAddress(text);
    expect(r).toMatchObject({ ok: true, kind, address });
  });

  it.each(refused)('refuses %s as %s', (text, refusedAs, secret, message) => {
    const r = recogniseAddress(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refusedAs).toBe(refusedAs);
    expect(r.secret).toBe(secret);
    expect(r.message).toMatch(message);
  });

  it('checksums addresses as EIP-55 does', () => {
    expect(toChecksumAddress('0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb')).toBe(
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    );
  });
});
