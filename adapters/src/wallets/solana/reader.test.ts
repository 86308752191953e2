/**
 * The Solana reader against a local JSON-RPC peer: SOL and SPL balances (Token and Token-2022, an unknown
 * mint with no coin id), transfers read once from the owner's and its token accounts' signatures, a
 * re-scan adding nothing, paging, and rate limits and outages as ChainError kinds.
 */
import { createHash } from 'node:crypto';
import { base58 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainCursor, ChainTransfer } from '../port.ts';
import { startSolanaPeer, type SolanaPeer } from '../testing/solana-peer.ts';
import { createSolanaReader } from './reader.ts';

/** A well-formed Solana address (32 bytes, base58) per label. */
const key = (label: string) => base58.encode(createHash('sha256').update(label).digest());
const OWNER = key('owner');
const OTHER = key('other');
const USDC = key('usdc-mint');
const ODD = key('odd-mint');
const ATA_USDC = key('owner-usdc');
const ATA_ODD = key('owner-odd');
const OTHER_USDC = key('other-usdc');
const OTHER_ODD = key('other-odd');
const TOKENS = [{ address: USDC, coingeckoId: 'usd-coin', symbol: 'USDC' }];
const SOL = 1_000_000_000;

let peer: SolanaPeer;
const sent: Record<string, string> = {};

beforeAll(async () => {
  peer = await startSolanaPeer();
  peer.setBalance(OWNER, 1_500_000_000);
  peer.addTokenAccount({ pubkey: ATA_USDC, owner: OWNER, mint: USDC, amount: '12345678', decimals: 6 });
  peer.addTokenAccount({
    pubkey: ATA_ODD,
    owner: OWNER,
    mint: ODD,
    amount: '5000',
    decimals: 2,
    program: 'token-2022',
  });
  peer.addTokenAccount({
    pubkey: key('owner-empty'),
    owner: OWNER,
    mint: key('empty-mint'),
    amount: '0',
    decimals: 6,
  });
  sent.solIn = peer.addTransaction({
    slot: 10,
    accounts: [
      { pubkey: OTHER, pre: 10 * SOL, post: 8 * SOL - 5_000 },
      { pubkey: OWNER, pre: 0, post: 2 * SOL },
    ],
  });
  // Names only the owner's token account, never the owner: found through the token account's signatures.
  sent.usdcIn = peer.addTransaction({
    slot: 11,
    accounts: [
      { pubkey: OTHER, pre: 8 * SOL, post: 8 * SOL - 5_000 },
      { pubkey: OTHER_USDC, pre: 2_039_280, post: 2_039_280 },
      { pubkey: ATA_USDC, pre: 2_039_280, post: 2_039_280 },
    ],
    tokenBalances: [
      { accountIndex: 1, mint: USDC, owner: OTHER, decimals: 6, pre: '20000000', post: '7654322' },
      { accountIndex: 2, mint: USDC, owner: OWNER, decimals: 6, pre: '0', post: '12345678' },
    ],
  });
  sent.solOut = peer.addTransaction({
    slot: 12,
    accounts: [
      { pubkey: OWNER, pre: 2 * SOL, post: 1.5 * SOL - 5_000 },
      { pubkey: OTHER, pre: 8 * SOL, post: 8.5 * SOL },
    ],
  });
  // A token send: the owner pays only the fee in SOL, which is not a SOL transfer.
  sent.oddOut = peer.addTransaction({
    slot: 13,
    accounts: [
      { pubkey: OWNER, pre: 1.5 * SOL, post: 1.5 * SOL - 5_000 },
      { pubkey: ATA_ODD, pre: 2_039_280, post: 2_039_280 },
      { pubkey: OTHER_ODD, pre: 2_039_280, post: 2_039_280 },
    ],
    tokenBalances: [
      { accountIndex: 1, mint: ODD, owner: OWNER, decimals: 2, pre: '6000', post: '5000' },
      { accountIndex: 2, mint: ODD, owner: OTHER, decimals: 2, pre: '0', post: '1000' },
    ],
  });
  peer.addTransaction({
    slot: 14,
    failed: true,
    accounts: [
      { pubkey: OWNER, pre: 1.5 * SOL, post: 1.5 * SOL - 10_000 },
      { pubkey: OTHER, pre: 8.5 * SOL, post: 8.5 * SOL },
    ],
  });
});

afterAll(() => peer.close());

