/** Response schemas of the portfolio and alert routes (see responses.ts). */
import { z } from 'zod';
import { ZDisplayCurrency } from '../schemas/common.ts';
import {
  ALERT_SCOPES,
  PNL_MEASURES,
  ALERT_STATUSES,
  ALERT_TYPES,
  NOTIFICATION_METHODS,
  RESET_INTERVALS,
  THRESHOLD_TYPES,
} from '../alerts/constants.ts';
import type {
  AlertEventView,
  AlertStats,
  AlertView,
  CreateAlertsResult,
  ProtectPortfolioResult,
} from '../schemas/alerts.ts';
import type { PortfolioHistory } from '../schemas/portfolio-history.ts';
import { PRICE_RANGE_IDS, type PriceHistory } from '../schemas/price-history.ts';
import {
  BENCHMARK_COINS,
  PERFORMANCE_RANGES,
  type PortfolioPerformance,
} from '../schemas/portfolio-performance.ts';
import type { ReportQueued } from '../schemas/portfolio-report.ts';
import type {
  AddHoldingResult,
  BulkAddResult,
  HeldBalancesResult,
  HoldingRow,
} from '../schemas/portfolio.ts';
import { ZRecordedBuy } from './responses-transactions.ts';
import { isoTime, nullable, responseSchema } from './schema-helpers.ts';
export const ZHoldingRow = responseSchema<HoldingRow>()(
  z
    .strictObject({
      id: z.uuid(),
      coinId: nullable(z.string()).meta({ description: 'Same as coingeckoId (kept for older clients).' }),
      coingeckoId: nullable(z.string()),
      symbol: z.string(),
      name: z.string(),
      quantity: z.string().meta({ description: 'Decimal string.' }),
      purchasePrice: z.string().meta({ description: "Decimal string, USD per coin; '0' when not known." }),
      currentPrice: z.number().meta({ description: 'Latest USD price known to the server, 0 when none.' }),
      change24h: nullable(z.number()),
      gainLoss: z.number(),
      address: nullable(z.string()),
      image: nullable(z.string()),
      createdAt: isoTime,
      updatedAt: isoTime,
    })
    .meta({ id: 'Holding' }),
);

export const ZAddHoldingResult = responseSchema<AddHoldingResult>()(
  z.strictObject({
    ...ZHoldingRow.shape,
    autoAlerts: z
      .array(
        z.strictObject({
          id: z.uuid(),
          coinSymbol: z.string(),
          thresholdType: z.enum(THRESHOLD_TYPES),
          thresholdValue: z.number(),
          notificationMethod: z.enum(NOTIFICATION_METHODS),
        }),
      )
      .meta({ description: 'Alerts the server set on the new coin, like the first Gain/Loss alert.' }),
    recordedBuy: nullable(ZRecordedBuy).meta({
      description:
        'Set when the coin was already held: the buy recorded on it, with its new quantity and average cost.',
    }),
  }),
);

export const ZHeldBalancesResult = responseSchema<HeldBalancesResult>()(
  z.strictObject({
    updated: z.array(ZHoldingRow),
    unchanged: z.array(z.string()),
    failed: z.array(z.strictObject({ symbol: z.string(), error: z.string() })),
  }),
);

export const ZBulkAddResult = responseSchema<BulkAddResult>()(
  z.strictObject({
    successful: z.int().min(0),
    failed: z.int().min(0),
    errors: z.array(
      z.strictObject({ item: z.strictObject({ symbol: z.string(), index: z.int() }), error: z.string() }),
    ),
    added: z.array(ZHoldingRow),
  }),
);

export const ZPortfolioHistory = responseSchema<PortfolioHistory>()(
  z.strictObject({
    range: z.enum(['7d', '30d', '90d', '1y']),
    from: z.number(),
    to: z.number(),
    stepMs: z.number(),
    holdings: z.int().min(0),
    points: z.array(z.strictObject({ t: z.number(), value: z.number(), priced: z.int().min(0) })),
    fx: z
      .strictObject({
        currency: ZDisplayCurrency,
        days: z.array(z.strictObject({ day: z.iso.date(), rate: z.number().positive() })),
      })
      .optional()
      .meta({
        description:
          'For a display currency other than the dollar: its rate on each stored day of the range, to ' +
          'convert each point with the rate of its day (the latest day before it, or the first day).',
      }),
  }),
);

