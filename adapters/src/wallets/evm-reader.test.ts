/**
 * The EVM reader against anvil: a test chain with a deployed ERC-20, the native and token balances read
 * (one multicall, deployless: no Multicall3 on a fresh anvil), the token's transfers in and out found by
 * their logs once each, a re-scan after the cursor finding nothing, and the same transfers with the same
 * identity when read again from the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvmReader } from './evm-reader.ts';
import { ChainError, type TokenRef } from './port.ts';
import { startAnvil, type Anvil } from './testing/anvil.ts';
import { TEST_BOB, TEST_FRESH, seedTestChain } from './testing/test-chain.ts';

const FRESH = TEST_FRESH;
const NOBODY = '0x000000000000000000000000000000000000dEaD';

describe('EVM reader against anvil', () => {
  let anvil: Anvil;
  let token: string;
  let tokens: TokenRef[];

  beforeAll(async () => {
    anvil = await startAnvil();
    token = await seedTestChain(anvil.url);
    tokens = [{ address: token.toLowerCase(), coingeckoId: 'usd-coin', symbol: 'TUSD' }];
  }, 30_000);
  afterAll(() => anvil?.stop());

  const reader = () =>
    createEvmReader({ chain: 'ethereum', rpcUrl: anvil.url, chainId: 31337, pageBlocks: 2n });

  it('tells where an address has activity', async () => {
    expect(await reader().hasActivity(FRESH)).toBe(true);
    expect(await reader().hasActivity(TEST_BOB)).toBe(true);
    expect(await reader().hasActivity('0x2222222222222222222222222222222222222222')).toBe(false);
  });

  it('reads the native balance and the known tokens’ balances, decimals read from the contract', async () => {
    const balances = await reader().balances(FRESH, tokens);
    expect(balances).toEqual([
      {
        chain: 'ethereum',
        asset: { kind: 'native' },
        symbol: 'ETH',
        decimals: 18,
        amount: '0.5',
        coingeckoId: 'ethereum',
      },
      {
        chain: 'ethereum',
        asset: { kind: 'token', address: token.toLowerCase() },
        symbol: 'TUSD',
        decimals: 6,
        amount: '250',
        coingeckoId: 'usd-coin',
      },
    ]);
  });

  it('finds each token transfer once by its logs, and nothing more after the cursor', async () => {
    const r = reader();
    const seen = [];
    let cursor = null;
    for (let pages = 0; pages < 20; pages++) {
      const page = await r.transfers(TEST_BOB, tokens, cursor);
      seen.push(...page.transfers);
      cursor = page.cursor;
      if (page.done) break;
    }
    expect(seen.map((t) => [t.direction, t.amount, t.symbol])).toEqual([
      ['in', '300', 'TUSD'],
      ['out', '250', 'TUSD'],
    ]);
    expect(new Set(seen.map((t) => `${t.txHash}:${t.index}`)).size).toBe(2);
    expect(seen.every((t) => !Number.isNaN(Date.parse(t.at)) && t.block > 0)).toBe(true);
    // A re-scan from where it stopped adds nothing.
    const again = await r.transfers(TEST_BOB, tokens, cursor);
    expect(again).toMatchObject({ transfers: [], done: true });
    // Read again from the start (a cursor lost): the same transfers, the same identities.
    const fromStart = [];
    cursor = null;
    for (let pages = 0; pages < 20; pages++) {
      const page = await r.transfers(TEST_BOB, tokens, cursor);
      fromStart.push(...page.transfers);
      cursor = page.cursor;
      if (page.done) break;
    }
    expect(fromStart).toEqual(seen);
  });

  it('refuses a malformed address and answers an unreachable node as transient', async () => {
    await expect(reader().balances('0x12', tokens)).rejects.toMatchObject({ kind: 'bad-address' });
    const down = createEvmReader({ chain: 'base', rpcUrl: 'http://127.0.0.1:9', chainId: 31337 });
    const error = await down.hasActivity(NOBODY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainError);
    expect((error as ChainError).transient).toBe(true);
  });
});
