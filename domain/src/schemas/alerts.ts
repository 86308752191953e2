/**
 * Request and response schemas of the alert routes (SPEC.md sections 3, 5 and 7; DESIGN.md section 4),
 * shared by the API and the browser.
 */
import { z } from 'zod';
import { compareDecimal } from '../decimal.ts';
import {
  ALERT_STATUSES,
  ALERT_TYPES,
  DEFAULT_RESET_INTERVAL,
  NOTIFICATION_METHODS,
  PNL_MEASURES,
  RESET_INTERVALS,
  THRESHOLD_TYPES,
  isPercentThreshold,
  type AlertScope,
  type AlertStatus,
  type AlertType,
  type Channel,
  type Direction,
  type NotificationMethod,
  type PnlMeasure,
  type ResetInterval,
  type ThresholdType,
} from '../alerts/constants.ts';
import type { LifecycleState } from '../alerts/lifecycle.ts';
import { ALERT_MESSAGES } from '../alerts/messages.ts';
import { zAlertChannels } from '../alerts/channels.ts';
import { DISPLAY_CURRENCIES, maxAlertPrice, type DisplayCurrency } from '../format/currency.ts';
import { zCoinName, zCoingeckoId, zDecimal, zImageUrl, zSymbol } from './common.ts';

/** Most coins one create request may name. */
export const MAX_ALERT_COINS = 500;
/** Highest gain percentage an alert may ask for. */
export const MAX_GAIN_PERCENT = 100_000;

const zAlertType = z.enum(ALERT_TYPES, { message: 'Alert type must be WatchlistPrice or PortfolioGainLoss' });
const zThresholdType = z.enum(THRESHOLD_TYPES, {
  message: 'Threshold type must be Above, Below, Gain or Loss',
});
export const zNotificationMethod = z.enum(NOTIFICATION_METHODS, { message: ALERT_MESSAGES.selectMethod });
export const zResetInterval = z.enum(RESET_INTERVALS, {
  message: `Reset interval must be one of ${RESET_INTERVALS.join(', ')}`,
});
/** An alert's threshold: a positive decimal string (commas stripped), a value required. */
export const zAlertThresholdValue = z
  .union([z.number(), z.string()], { error: () => ALERT_MESSAGES.valueRequired })
  .transform((v, ctx) => {
    // SPEC.md section 5: commas are stripped before sending; accept them here too.
    const text = typeof v === 'string' ? v.replace(/,/g, '').trim() : v;
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: ALERT_MESSAGES.valueRequired });
      return z.NEVER;
    }
    return text;
  })
  // The highest cap of any currency; each alert's own is checked with priceCapMessage.
  .pipe(zDecimal('Alert value', { positive: true, max: maxAlertPrice('jpy') }));

/**
 * An Above/Below threshold past the cap of its currency (MAX_PRICE_USD in dollars, see maxAlertPrice):
 * the same message as the dollar cap always gave.
 */
export function priceCapMessage(
  thresholdType: ThresholdType,
  value: string,
  currency: DisplayCurrency,
): string | null {
  if (isPercentThreshold(thresholdType)) return null;
  const max = maxAlertPrice(currency);
  return compareDecimal(value, String(max)) > 0
    ? `Alert value must be at most ${max.toLocaleString('en-US')}`
    : null;
}

/** Watch-list coin details the browser already has from search, so the alert can show them. */
const zCoinInfo = z.strictObject({
  name: zCoinName,
  symbol: zSymbol,
  image: zImageUrl,
});

/**
 * POST /api/alerts. One coin (`coinId`: a CoinGecko id, or for a portfolio alert the holding's id),
 * several coins (`coinIds`), every holding (`allCoins`) or the whole portfolio (`wholePortfolio`).
 * A `userId` sent by older clients is ignored: the user is the token's.
 */
