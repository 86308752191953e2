/** Test support: server rows for web tests. */
import type { HoldingRow } from '@coinpace/domain';

let counter = 0;

/** A plausible server row; ids are UUID-shaped and unique per call unless given. */
export function holding(overrides: Partial<HoldingRow> = {}): HoldingRow {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    id,
    coinId: 'bitcoin',
    coingeckoId: 'bitcoin',
    symbol: 'BTC',
    name: 'Bitcoin',
    quantity: '1',
    purchasePrice: '30000',
    currentPrice: 40000,
    change24h: 1.5,
    gainLoss: 10000,
    address: null,
    image: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** `n` holdings of distinct coins `coin-0` … `coin-{n-1}` priced 1 … n. */
export function manyHoldings(n: number): HoldingRow[] {
  return Array.from({ length: n }, (_, i) =>
    holding({
      coingeckoId: `coin-${i}`,
      coinId: `coin-${i}`,
      symbol: `C${i}`,
      name: `Coin ${i}`,
      quantity: '10',
      purchasePrice: String(i + 1),
      currentPrice: i + 1,
    }),
  );
}
