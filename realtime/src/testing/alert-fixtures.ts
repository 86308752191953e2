/** Test support for the realtime alert suites: paid users, alerts with their triggers, ticks. */
import { alerts, insertAlerts, type AppDb, type NewAlert } from '@coinpace/db';
import { createTestSubscription, createTestUser } from '@coinpace/db/testing';
import {
  computeTrigger,
  isPercentThreshold,
  type DisplayCurrency,
  type NotificationMethod,
  type PnlMeasure,
  type PortfolioKind,
  type PriceTick,
  type ResetInterval,
  type ThresholdType,
} from '@coinpace/domain';
import { eq } from 'drizzle-orm';

let userSeq = 0;

/** A user with an e-mail, a phone number and (unless planId is null) an active plan. */
export async function createPaidUser(
  db: AppDb,
  options: { planId?: 'basic' | 'pro' | 'enterprise' | null; phone?: string | null; periodStart?: Date } = {},
) {
  userSeq += 1;
  const user = await createTestUser(db, {
    phone: options.phone === undefined ? `+1555000${String(1000 + userSeq).slice(-4)}` : options.phone,
  });
  if (options.planId !== null) {
    await createTestSubscription(db, user.id, {
      planId: options.planId ?? 'basic',
      periodStart: options.periodStart,
    });
  }
  return user;
}

/** Inserts a single-coin alert with its trigger computed as the API does. */
export async function createCoinAlert(
  db: AppDb,
  userId: string,
  options: {
    coin: string;
    symbol?: string;
    thresholdType?: ThresholdType;
    thresholdValue: string | number;
    referencePrice?: string | number;
    method?: NotificationMethod;
    resetInterval?: ResetInterval;
    portfolioItemId?: string;
    /** When the alert was set up (created_at and updated_at); default now. Ticks before it do not fire it. */
    armedAt?: Date;
    /** The currency it is set in (default usd): an Above/Below value is a price in it, as the API keeps it. */
    currency?: DisplayCurrency;
  },
) {
  const thresholdType = options.thresholdType ?? 'Above';
  const trigger = computeTrigger({
    thresholdType,
    thresholdValue: options.thresholdValue,
    referencePrice: options.referencePrice,
  });
  if (!trigger.ok) throw new Error(`no trigger: ${trigger.reason}`);
  const row: NewAlert = {
    userId,
    type: options.portfolioItemId ? 'PortfolioGainLoss' : 'WatchlistPrice',
    scope: 'coin',
    coingeckoId: options.coin,
    coinSymbol: options.symbol ?? options.coin.slice(0, 4).toUpperCase(),
    coinName: options.coin,
    thresholdType,
    thresholdValue: String(options.thresholdValue),
    notificationMethod: options.method ?? 'Both',
    resetInterval: options.resetInterval ?? '1week',
    direction: trigger.direction,
    triggerPrice: trigger.triggerPrice,
    referenceValue: options.referencePrice === undefined ? null : String(options.referencePrice),
    portfolioItemId: options.portfolioItemId ?? null,
    currency: options.currency ?? 'usd',
    triggerCurrency: isPercentThreshold(thresholdType) ? 'usd' : (options.currency ?? 'usd'),
  };
  const [alert] = await insertAlerts(db, [row]);
  if (!options.armedAt) return alert!;
  const [armed] = await db
    .update(alerts)
    .set({ createdAt: options.armedAt, updatedAt: options.armedAt })
    .where(eq(alerts.id, alert!.id))
    .returning();
  return armed!;
}

/** Inserts a whole-portfolio or all-coins alert. */
export async function createWideAlert(
  db: AppDb,
  userId: string,
  options: {
    scope: 'portfolio' | 'all_coins';
    thresholdType: 'Gain' | 'Loss';
    thresholdValue: number;
    referenceValue?: number;
    method?: NotificationMethod;
    currency?: DisplayCurrency;
  },
) {
  const [alert] = await insertAlerts(db, [
    {
      userId,
      currency: options.currency ?? 'usd',
      type: 'PortfolioGainLoss',
      scope: options.scope,
      thresholdType: options.thresholdType,
      thresholdValue: String(options.thresholdValue),
      notificationMethod: options.method ?? 'Email',
      referenceValue: options.referenceValue === undefined ? null : String(options.referenceValue),
    },
  ]);
  return alert!;
}

/** Inserts a portfolio-kind alert (portfolio value, drawdown, holding gain/loss, allocation). */
export async function createKindAlert(
  db: AppDb,
  userId: string,
  options: {
    scope: PortfolioKind;
    thresholdType: ThresholdType;
    thresholdValue: number;
    measure?: PnlMeasure;
    portfolioItemId?: string;
    coinSymbol?: string;
    method?: NotificationMethod;
    currency?: DisplayCurrency;
    resetInterval?: ResetInterval;
  },
) {
  const [alert] = await insertAlerts(db, [
    {
      userId,
      currency: options.currency ?? 'usd',
      type: 'PortfolioGainLoss',
      scope: options.scope,
      thresholdType: options.thresholdType,
      thresholdValue: String(options.thresholdValue),
      measure: options.measure ?? null,
      portfolioItemId: options.portfolioItemId ?? null,
      coinSymbol: options.coinSymbol ?? null,
      notificationMethod: options.method ?? 'Email',
      resetInterval: options.resetInterval ?? '1hour',
    },
  ]);
  return alert!;
}

/** The alert row as stored now. */
export async function readAlert(db: AppDb, id: string) {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
  return row!;
}

let tickSeq = 0;

/** A tick at `at` (epoch ms) with the given USD prices. */
export function makeTick(prices: Record<string, number>, at: number, id?: string): PriceTick {
  tickSeq += 1;
  return {
    id: id ?? `${at}-${tickSeq}`,
    at,
    prices: Object.fromEntries(
      Object.entries(prices).map(([coin, usd]) => [
        coin,
        { usd, usd_24h_change: 0, last_updated: Math.floor(at / 1000) },
      ]),
    ),
    source: { status: 'live', lastSuccessAt: at },
  };
}