export const ZCreateAlert = z
  .strictObject({
    type: zAlertType,
    coinId: z.union([zCoingeckoId, z.null()]).optional(),
    coinIds: z
      .array(zCoingeckoId, { message: 'coinIds must be a list of coin ids' })
      .max(MAX_ALERT_COINS, { message: `At most ${MAX_ALERT_COINS} coins per request` })
      .optional(),
    allCoins: z.boolean().optional(),
    wholePortfolio: z.boolean().optional(),
    thresholdType: zThresholdType,
    thresholdValue: zAlertThresholdValue,
    notificationMethod: zNotificationMethod,
    /** Channels beside e-mail and SMS (docs/alert-channels.md); none when absent. */
    channels: zAlertChannels.optional(),
    resetInterval: zResetInterval.default(DEFAULT_RESET_INTERVAL),
    coin: zCoinInfo.optional(),
    /**
     * The currency the alert is set in: an Above/Below value is a price in it, and the alert's
     * messages state amounts in it. The user's display currency when absent.
     */
    currency: z
      .enum(DISPLAY_CURRENCIES, { message: `currency must be one of ${DISPLAY_CURRENCIES.join(', ')}` })
      .optional(),
    userId: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const many = (v.coinIds?.length ?? 0) > 1;
    if (v.wholePortfolio && v.allCoins) issue(ALERT_MESSAGES.portfolioOrAll, 'wholePortfolio');
    if ((many || v.allCoins || v.wholePortfolio) && !isPercentThreshold(v.thresholdType)) {
      issue(ALERT_MESSAGES.percentOnly, 'thresholdType');
    }
    if ((v.allCoins || v.wholePortfolio) && v.type !== 'PortfolioGainLoss') {
      issue('All-coins and whole-portfolio alerts are portfolio alerts (type PortfolioGainLoss).', 'type');
    }
    const hasCoin = Boolean(v.coinId) || (v.coinIds?.length ?? 0) > 0;
    if (!hasCoin && !v.allCoins && !v.wholePortfolio) {
      issue(
        v.type === 'WatchlistPrice' ? ALERT_MESSAGES.missingCoinId : ALERT_MESSAGES.targetRequired,
        'coinId',
      );
    }
    checkPercent(v.thresholdType, v.thresholdValue, (m) => issue(m, 'thresholdValue'));
    // Without a currency the server checks again with the user's.
    const cap = priceCapMessage(v.thresholdType, v.thresholdValue, v.currency ?? 'jpy');
    if (cap) issue(cap, 'thresholdValue');
  });
export type CreateAlert = z.output<typeof ZCreateAlert>;
export type CreateAlertInput = z.input<typeof ZCreateAlert>;

/** PUT /api/alerts/{id}: any of the editable fields. */
export const ZUpdateAlert = z
  .strictObject({
    thresholdType: zThresholdType.optional(),
    thresholdValue: zAlertThresholdValue.optional(),
    notificationMethod: zNotificationMethod.optional(),
    channels: zAlertChannels.optional(),
    resetInterval: zResetInterval.optional(),
    status: z.enum(ALERT_STATUSES, { message: 'Status must be Active or Paused' }).optional(),
    /** Holding gain/loss alerts only: percent or amount. */
    measure: z.enum(PNL_MEASURES, { message: 'measure must be percent or amount.' }).optional(),
    userId: z.unknown().optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'userId'), { message: 'Nothing to update' });
export type UpdateAlert = z.output<typeof ZUpdateAlert>;

/** PATCH /api/alerts/{id}/status. */
export const ZAlertStatusBody = z.strictObject({
  status: z.enum(ALERT_STATUSES, { message: 'Status must be Active or Paused' }),
});

/** PATCH /api/alerts/{id}/reset-interval. */
export const ZResetIntervalBody = z.strictObject({ resetInterval: zResetInterval });

/** POST /api/alerts/protect-portfolio: a Loss alert at `lossPercent` for every holding. */
export const ZProtectPortfolio = z
  .strictObject({
    lossPercent: zAlertThresholdValue,
    notificationMethod: zNotificationMethod,
    resetInterval: zResetInterval.default(DEFAULT_RESET_INTERVAL),
  })
  .superRefine((v, ctx) =>
    checkPercent('Loss', v.lossPercent, (message) =>
      ctx.addIssue({ code: 'custom', message, path: ['lossPercent'] }),
    ),
  );
export type ProtectPortfolio = z.output<typeof ZProtectPortfolio>;

/** Query of the history routes: newest first, `limit` events before `before` (ISO time). */
export const ZAlertHistoryQuery = z.strictObject({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: 'limit must be at least 1' })
    .max(200, { message: 'limit must be at most 200' })
    .default(50),
  before: z.iso.datetime({ message: 'before must be an ISO date-time' }).optional(),
});

function checkPercent(type: ThresholdType, value: string, report: (message: string) => void) {
  if (type === 'Loss' && compareDecimal(value, '100') >= 0) report(ALERT_MESSAGES.lossBelowHundred);
  if (type === 'Gain' && compareDecimal(value, String(MAX_GAIN_PERCENT)) > 0) {
    report(`A gain alert may ask for at most ${MAX_GAIN_PERCENT.toLocaleString('en-US')}%.`);
  }
}

/** The coin of an alert as the server embeds it (SPEC.md 'Alert (server)': coinId with name, shortname, image, currentPrice). */
export interface AlertCoinView {
  id: string;
  name: string;
  shortname: string;
  image: string | null;
  /** Latest known price, USD (SPEC.md's server shape); null when none is known. */
  currentPrice: number | null;
}