const amount = (description: string) =>
  z.string().meta({ description: `${description} Decimal string in \`currency\`, rounded to its decimals.` });
const fraction = (description: string) =>
  nullable(z.number()).meta({
    description: `${description} A fraction (0.05 is 5 %); null with no money to measure.`,
  });

export const ZPortfolioPerformance = responseSchema<PortfolioPerformance>()(
  z.strictObject({
    range: z.enum(PERFORMANCE_RANGES),
    currency: ZDisplayCurrency,
    from: z.number().meta({ description: 'Epoch ms of the range start.' }),
    to: z.number().meta({ description: 'Epoch ms of the range end (now).' }),
    stepMs: z.number(),
    points: z
      .array(
        z.strictObject({
          t: z.number(),
          value: amount('Σ quantity held × price at t.'),
          invested: amount('Money put in less money taken out up to t.'),
          benchmark: amount('The same flows held in the benchmark coin.').optional(),
        }),
      )
      .meta({ description: 'Steps, oldest first: each figure holds until the next point.' }),
    summary: z.strictObject({
      startValue: amount('Value at the start.'),
      endValue: amount('Value at the end.'),
      netFlows: amount('Money in less money out inside the range.'),
      gain: amount('endValue - startValue - netFlows.'),
      mwr: fraction('Money-weighted return (modified Dietz): reflects when money went in and out.'),
      twr: fraction('Time-weighted return (sub-periods between flows, chained): the investments alone.'),
      benchmark: nullable(
        z.strictObject({
          coin: z.enum(BENCHMARK_COINS),
          endValue: amount('What the same flows would be worth in the coin.'),
          gain: amount('endValue - startValue - netFlows.'),
          mwr: fraction('Money-weighted return of the same flows in the coin.'),
          twr: fraction('The coin’s own price change over the range.'),
        }),
      )
        .optional()
        .meta({ description: 'Only when a benchmark was asked; null when its prices are not stored.' }),
    }),
    unpriced: z.array(z.string()).meta({ description: 'Coins held with no known price in the range.' }),
    excludedHoldings: z.int().min(0).meta({ description: 'Holdings with no price source, left out.' }),
  }),
);

export const ZReportQueued = responseSchema<ReportQueued>()(
  z.strictObject({ status: z.literal('queued'), reportId: z.string() }),
);

const zAlertCoin = z.strictObject({
  id: z.string(),
  name: z.string(),
  shortname: z.string(),
  image: nullable(z.string()),
  currentPrice: nullable(z.number()),
});

export const ZAlertView = responseSchema<AlertView>()(
  z
    .strictObject({
      _id: z.uuid(),
      id: z.uuid(),
      type: z.enum(ALERT_TYPES),
      scope: z.enum(ALERT_SCOPES),
      coinId: nullable(zAlertCoin),
      coinSymbol: z.string(),
      portfolioItemId: nullable(z.string()),
      thresholdType: z.enum(THRESHOLD_TYPES),
      thresholdValue: z.number(),
      notificationMethod: z.enum(NOTIFICATION_METHODS),
      channels: z.array(z.string()).meta({ description: 'Channels beside e-mail and SMS: webhook, push.' }),
      status: z.enum(ALERT_STATUSES),
      pausedBy: nullable(z.enum(['user', 'trigger'])),
      lastTriggered: nullable(isoTime),
      resetInterval: z.enum(RESET_INTERVALS),
      direction: nullable(z.enum(['above', 'below'])),
      currency: ZDisplayCurrency.meta({
        description:
          'The currency the alert was set in; its prices (not coinId.currentPrice) are stated in it.',
      }),
      triggerPrice: nullable(z.number()),
      referenceValue: nullable(z.number()),
      currentPrice: nullable(z.number()),
      measure: nullable(z.enum(PNL_MEASURES)).meta({
        description: 'Holding gain/loss alerts: percent or amount.',
      }),
      highWater: nullable(z.number()).meta({
        description: 'Drawdown alerts: the peak the drop is measured from, in `currency`.',
      }),
      distancePercent: nullable(z.number()),
      lifecycle: z.strictObject({
        state: z.enum(['ready', 'cooling_down', 'rearmed', 'paused', 'not_armed']),
        cooldownUntil: nullable(isoTime),
      }),
      origin: z.enum(['user', 'auto']).meta({
        description: 'auto: set by the server for a coin newly added, like the first Gain/Loss alert.',
      }),
      createdAt: isoTime,
      updatedAt: isoTime,
    })
    .meta({ id: 'Alert' }),
);

