/** What every alert on one holding is measured from and carries (create, auto-create, protect). */
import type { NewAlert } from '@coinpace/db';
import { computeTrigger, toDecimalString, type HoldingRow, type ThresholdType } from '@coinpace/domain';

/**
 * The price a holding's Gain/Loss is measured from: its purchase price, else its current price; null
 * when neither is known yet.
 */
export function holdingReference(holding: Pick<HoldingRow, 'purchasePrice' | 'currentPrice'>): string | null {
  if (Number(holding.purchasePrice) > 0) return holding.purchasePrice;
  return holding.currentPrice > 0 ? toDecimalString(holding.currentPrice) : null;
}

/** The columns naming the holding and its coin. */
export function holdingColumns(holding: HoldingRow) {
  return {
    scope: 'coin',
    coingeckoId: holding.coingeckoId,
    coinSymbol: holding.symbol,
    coinName: holding.name,
    coinImage: holding.image,
    portfolioItemId: holding.id,
  } satisfies Partial<NewAlert>;
}

/** What the user chose for a Gain/Loss alert. */
export interface GainLossSettings {
  thresholdType: ThresholdType;
  thresholdValue: string;
  notificationMethod: string;
  resetInterval: string;
  /** The currency the alert is told in; its trigger stays in dollars, like the purchase price. */
  currency: string;
}

/** A Gain/Loss alert on one holding, or null when it has nothing to be measured from (or the value is invalid). */
export function gainLossAlertRow(
  userId: string,
  holding: HoldingRow,
  settings: GainLossSettings,
): NewAlert | null {
  const reference = holdingReference(holding);
  const trigger = computeTrigger({
    thresholdType: settings.thresholdType,
    thresholdValue: settings.thresholdValue,
    referencePrice: reference,
  });
  if (!trigger.ok) return null;
  return {
    userId,
    type: 'PortfolioGainLoss',
    ...holdingColumns(holding),
    ...settings,
    direction: trigger.direction,
    triggerPrice: trigger.triggerPrice,
    referenceValue: reference,
  };
}
