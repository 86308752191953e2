/**
 * Seeded exchange accounts the peers answer from: balances, trades across markets, deposits and
 * withdrawals, and what the key may do. Generated deterministically so a test can list what a sync must
 * read.
 */
import { randomBytes } from 'node:crypto';

export interface SeedTrade {
  /** Unique in the account (Binance numbers trades per market; the peer keeps them unique anyway). */
  id: number;
  /** Unified 'BASE/QUOTE'. */
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  fee: string;
  feeAsset: string;
  /** Epoch milliseconds. */
  time: number;
}

export interface SeedTransfer {
  id: string;
  asset: string;
  amount: string;
  fee: string;
  time: number;
  status: 'ok' | 'pending';
}

export interface PeerAccount {
  apiKey: string;
  secret: string;
  /** Spot balances by unified code, as decimal strings. */
  balances: Record<string, string>;
  /** Funding wallet (Binance), by unified code. */
  funding: Record<string, string>;
  /** Oldest first. */
  trades: SeedTrade[];
  deposits: SeedTransfer[];
  withdrawals: SeedTransfer[];
  /** What the key may do beyond reading. */
  permissions: { trade: boolean; withdraw: boolean };
}

export interface SeedOptions {
  /** Key and secret; random when omitted (a Kraken secret must be base64, which random ones are). */
  apiKey?: string;
  secret?: string;
  trades?: number;
  /** Markets the trades spread over, unified. */
  symbols?: string[];
  deposits?: number;
  withdrawals?: number;
  balances?: Record<string, string>;
  funding?: Record<string, string>;
  /** First movement's time, epoch ms (then one every `stepMs`). */
  start?: number;
  stepMs?: number;
  permissions?: { trade: boolean; withdraw: boolean };
}

/** An account with `trades` trades spread over `symbols`, and its deposits and withdrawals. */
export function seedAccount(options: SeedOptions = {}): PeerAccount {
  const symbols = options.symbols ?? ['BTC/USDT', 'ETH/USDT', 'ETH/BTC'];
  // A month back by default, on a whole minute: recent enough that a sync reads few empty windows.
  const start = options.start ?? Math.floor((Date.now() - 30 * 86_400_000) / 60_000) * 60_000;
  const step = options.stepMs ?? 60_000;
  const trades: SeedTrade[] = [];
  for (let i = 0; i < (options.trades ?? 30); i += 1) {
    const symbol = symbols[i % symbols.length] ?? 'BTC/USDT';
    const quote = symbol.split('/')[1] ?? 'USDT';
    trades.push({
      id: 1000 + i,
      symbol,
      side: i % 3 === 0 ? 'sell' : 'buy',
      price: `${100 + (i % 17)}.25`,
      amount: `0.${String(1000 + i).padStart(4, '0')}`,
      fee: '0.001',
      feeAsset: quote,
      // Every fifth trade shares its instant with the one before, as fills of one order do.
      time: start + (i - (i % 5 === 4 ? 1 : 0)) * step,
    });
  }
  const transfers = (kind: string, n: number, offset: number): SeedTransfer[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `${kind}-${i + 1}`,
      asset: i % 2 === 0 ? 'USDT' : 'BTC',
      amount: i % 2 === 0 ? `${500 + i}` : `0.0${i + 1}`,
      fee: kind === 'withdrawal' ? '0.0005' : '0',
      time: start - offset + i * 5 * 86_400_000,
      status: 'ok' as const,
    }));
  return {
    apiKey: options.apiKey ?? randomBytes(32).toString('hex'),
    secret: options.secret ?? randomBytes(48).toString('base64'),
    balances: options.balances ?? { BTC: '0.5', ETH: '2.25', USDT: '1000' },
    funding: options.funding ?? { USDT: '50' },
    trades,
    deposits: transfers('deposit', options.deposits ?? 3, 100 * 86_400_000),
    withdrawals: transfers('withdrawal', options.withdrawals ?? 2, 50 * 86_400_000),
    permissions: options.permissions ?? { trade: false, withdraw: false },
  };
}