describe('balances and activity', () => {
  it('reads SOL and the SPL balances of both token programs; an unknown mint has no coin id', async () => {
    const reader = createSolanaReader({ rpcUrl: peer.url });
    const balances = await reader.balances(OWNER, TOKENS);
    expect(balances).toEqual([
      {
        chain: 'solana',
        asset: { kind: 'native' },
        symbol: 'SOL',
        decimals: 9,
        amount: '1.5',
        coingeckoId: 'solana',
      },
      {
        chain: 'solana',
        asset: { kind: 'token', address: USDC },
        symbol: 'USDC',
        decimals: 6,
        amount: '12.345678',
        coingeckoId: 'usd-coin',
      },
      {
        chain: 'solana',
        asset: { kind: 'token', address: ODD },
        symbol: `${ODD.slice(0, 4)}…${ODD.slice(-4)}`,
        decimals: 2,
        amount: '50',
        coingeckoId: null,
      },
    ]);
  });

  it('has activity with a balance or any signature, and none for a fresh address', async () => {
    const reader = createSolanaReader({ rpcUrl: peer.url });
    expect(await reader.hasActivity(OWNER)).toBe(true);
    expect(await reader.hasActivity(OTHER)).toBe(true);
    expect(await reader.hasActivity(key('nobody'))).toBe(false);
    expect(await reader.balances(key('nobody'), TOKENS)).toEqual([]);
  });
});

describe('transfers', () => {
  const expected = () => [
    [sent.solIn, 0, 'in', 'SOL', '2'],
    [sent.usdcIn, 3, 'in', 'USDC', '12.345678'],
    [sent.solOut, 0, 'out', 'SOL', '0.500005'],
    [sent.oddOut, 2, 'out', `${ODD.slice(0, 4)}…${ODD.slice(-4)}`, '10'],
  ];
  const row = (t: ChainTransfer) => [t.txHash, t.index, t.direction, t.symbol, t.amount];

  it('records each SOL and token movement once, oldest first, and a re-scan adds only what is new', async () => {
    const reader = createSolanaReader({ rpcUrl: peer.url });
    const page = await reader.transfers(OWNER, TOKENS, null);
    expect(page.done).toBe(true);
    expect(page.transfers.map(row)).toEqual(expected());
    expect(page.transfers[1]).toMatchObject({
      asset: { kind: 'token', address: USDC },
      coingeckoId: 'usd-coin',
      block: 11,
    });
    expect(page.transfers[3]!.coingeckoId).toBeNull();
    const again = await reader.transfers(OWNER, TOKENS, page.cursor);
    expect(again.transfers).toEqual([]);

    const later = peer.addTransaction({
      slot: 20,
      accounts: [
        { pubkey: OTHER, pre: 8 * SOL, post: 7 * SOL - 5_000 },
        { pubkey: OWNER, pre: 1.5 * SOL, post: 2.5 * SOL },
      ],
    });
    const next = await reader.transfers(OWNER, TOKENS, again.cursor);
    expect(next.transfers.map(row)).toEqual([[later, 0, 'in', 'SOL', '1']]);
    expect((await reader.transfers(OWNER, TOKENS, next.cursor)).transfers).toEqual([]);
  });

  it('pages a long history without losing or repeating a transfer', async () => {
    const reader = createSolanaReader({ rpcUrl: peer.url, pageSize: 2 });
    const seen: ChainTransfer[] = [];
    let cursor: ChainCursor | null = null;
    for (let round = 0; round < 10; round += 1) {
      const page = await reader.transfers(OWNER, TOKENS, cursor);
      seen.push(...page.transfers);
      cursor = page.cursor;
      if (page.done) break;
    }
    expect(seen.map(row).slice(0, 4)).toEqual(expected());
    expect(new Set(seen.map((t) => `${t.txHash}:${t.index}`)).size).toBe(seen.length);
  });
});

describe('failures', () => {
  it('refuses a string that is not a Solana address', async () => {
    const reader = createSolanaReader({ rpcUrl: peer.url });
    await expect(reader.balances('0xdeadbeef', [])).rejects.toMatchObject({ kind: 'bad-address' });
  });

  it('maps 429 to rate-limited with Retry-After, and 5xx to unreachable', async () => {
    const reader = createSolanaReader({ rpcUrl: peer.url });
    peer.failWith({ status: 429, retryAfterSeconds: 3 });
    try {
      await expect(reader.balances(OWNER, TOKENS)).rejects.toMatchObject({
        kind: 'rate-limited',
        retryAfterMs: 3_000,
      });
      peer.failWith({ status: 500 });
      await expect(reader.transfers(OWNER, TOKENS, null)).rejects.toMatchObject({ kind: 'unreachable' });
    } finally {
      peer.failWith(null);
    }
  });

  it('maps a node that is down to unreachable', async () => {
    const gone = await startSolanaPeer();
    await gone.close();
    const reader = createSolanaReader({ rpcUrl: gone.url });
    await expect(reader.hasActivity(OWNER)).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
