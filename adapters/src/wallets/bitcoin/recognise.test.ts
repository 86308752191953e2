import { describe, expect, it } from 'vitest';
import { isSolanaAddress } from '../solana/recognise.ts';
import { isMainnetBitcoinAddress, isXpub, recogniseBitcoin, xpubKind } from './recognise.ts';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
const XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
const XPRV =
  'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
const UPUB =
  'upub5EFU65HtV5TeiSHmZZm7FUffBGy8UKeqp7vw43jYbvZPpoVsgU93oac7Wk3u6moKegAEWtGNF8DehrnHtv21XXEMYRUocHqguyjknFHYfgY';

describe('recogniseBitcoin', () => {
  it.each([
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'p2pkh'],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'p2sh'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'p2wpkh'],
    ['bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'p2wsh'],
    ['bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'p2tr'],
    ['  bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu\n', 'p2wpkh'],
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'p2wpkh'],
  ])('%s is a mainnet %s address', (text, type) => {
    expect(recogniseBitcoin(text)).toMatchObject({ kind: 'address', type });
    expect(isMainnetBitcoinAddress(text.trim())).toBe(true);
  });

  it.each([
    [XPUB, 'xpub'],
    [YPUB, 'ypub'],
    [ZPUB, 'zpub'],
  ])('an extended public key is recognised with its prefix', (text, kind) => {
    expect(recogniseBitcoin(text)).toEqual({ kind: 'xpub', xpubKind: kind, xpub: text });
    expect(xpubKind(text)).toBe(kind);
    expect(isXpub(text)).toBe(true);
  });

  it.each([
    ['tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet'],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet'],
    [UPUB, 'testnet'],
    [XPRV, 'private-key'],
    ['5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ', 'private-key'],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'bad-checksum'],
    [ZPUB.slice(0, -1) + 'x', 'bad-checksum'],
    ['0x52908400098527886E0F7030069857D2E4169EE7', 'not-bitcoin'],
    [
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      'not-bitcoin',
    ],
  ])('%s is refused as %s', (text, reason) => {
    const result = recogniseBitcoin(text);
    expect(result).toMatchObject({ kind: 'refused', reason });
    expect(isMainnetBitcoinAddress(text)).toBe(false);
    expect(isXpub(text)).toBe(false);
  });

  it('never repeats a private key in its message', () => {
    const result = recogniseBitcoin(XPRV);
    expect(result.kind === 'refused' && result.message.includes(XPRV.slice(4, 20))).toBe(false);
  });
});

describe('isSolanaAddress', () => {
  it.each([
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', true],
    ['So11111111111111111111111111111111111111112', true],
    ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', false],
    ['0x52908400098527886E0F7030069857D2E4169EE7', false],
    ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ50A', false],
  ])('%s → %s', (text, expected) => {
    expect(isSolanaAddress(text)).toBe(expected);
  });
});