export const ZCreateAlertsResult = responseSchema<CreateAlertsResult>()(
  z.strictObject({ created: z.int().min(0), alerts: z.array(ZAlertView) }),
);

export const ZProtectPortfolioResult = responseSchema<ProtectPortfolioResult>()(
  z.strictObject({
    created: z.int().min(0),
    alerts: z.array(ZAlertView),
    skipped: z.array(z.strictObject({ symbol: z.string(), reason: z.string() })),
  }),
);

const zChannel = z.enum(['email', 'sms']);

export const ZAlertEventView = responseSchema<AlertEventView>()(
  z
    .strictObject({
      id: z.uuid(),
      alertId: nullable(z.string()),
      coinSymbol: nullable(z.string()),
      scope: nullable(z.enum(ALERT_SCOPES)),
      thresholdType: nullable(z.enum(THRESHOLD_TYPES)),
      thresholdValue: nullable(z.number()),
      tickId: z.string(),
      price: nullable(z.number()),
      triggerPrice: nullable(z.number()),
      currency: ZDisplayCurrency.meta({ description: 'The currency of price and triggerPrice.' }),
      channels: z.array(zChannel),
      outcome: z
        .string()
        .meta({ description: 'queued, delivered, partially_delivered, failed or skipped_allowance' }),
      detail: nullable(z.string()),
      firedAt: isoTime,
      deliveries: z.array(
        z.strictObject({
          channel: zChannel,
          status: z.string().meta({ description: 'pending, sending, sent or failed' }),
          attempts: z.int().min(0),
          sentAt: nullable(isoTime),
          lastError: nullable(z.string()),
        }),
      ),
    })
    .meta({ id: 'AlertEvent' }),
);

const zChannelUsage = z.strictObject({
  sent: z.int().min(0),
  limit: z.int().min(0),
  remaining: z.int().min(0),
});

const counts = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, z.int().min(0)])) as Record<T[number], z.ZodInt>);

export const ZAlertStats = responseSchema<AlertStats>()(
  z.strictObject({
    total: z.int().min(0),
    byStatus: counts(ALERT_STATUSES),
    pausedBy: counts(['user', 'trigger'] as const),
    byType: counts(ALERT_TYPES),
    byThresholdType: counts(THRESHOLD_TYPES),
    byScope: counts(ALERT_SCOPES),
    setup: z.strictObject({ count: z.int().min(0), cap: z.int().min(0) }),
    notifications: z.strictObject({
      sent: z.int().min(0),
      limit: z.int().min(0),
      remaining: z.int().min(0),
      email: zChannelUsage,
      sms: zChannelUsage,
      skipped: z.int().min(0),
      failed: z.int().min(0),
    }),
    period: z.strictObject({ start: nullable(isoTime), end: nullable(isoTime) }),
    lastTriggered: nullable(isoTime),
  }),
);

/** The holding price chart's answer: the value history's shape with its own ranges. */
export const ZPriceHistoryResponse = responseSchema<PriceHistory>()(
  ZPortfolioHistory.extend({ range: z.enum(PRICE_RANGE_IDS) }),
);