/** An alert as the API returns it: SPEC.md's server shape plus its trigger, lifecycle and distance. */
export interface AlertView {
  _id: string;
  id: string;
  type: AlertType;
  scope: AlertScope;
  /** Null for all-coins and whole-portfolio alerts. */
  coinId: AlertCoinView | null;
  /** Upper-case symbol; PORTFOLIO_TOTAL for the whole portfolio, ALL_COINS for every holding. */
  coinSymbol: string;
  portfolioItemId: string | null;
  thresholdType: ThresholdType;
  thresholdValue: number;
  notificationMethod: NotificationMethod;
  /** Channels beside e-mail and SMS (docs/alert-channels.md). */
  channels: string[];
  status: AlertStatus;
  pausedBy: 'user' | 'trigger' | null;
  /** ISO time of the last firing. */
  lastTriggered: string | null;
  resetInterval: ResetInterval;
  direction: Direction | null;
  /**
   * The currency the alert was set in. An Above/Below `thresholdValue` is a price in it, and
   * `triggerPrice`, `referenceValue` and `currentPrice` are stated in it (a Gain/Loss alert's at the latest
   * rate: null while the currency has none).
   */
  currency: DisplayCurrency;
  /**
   * The price the alert fires at, in `currency`; for a whole-portfolio alert the portfolio value it fires at
   * (its percentage on what the holdings cost). Null for every-coin alerts, unarmed ones, and a whole-portfolio
   * alert with nothing to measure from.
   */
  triggerPrice: number | null;
  /** Gain/Loss: the price (or portfolio value) the percentage is measured from, in `currency`. */
  referenceValue: number | null;
  /** The coin's latest price, or the portfolio's value for a whole-portfolio alert, in `currency`. */
  currentPrice: number | null;
  /** Holding gain/loss alerts: percent or amount; null for the other kinds. */
  measure: PnlMeasure | null;
  /** Drawdown alerts: the peak (portfolio or holding value) the drop is measured from, in `currency`. */
  highWater: number | null;
  /** Percent the price must move to reach the trigger (+ up, - down); null when unknown. */
  distancePercent: number | null;
  lifecycle: { state: LifecycleState; cooldownUntil: string | null };
  /**
   * user: set by the user; auto: set for a coin newly added to the portfolio, like the user's first
   * Gain/Loss alert (SPEC.md section 4), which the alerts screen tells the user about.
   */
  origin: 'user' | 'auto';
  createdAt: string;
  updatedAt: string;
}

/** The symbol an all-coins alert shows. */
export const ALL_COINS_SYMBOL = 'ALL_COINS';

/** Response of POST /api/alerts. */
export interface CreateAlertsResult {
  created: number;
  alerts: AlertView[];
}

/** One holding left out by 'Protect my portfolio', and why. */
export interface ProtectSkip {
  symbol: string;
  reason: string;
}

/** Response of POST /api/alerts/protect-portfolio. */
export interface ProtectPortfolioResult {
  created: number;
  alerts: AlertView[];
  skipped: ProtectSkip[];
}

/** How one message of an alert event went. */
export interface DeliveryView {
  channel: Channel;
  /** pending, sending, sent or failed. */
  status: string;
  attempts: number;
  sentAt: string | null;
  lastError: string | null;
}

/** One firing (or skipped firing) of an alert, for the history views. */
export interface AlertEventView {
  id: string;
  /** Null once the alert was deleted. */
  alertId: string | null;
  /**
   * The coin whose price fired it: the alert's coin, or for an all-coins alert the holding that moved
   * most; null for a whole-portfolio alert and for old events of deleted alerts.
   */
  coinSymbol: string | null;
  /**
   * The alert as it was when it fired (each entry is named by its alert, coin and
   * condition, also once the alert is deleted); null only for old events of deleted alerts.
   */
  scope: AlertScope | null;
  thresholdType: ThresholdType | null;
  thresholdValue: number | null;
  tickId: string;
  /** The price or portfolio value it fired on, in `currency`. */
  price: number | null;
  triggerPrice: number | null;
  /** The currency of `price` and `triggerPrice`: the alert's, or usd (also for events older than alert currencies). */
  currency: DisplayCurrency;
  channels: Channel[];
  /** queued, delivered, partially_delivered, failed or skipped_allowance. */
  outcome: string;
  detail: string | null;
  firedAt: string;
  deliveries: DeliveryView[];
}

/** One channel's notifications in the billing period (AlertStats). */
export interface ChannelUsage {
  sent: number;
  limit: number;
  remaining: number;
}

/** GET /api/alerts/user/stats. */
export interface AlertStats {
  total: number;
  byStatus: Record<AlertStatus, number>;
  pausedBy: { user: number; trigger: number };
  byType: Record<AlertType, number>;
  byThresholdType: Record<ThresholdType, number>;
  byScope: Record<AlertScope, number>;
  /** Alerts set up against the plan's set-up cap (0 without a plan). */
  setup: { count: number; cap: number };
  /**
   * This billing period: notifications counted and left, per channel too, and firings not sent. A
   * channel's `remaining` is what it can still send: its own cap's rest, never more than the total's.
   */
  notifications: {
    sent: number;
    limit: number;
    remaining: number;
    email: ChannelUsage;
    sms: ChannelUsage;
    skipped: number;
    failed: number;
  };
  /** The billing period in force, ISO; null without one. */
  period: { start: string | null; end: string | null };
  /** ISO time of the user's latest firing, null when none. */
  lastTriggered: string | null;
}
