/**
 * The Bitcoin reader against a local Esplora peer: balances of an address and of a zpub found by gap-limit
 * discovery, transfers netted per transaction (change back to the wallet is not a transfer out), Esplora's
 * 25-per-page history walked, a re-scan from the cursor adding nothing, and failures as ChainError kinds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainError } from '../port.ts';
import { startEsploraPeer, type EsploraPeer } from '../testing/esplora-peer.ts';
import { AccountAddresses } from './derive.ts';
import { createBitcoinReader, type BitcoinReader } from './reader.ts';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const XPUB_44 =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
const TAPROOT = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
const OUTSIDE = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

let peer: EsploraPeer;
/** Shared where the default options are meant, so each key's addresses are derived once per file. */
let reader: BitcoinReader;
const zpub = new AccountAddresses(ZPUB);
const legacy = new AccountAddresses(XPUB_44);

beforeAll(async () => {
  peer = await startEsploraPeer();
  reader = createBitcoinReader({ esploraUrl: peer.url, concurrency: 10 });
  peer.addTx({
    height: 100,
    inputs: [{ address: OUTSIDE, value: 200_000 }],
    outputs: [{ address: zpub.address(0, 0), value: 100_000 }],
  });
  peer.addTx({
    height: 101,
    inputs: [{ address: OUTSIDE, value: 60_000 }],
    outputs: [{ address: zpub.address(0, 3), value: 50_000 }],
  });
  // Index 15: fifteen unused before it, within the gap limit of 20.
  peer.addTx({
    height: 102,
    inputs: [{ address: OUTSIDE, value: 30_000 }],
    outputs: [{ address: zpub.address(0, 15), value: 25_000 }],
  });
  // A payment out with change back to the wallet's change chain: net −61 000 (60 000 paid, 1 000 fee).
  peer.addTx({
    height: 103,
    inputs: [{ address: zpub.address(0, 0), value: 100_000 }],
    outputs: [
      { address: OUTSIDE, value: 60_000 },
      { address: zpub.address(1, 0), value: 39_000 },
    ],
  });
  // Index 36: twenty unused (16..35) before it, so discovery never reaches it.
  peer.addTx({
    height: 104,
    inputs: [{ address: OUTSIDE, value: 10_000 }],
    outputs: [{ address: zpub.address(0, 36), value: 7_000 }],
  });
  // Unconfirmed: neither balance nor transfer.
  peer.addTx({
    inputs: [{ address: OUTSIDE, value: 2_000 }],
    outputs: [{ address: zpub.address(0, 3), value: 1_000 }],
  });
  // The BIP-44 account's only use is at receive index 25: after 20 unused, not found.
  peer.addTx({
    height: 105,
    inputs: [{ address: OUTSIDE, value: 9_000 }],
    outputs: [{ address: legacy.address(0, 25), value: 8_000 }],
  });
  // A single taproot address with 30 confirmed receipts: more than one Esplora page of 25.
  for (let n = 0; n < 30; n += 1) {
    peer.addTx({
      height: 200 + n,
      inputs: [{ address: OUTSIDE, value: 2_000 + n }],
      outputs: [{ address: TAPROOT, value: 1_000 + n }],
    });
  }
});

afterAll(() => peer.close());

describe('balances and activity', () => {
  it('sums the confirmed funds of the zpub addresses found within the gap limit', async () => {
    expect(await reader.hasActivity(ZPUB)).toBe(true);
    // 100 000 + 50 000 + 25 000 + 39 000 − 100 000; not the 7 000 at index 36 nor the unconfirmed 1 000.
    expect(await reader.balances(ZPUB, [])).toEqual([
      {
        chain: 'bitcoin',
        asset: { kind: 'native' },
        symbol: 'BTC',
        decimals: 8,
        amount: '0.00114',
        coingeckoId: 'bitcoin',
      },
    ]);
  });

  it('does not find an account used only at index 25 (after 20 unused)', async () => {
    expect(await reader.hasActivity(XPUB_44)).toBe(false);
    expect(await reader.balances(XPUB_44, [])).toEqual([]);
    // With a wider gap limit the same account is found.
    const wide = createBitcoinReader({ esploraUrl: peer.url, gapLimit: 30, concurrency: 10 });
    expect((await wide.balances(XPUB_44, []))[0]?.amount).toBe('0.00008');
  });

  it('reads a single taproot address', async () => {
    const expected = Array.from({ length: 30 }, (_, n) => 1_000 + n).reduce((a, b) => a + b, 0);
    expect(await reader.balances(TAPROOT, [])).toMatchObject([{ amount: (expected / 1e8).toString() }]);
  });
});

