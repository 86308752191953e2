/**
 * What one alert's firing says, in its currency: the notice its messages are rendered from, the trigger
 * its event records, and the `alert:triggered` payload its user's sockets get.
 */
import type { AlertRecord } from '@coinpace/db';
import {
  displayCurrencyOf,
  rateOf,
  type AlertNotice,
  type AlertScope,
  type AlertTriggeredPayload,
  type DisplayCurrency,
  type FxRates,
  type PnlMeasure,
  type ThresholdType,
  isPortfolioKind,
  isEventKind,
  describeCondition,
} from '@coinpace/domain';
import type { Firing } from './evaluate-tick.ts';

/** The currency a firing is told in and its rate per dollar. */
export interface Told {
  currency: DisplayCurrency;
  rate: number;
}

/**
 * The currency an alert's messages and event are told in, and its rate per dollar: the alert's currency at
 * the tick's rate. Without a rate for it in the tick (a percentage alert fires on the dollar
 * prices alone) they are told in dollars, and say so by their signs.
 */
export function toldIn(alert: AlertRecord, rates: FxRates = {}): Told {
  const wanted = displayCurrencyOf(alert.currency);
  const rate = rateOf(wanted, rates);
  return rate === undefined ? { currency: 'usd', rate: 1 } : { currency: wanted, rate };
}

/** What the messages say, every amount in `told`'s currency. An Above/Below threshold already is. */
export function noticeOf(
  alert: AlertRecord,
  firing: Firing,
  told: Told,
  opts: { publicUrl: string; simulated?: boolean },
): AlertNotice & { currency: DisplayCurrency } {
  const convert = (usd: number) => usd * told.rate;
  const reference =
    firing.cost !== undefined
      ? firing.cost
      : alert.referenceValue === null
        ? null
        : Number(alert.referenceValue);
  return {
    scope: alert.scope as AlertScope,
    coinSymbol: alert.coinSymbol,
    coinName: alert.coinName,
    thresholdType: alert.thresholdType as ThresholdType,
    thresholdValue: Number(alert.thresholdValue),
    currency: told.currency,
    price: convert(Number(firing.price)),
    referenceValue: reference === null ? null : convert(reference),
    crossed: firing.crossed?.map((c) => ({
      ...c,
      price: convert(c.price),
      purchasePrice: convert(c.purchasePrice),
    })),
    ...(firing.rule && {
      measure: (alert.measure as PnlMeasure | null) ?? null,
      // An amount is already in the alert's currency; a percentage has none.
      observed: firing.rule.observed,
      highWater: firing.rule.highWater === null ? null : convert(firing.rule.highWater),
    }),
    ...(firing.event && { event: firing.event }),
    alertsUrl: `${opts.publicUrl}/alerts`,
    simulated: opts.simulated === true,
  };
}

/**
 * The trigger an event records, in `told`'s currency: an Above/Below alert's own trigger (kept in its
 * currency), a Gain/Loss trigger (dollars) or a whole-portfolio alert's target at the tick's rate.
 */
export function eventTrigger(alert: AlertRecord, firing: Firing, told: Told): string | null {
  if (alert.triggerPrice !== null && alert.triggerCurrency === told.currency) return alert.triggerPrice;
  const usd = alert.triggerPrice ?? (firing.target === undefined ? null : String(firing.target));
  return usd === null ? null : String(Number(usd) * told.rate);
}

/** The holdings an all-coins alert fired for, for the event's detail. */
export function crossedNote(firing: Firing): string[] {
  if (!firing.crossed?.length) return [];
  return [`holdings: ${firing.crossed.map((c) => `${c.symbol} ${c.changePercent.toFixed(2)}%`).join(', ')}`];
}

/** The `alert:triggered` payload of one firing (one per alert, also when its messages are combined). */
export function triggeredPayload(
  alert: AlertRecord,
  firing: Firing,
  notice: AlertNotice & { currency: DisplayCurrency },
  queued: boolean,
  firedAt: Date,
): AlertTriggeredPayload {
  return {
    alertId: alert.id,
    coinSymbol: firing.event?.symbol
      ? firing.event.symbol
      : notice.scope === 'portfolio' || (isPortfolioKind(notice.scope) && !alert.coinSymbol)
        ? 'PORTFOLIO_TOTAL'
        : (firing.crossed?.[0]?.symbol ?? alert.coinSymbol ?? ''),
    coingeckoId: alert.coingeckoId ?? firing.crossed?.[0]?.coingeckoId ?? null,
    thresholdType: alert.thresholdType as ThresholdType,
    thresholdValue: Number(alert.thresholdValue),
    price: notice.price,
    currency: notice.currency,
    firedAt: firedAt.getTime(),
    outcome: queued ? 'queued' : 'skipped_allowance',
    ...(isEventKind(notice.scope) && { headline: describeCondition(notice) }),
  };
}
