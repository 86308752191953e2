/**
 * Derivation against published vectors only: every expected key and address below is copied from the
 * BIP texts (BIP-32 test vectors 1 and 2; the 'abandon … about' vectors of BIP-44/49/84/86), never computed
 * by us. The BIP-44 account key and the mainnet BIP-49 address come from SLIP-132's table of the same
 * mnemonic, since BIP-44 publishes no vector and BIP-49 publishes a testnet one (checked here too).
 */
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { TEST_NETWORK } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { AccountAddresses, toXpubVersion } from './derive.ts';

const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('BIP-32 test vectors (public derivation as a watch-only wallet does it)', () => {
  it('vector 1: the master and m/0H/1 keys', () => {
    const root = HDKey.fromMasterSeed(
      Uint8Array.from(Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')),
    );
    expect(root.publicExtendedKey).toBe(
      'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
    );
    // m/0H is hardened (needs the private key); m/0H/1 is a public child of the published m/0H xpub.
    const m0h = HDKey.fromExtendedKey(
      'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
    );
    expect(m0h.deriveChild(1).publicExtendedKey).toBe(
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
    );
  });

  it('vector 2: m/0 derived from the public master key alone', () => {
    const master = HDKey.fromExtendedKey(
      'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB',
    );
    expect(master.deriveChild(0).publicExtendedKey).toBe(
      'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH',
    );
  });
});

describe("first addresses of 'abandon … about'", () => {
  const seed = mnemonicToSeedSync(ABANDON);

  it("BIP-44 m/44'/0'/0' (xpub → P2PKH)", () => {
    const xpub =
      'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
    expect(HDKey.fromMasterSeed(seed).derive("m/44'/0'/0'").publicExtendedKey).toBe(xpub);
    expect(new AccountAddresses(xpub).address(0, 0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
  });

  it("BIP-49 m/49'/1'/0' on testnet (the BIP's own vector) and the mainnet ypub", () => {
    const testnet = { private: 0x04358394, public: 0x043587cf };
    const account = HDKey.fromMasterSeed(seed, testnet).derive("m/49'/1'/0'");
    const addresses = new AccountAddresses(account.publicExtendedKey, {
      type: 'p2sh-p2wpkh',
      network: TEST_NETWORK,
      versions: testnet,
    });
    expect(addresses.address(0, 0)).toBe('2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2');
    const ypub =
      'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
    expect(new AccountAddresses(ypub).address(0, 0)).toBe('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf');
  });

  it("BIP-84 m/84'/0'/0' (zpub → P2WPKH): receive 0, 1 and change 0", () => {
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    const zpubVersions = { private: 0x04b2430c, public: 0x04b24746 };
    expect(HDKey.fromMasterSeed(seed, zpubVersions).derive("m/84'/0'/0'").publicExtendedKey).toBe(zpub);
    const addresses = new AccountAddresses(zpub);
    expect(addresses.kind).toBe('zpub');
    expect(addresses.address(0, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(addresses.address(0, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(addresses.address(1, 0)).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
    expect(toXpubVersion(zpub).startsWith('xpub')).toBe(true);
  });

  it("BIP-86 m/86'/0'/0' (taproot): receive 0, 1 and change 0", () => {
    const xpub =
      'xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ';
    expect(HDKey.fromMasterSeed(seed).derive("m/86'/0'/0'").publicExtendedKey).toBe(xpub);
    const addresses = new AccountAddresses(xpub, { type: 'p2tr' });
    expect(addresses.address(0, 0)).toBe('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr');
    expect(addresses.address(0, 1)).toBe('bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh');
    expect(addresses.address(1, 0)).toBe('bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7');
  });
});
