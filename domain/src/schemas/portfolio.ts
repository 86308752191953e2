/** Request and response schemas of the portfolio routes (SPEC.md section 7, DESIGN.md section 4). */
import { z } from 'zod';
import type { NotificationMethod, ThresholdType } from '../alerts/constants.ts';
import {
  zCoinName,
  zCoingeckoId,
  zContractAddress,
  zImageUrl,
  zPurchasePrice,
  zQuantity,
  zSymbol,
} from './common.ts';
import type { TransactionRow } from '../transactions/schemas.ts';
import { MAX_BULK_ITEMS, MAX_HOLDINGS_PER_USER, TRACKS_PER_USER_PER_DAY } from '../limits.ts';

// Re-exported: the package's index has it from here.
export { MAX_BULK_ITEMS, MAX_HOLDINGS_PER_USER, TRACKS_PER_USER_PER_DAY };

/** POST /api/portfolio: the add-coin payload (SPEC.md section 3). */
export const ZAddHolding = z.strictObject({
  coingeckoId: zCoingeckoId,
  name: zCoinName,
  symbol: zSymbol,
  address: zContractAddress,
  quantity: zQuantity,
  purchasePrice: zPurchasePrice,
  image: zImageUrl,
});
export type AddHolding = z.output<typeof ZAddHolding>;
export type AddHoldingInput = z.input<typeof ZAddHolding>;

/** One item of POST /api/portfolio/bulk; a coin without a CoinGecko id is kept but has no price yet. */
export const ZBulkHoldingItem = ZAddHolding.extend({
  coingeckoId: z
    .union([zCoingeckoId, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
});
export type BulkHoldingItem = z.output<typeof ZBulkHoldingItem>;

/** POST /api/portfolio/bulk. Items are validated one by one so a bad row fails alone. */
export const ZBulkAdd = z.strictObject({
  portfolioItems: z
    .array(z.unknown(), { message: 'portfolioItems must be a list' })
    .min(1, { message: 'portfolioItems must hold at least one item' })
    .max(MAX_BULK_ITEMS, { message: `portfolioItems may hold at most ${MAX_BULK_ITEMS} items` }),
});

/**
 * POST /api/portfolio/balances: after an import that skipped coins already held, the balances
 * the import read for them; each held coin's quantity becomes its balance by an adjusting transaction.
 */
export const ZHeldBalances = z.strictObject({
  balances: z
    .array(z.strictObject({ symbol: zSymbol, quantity: zQuantity }), { message: 'balances must be a list' })
    .min(1, { message: 'balances must hold at least one item' })
    .max(MAX_BULK_ITEMS, { message: `balances may hold at most ${MAX_BULK_ITEMS} items` }),
});
export type HeldBalances = z.output<typeof ZHeldBalances>;

/** Response of POST /api/portfolio/balances. */
export interface HeldBalancesResult {
  /** The holdings whose quantity changed, as they are now. */
  updated: HoldingRow[];
  /** Symbols already at the balance given: nothing recorded. */
  unchanged: string[];
  /** Balances not applied, with why (not held, or a history that would not allow it). */
  failed: { symbol: string; error: string }[];
}

/** PUT /api/portfolio/{id}: the per-coin purchase price, and optionally a corrected quantity. */
export const ZUpdateHolding = z.strictObject({
  purchasePrice: zPurchasePrice,
  quantity: zQuantity.optional(),
});
export type UpdateHolding = z.output<typeof ZUpdateHolding>;

/** A holding as the server returns it (SPEC.md 'Portfolio item (server row)'). */
export interface HoldingRow {
  id: string;
  /** Same as coingeckoId; kept for clients of the original API. */
  coinId: string | null;
  coingeckoId: string | null;
  symbol: string;
  name: string;
  /** Decimal string. */
  quantity: string;
  /** Decimal string, per coin; '0' when not known. */
  purchasePrice: string;
  /** Latest USD price known to the server, 0 when none. */
  currentPrice: number;
  /** 24h change in percent, null when unknown. */
  change24h: number | null;
  /** (currentPrice - purchasePrice) * quantity, 0 when either price is unknown. */
  gainLoss: number;
  address: string | null;
  image: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An alert the server set on a newly added coin, like the user's first Gain/Loss alert (SPEC.md section 4). */
export interface AutoAlertNote {
  id: string;
  coinSymbol: string;
  thresholdType: ThresholdType;
  thresholdValue: number;
  notificationMethod: NotificationMethod;
}

/**
 * Response of POST /api/portfolio: the holding (SPEC.md's row), and the alerts set on it automatically,
 * so the screen can say so. `autoAlerts` is empty when none was set.
 */
export interface AddHoldingResult extends HoldingRow {
  autoAlerts: AutoAlertNote[];
  /**
   * Set when the coin was already held: no second row is added, the add is recorded as a buy
   * on the existing holding, and the row above shows its new quantity and average cost.
   */
  recordedBuy: RecordedBuy | null;
}

/** A buy recorded on a holding the user already had, through POST /api/portfolio. */
export interface RecordedBuy {
  transaction: TransactionRow;
  quantity: string;
  averageCost: string;
}

/** One failed row of a bulk add. */
export interface BulkError {
  item: { symbol: string; index: number };
  error: string;
}

/** Response of POST /api/portfolio/bulk. */
export interface BulkAddResult {
  successful: number;
  failed: number;
  errors: BulkError[];
  /** The holdings created. */
  added: HoldingRow[];
}
