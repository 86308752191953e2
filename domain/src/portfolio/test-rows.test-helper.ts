/** Builds server rows for the portfolio tests. */
import type { HoldingRow } from '../schemas/portfolio.ts';

/** A plausible HoldingRow with `overrides` applied. */
export function holdingRow(overrides: Partial<HoldingRow> = {}): HoldingRow {
  return {
    id: 'h1',
    coinId: 'bitcoin',
    coingeckoId: 'bitcoin',
    symbol: 'BTC',
    name: 'Bitcoin',
    quantity: '0.5',
    purchasePrice: '40000',
    currentPrice: 50000,
    change24h: 2,
    gainLoss: 5000,
    address: null,
    image: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
