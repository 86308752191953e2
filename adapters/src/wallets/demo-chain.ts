/**
 * The simulated chain of demo wallets that `npm start` offers with no node: any `demo:<name>` address holds
 * a little ETH and a few tokens of the simulated coin list, plus one token the coin list does not know (so
 * the wallet page has an unpriced contract to show), with a few months of transfers. Everything derives from
 * the address, so the same address always shows the same wallet and a page read twice is the same page.
 *
 * The balances are exactly what the transfers add up to, so a refresh needs no reconciliation.
 */
import { hashString } from '../prices/simulated-coins.ts';
import {
  ChainError,
  type ChainBalance,
  type ChainCursor,
  type ChainReader,
  type ChainTransfer,
  type TokenRef,
  type TransferPage,
} from './port.ts';

/** The first day of the simulated chain (UTC). */
export const DEMO_CHAIN_FIRST_DAY = Date.UTC(2026, 5, 1);
const DAY_MS = 86_400_000;
/** Transfers per page: a first refresh reads a few pages. */
export const DEMO_CHAIN_PAGE_SIZE = 10;

interface DemoAsset {
  token: string | null;
  symbol: string;
  coingeckoId: string | null;
  /** Typical size of one transfer in, in millionths. */
  lot: number;
}

/** Contract addresses of the simulated chain (made up: the demo chain is no real chain). */
const ASSETS: readonly DemoAsset[] = [
  { token: null, symbol: 'ETH', coingeckoId: 'ethereum', lot: 400_000 },
  {
    token: '0xd000000000000000000000000000000000000001',
    symbol: 'USDC',
    coingeckoId: 'usd-coin',
    lot: 250_000_000,
  },
  {
    token: '0xd000000000000000000000000000000000000002',
    symbol: 'UNI',
    coingeckoId: 'uniswap',
    lot: 15_000_000,
  },
  {
    token: '0xd000000000000000000000000000000000000003',
    symbol: 'AAVE',
    coingeckoId: 'aave',
    lot: 1_500_000,
  },
  {
    token: '0xd000000000000000000000000000000000000bee',
    symbol: 'BEE',
    coingeckoId: null,
    lot: 1_000_000_000,
  },
];

const UNIT = 1_000_000n;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function decimal(units: bigint): string {
  const whole = units / UNIT;
  const frac = (units % UNIT).toString().padStart(6, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

interface DemoTransfer {
  asset: DemoAsset;
  direction: 'in' | 'out';
  units: bigint;
  day: number;
  txHash: string;
}

/** The whole history of a demo address, oldest first: deposits, then some of each sent out again. */
function historyOf(address: string): DemoTransfer[] {
  const next = random(hashString(address));
  const out: DemoTransfer[] = [];
  const held = new Map<DemoAsset, bigint>();
  for (let day = 0; day < 120; day += 1 + Math.floor(next() * 9)) {
    const asset = ASSETS[Math.floor(next() * ASSETS.length)]!;
    const balance = held.get(asset) ?? 0n;
    const outgoing = balance > 0n && next() < 0.3;
    const units = outgoing
      ? (balance * BigInt(1 + Math.floor(next() * 40))) / 100n
      : BigInt(Math.max(1, Math.round(asset.lot * (0.5 + next()))));
    if (units === 0n) continue;
    held.set(asset, balance + (outgoing ? -units : units));
    const txHash = `0x${hashString(`${address}:${out.length}`).toString(16).padStart(8, '0')}${'0'.repeat(56)}`;
    out.push({ asset, direction: outgoing ? 'out' : 'in', units, day, txHash });
  }
  return out;
}

function assetOf(a: DemoAsset): ChainBalance['asset'] {
  return a.token ? { kind: 'token', address: a.token } : { kind: 'native' };
}

/** The reader of the simulated chain ('demo'); `now` bounds the history to what happened already. */
export function createDemoChainReader(options: { now?: () => number } = {}): ChainReader {
  const now = options.now ?? Date.now;
  const check = (address: string) => {
    if (!/^demo:[a-z0-9][a-z0-9-]{0,31}$/.test(address)) {
      throw new ChainError('bad-address', 'This is not a demo wallet address (demo:<name>).');
    }
  };
  const visible = (address: string) => {
    const days = Math.floor((now() - DEMO_CHAIN_FIRST_DAY) / DAY_MS);
    return historyOf(address).filter((t) => t.day <= days);
  };
  return {
    chain: 'demo',
    hasActivity(address) {
      check(address);
      return Promise.resolve(visible(address).length > 0);
    },
    balances(address, _tokens: readonly TokenRef[]) {
      check(address);
      const held = new Map<DemoAsset, bigint>();
      for (const t of visible(address)) {
        held.set(t.asset, (held.get(t.asset) ?? 0n) + (t.direction === 'in' ? t.units : -t.units));
      }
      return Promise.resolve(
        [...held]
          .filter(([, units]) => units > 0n)
          .map(([asset, units]) => ({
            chain: 'demo' as const,
            asset: assetOf(asset),
            symbol: asset.symbol,
            decimals: 6,
            amount: decimal(units),
            coingeckoId: asset.coingeckoId,
          })),
      );
    },
    transfers(address, _tokens: readonly TokenRef[], cursor: ChainCursor | null): Promise<TransferPage> {
      check(address);
      const all = visible(address);
      const from = typeof cursor?.next === 'number' ? cursor.next : 0;
      const slice = all.slice(from, from + DEMO_CHAIN_PAGE_SIZE);
      const transfers: ChainTransfer[] = slice.map((t, i) => ({
        chain: 'demo',
        txHash: t.txHash,
        index: from + i,
        direction: t.direction,
        asset: assetOf(t.asset),
        symbol: t.asset.symbol,
        amount: decimal(t.units),
        coingeckoId: t.asset.coingeckoId,
        at: new Date(DEMO_CHAIN_FIRST_DAY + t.day * DAY_MS + 12 * 3_600_000).toISOString(),
        block: t.day,
      }));
      const next = from + slice.length;
      return Promise.resolve({ transfers, cursor: { next }, done: next >= all.length });
    },
  };
}
