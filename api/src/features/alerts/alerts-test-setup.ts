/** Shared set-up of the alert API suites: paid users with a phone, holdings and prices. */
import { subscriptions, usagePeriods } from '@coinpace/db';
import { createTestSubscription, setTestPrice } from '@coinpace/db/testing';
import { eq } from 'drizzle-orm';
import type { TestApi } from '../../testing/harness.ts';

export interface PaidUser {
  token: string;
  id: string;
}

/** Signs up a user, gives them a phone number and (unless `planId` is null) an active plan. */
export async function paidUser(
  api: TestApi,
  options: { planId?: 'basic' | 'pro' | 'enterprise' | null; phone?: string | null } = {},
): Promise<PaidUser> {
  const { token, user } = await api.signUp();
  const phone = options.phone === undefined ? '+15550001111' : options.phone;
  if (phone) await api.call('PATCH', '/api/users/me', { token, body: { phone } });
  if (options.planId !== null) {
    await createTestSubscription(api.database.db, user.id, { planId: options.planId ?? 'basic' });
  }
  return { token, id: user.id };
}

/** Adds a holding through the API and returns its row. */
export async function addHolding(
  api: TestApi,
  token: string,
  coin: { coingeckoId: string; symbol: string; name?: string; quantity?: number; purchasePrice?: number },
) {
  const response = await api.call('POST', '/api/portfolio', {
    token,
    body: {
      coingeckoId: coin.coingeckoId,
      symbol: coin.symbol,
      name: coin.name ?? coin.symbol,
      quantity: coin.quantity ?? 1,
      purchasePrice: coin.purchasePrice ?? 100,
    },
  });
  if (response.status !== 201)
    throw new Error(`add holding: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; coingeckoId: string; symbol: string };
}

export const price = (api: TestApi, coin: string, usd: number) => setTestPrice(api.database.db, coin, usd);

/** Records notifications already sent in the user's current billing period (in all, and per channel). */
export async function recordSentNotifications(
  api: TestApi,
  userId: string,
  sent: { notificationsSent: number; emailSent?: number; smsSent?: number },
): Promise<void> {
  const [sub] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  await api.database.db.insert(usagePeriods).values({
    userId,
    periodStart: sub!.currentPeriodStart!,
    periodEnd: sub!.currentPeriodEnd!,
    ...sent,
  });
}

/** A watch-list alert body: Bitcoin above $50,000 by e-mail and SMS. */
export const watchBtc = {
  type: 'WatchlistPrice',
  coinId: 'bitcoin',
  thresholdType: 'Above',
  thresholdValue: '50,000',
  notificationMethod: 'Both',
  coin: { name: 'Bitcoin', symbol: 'btc' },
};
