/** The client view of a holding (SPEC.md section 3, 'Portfolio item (client view)'). */
import { isContractAddress } from '../coins.ts';
import type { HoldingRow } from '../schemas/portfolio.ts';
import { coinImageFor } from './images.ts';

/**
 * A holding with the figures the portfolio table shows. Prices are USD per coin, amounts USD, percentages
 * in percent units. Every number is finite; a price of 0 means 'not known'.
 */
export interface HoldingView {
  id: string;
  symbol: string;
  name: string;
  quantity: number;
  currentPrice: number;
  purchasePrice: number;
  /** quantity x purchasePrice. */
  purchaseAmount: number;
  /** quantity x currentPrice. */
  currentValue: number;
  /** (currentPrice - purchasePrice) x quantity; 0 while either price is unknown (see gainLossUnknown). */
  gainLoss: number;
  /** (currentPrice - purchasePrice) / purchasePrice x 100; 0 while either price is unknown. */
  gainLossPercent: number;
  /**
   * Why gain/loss cannot be worked out, or null when it can: 'no_price' when the coin has no current
   * price, 'no_purchase_price' when the purchase price is 0. The screen shows '—' and the reason then,
   * never a 0.00% that reads as 'no change'.
   */
  gainLossUnknown: GainLossUnknown | null;
  /** 24h price change in percent; null when unknown. */
  change24h: number | null;
  coingeckoId: string | null;
  /** The row's address when it is a usable contract address, else null. */
  contractAddress: string | null;
  /** See coinImageFor. */
  image: string | null;
}

/** Why a holding's gain/loss is not known. */
export type GainLossUnknown = 'no_price' | 'no_purchase_price';

/** The reason shown under the '—' of an unknown gain/loss. */
export const GAIN_LOSS_UNKNOWN_TEXT: Readonly<Record<GainLossUnknown, string>> = Object.freeze({
  no_price: 'No current price',
  no_purchase_price: 'No purchase price',
});

/** A live price for the holding's coin, as the price stream sends it. */
export interface LivePrice {
  usd: number;
  usd_24h_change?: number | null;
}

/**
 * Turns a server row into the view the table shows. `live`, when its usd is a price above 0, replaces
 * the row's currentPrice (and its 24h change, when given). Decimal strings that are not finite
 * non-negative numbers count as 0.
 */
export function toHoldingView(row: HoldingRow, live?: LivePrice): HoldingView {
  const quantity = toAmount(row.quantity);
  const purchasePrice = toAmount(row.purchasePrice);
  const hasLive = live !== undefined && Number.isFinite(live.usd) && live.usd > 0;
  const currentPrice = hasLive ? live.usd : toAmount(row.currentPrice);
  const liveChange = hasLive ? live.usd_24h_change : undefined;
  const change = liveChange !== undefined && liveChange !== null ? liveChange : row.change24h;
  const priced = purchasePrice > 0 && currentPrice > 0;
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    quantity,
    currentPrice,
    purchasePrice,
    purchaseAmount: quantity * purchasePrice,
    currentValue: quantity * currentPrice,
    gainLoss: priced ? (currentPrice - purchasePrice) * quantity : 0,
    gainLossPercent: priced ? ((currentPrice - purchasePrice) / purchasePrice) * 100 : 0,
    gainLossUnknown: currentPrice > 0 ? (purchasePrice > 0 ? null : 'no_purchase_price') : 'no_price',
    change24h: change !== null && Number.isFinite(change) ? change : null,
    coingeckoId: row.coingeckoId,
    contractAddress: isContractAddress(row.address) ? row.address : null,
    image: coinImageFor(row),
  };
}

function toAmount(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