describe('transfers', () => {
  it('nets each transaction over the wallet: change back to itself is not a transfer out', async () => {
    const page = await reader.transfers(ZPUB, [], null);
    expect(page.done).toBe(true);
    expect(page.transfers.map((t) => [t.block, t.direction, t.amount, t.index])).toEqual([
      [100, 'in', '0.001', 0],
      [101, 'in', '0.0005', 0],
      [102, 'in', '0.00025', 0],
      [103, 'out', '0.00061', 0],
    ]);
    expect(page.transfers[0]!.at).toBe(new Date((1_700_000_000 + 100 * 600) * 1000).toISOString());
    expect(page.cursor).toMatchObject({ height: 103 });
    const again = await reader.transfers(ZPUB, [], page.cursor);
    expect(again.transfers).toEqual([]);
    expect(again.done).toBe(true);
  });

  it("walks Esplora's pages and its own, and a re-scan from the cursor adds only what is new", async () => {
    const reader = createBitcoinReader({ esploraUrl: peer.url, pageSize: 12, concurrency: 10 });
    const seen: string[] = [];
    let cursor = null;
    for (let round = 0; round < 5; round += 1) {
      const page = await reader.transfers(TAPROOT, [], cursor);
      seen.push(...page.transfers.map((t) => t.txHash));
      cursor = page.cursor;
      if (page.done) break;
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(peer.requests.some((path) => path.includes('/txs/chain/'))).toBe(true);
    expect((await reader.transfers(TAPROOT, [], cursor)).transfers).toEqual([]);
    const fresh = peer.addTx({
      height: 300,
      inputs: [{ address: TAPROOT, value: 1_000 }],
      outputs: [{ address: OUTSIDE, value: 900 }],
    });
    const next = await reader.transfers(TAPROOT, [], cursor);
    expect(next.transfers.map((t) => [t.txHash, t.direction, t.amount])).toEqual([[fresh, 'out', '0.00001']]);
  });
});

describe('blocks arriving during a scan', () => {
  // BIP-32 test vector 1's master key, used as an account key of its own (P2PKH children).
  const account = new AccountAddresses(
    'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
  );
  const XPUB_V1 =
    'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';

  it('never moves the cursor past a block that paid an address discovery had not seen yet', async () => {
    peer.addTx({
      height: 500,
      inputs: [{ address: OUTSIDE, value: 5_000 }],
      outputs: [{ address: account.address(0, 0), value: 4_000 }],
    });
    let injected = false;
    // A block lands after discovery, paying the known address 0 and the not-yet-used address 1.
    const racing: typeof fetch = async (input, init) => {
      if (!injected && String(input).endsWith('/txs')) {
        injected = true;
        peer.addTx({
          height: 501,
          inputs: [{ address: OUTSIDE, value: 3_000 }],
          outputs: [{ address: account.address(0, 0), value: 2_000 }],
        });
        peer.addTx({
          height: 501,
          inputs: [{ address: OUTSIDE, value: 2_000 }],
          outputs: [{ address: account.address(0, 1), value: 1_000 }],
        });
      }
      return fetch(input, init);
    };
    const reader = createBitcoinReader({ esploraUrl: peer.url, fetch: racing, concurrency: 10 });
    const first = await reader.transfers(XPUB_V1, [], null);
    expect(first.transfers.map((t) => [t.block, t.amount])).toEqual([[500, '0.00004']]);
    expect(first.cursor).toMatchObject({ height: 500 });
    const second = await reader.transfers(XPUB_V1, [], first.cursor);
    expect(second.transfers.map((t) => [t.block, t.amount]).sort()).toEqual([
      [501, '0.00001'],
      [501, '0.00002'],
    ]);
  });

  it('waits for the confirmations asked for', async () => {
    const deep = createBitcoinReader({ esploraUrl: peer.url, minConfirmations: 3, concurrency: 10 });
    peer.setTip(502);
    // Tip 502 with three confirmations: blocks up to 500 only.
    const page = await deep.transfers(XPUB_V1, [], null);
    expect(page.transfers.map((t) => t.block)).toEqual([500]);
    peer.setTip(0);
  });
});

describe('failures', () => {
  it('refuses a testnet address and an extended private key as bad-address', async () => {
    await expect(reader.balances('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', [])).rejects.toMatchObject({
      kind: 'bad-address',
    });
    const xprv =
      'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
    await expect(reader.hasActivity(xprv)).rejects.toMatchObject({ kind: 'bad-address' });
  });

  it('maps 429 to rate-limited with Retry-After, and 5xx to unreachable', async () => {
    peer.failWith({ status: 429, retryAfterSeconds: 7 });
    try {
      const error = await reader.balances(TAPROOT, []).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ChainError);
      expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 7_000, transient: true });
      peer.failWith({ status: 503 });
      await expect(reader.transfers(ZPUB, [], null)).rejects.toMatchObject({ kind: 'unreachable' });
    } finally {
      peer.failWith(null);
    }
  });

  it('maps a server that is down to unreachable', async () => {
    const gone = await startEsploraPeer();
    await gone.close();
    const down = createBitcoinReader({ esploraUrl: gone.url });
    await expect(down.hasActivity(ZPUB)).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
