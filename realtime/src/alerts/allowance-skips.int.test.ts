import { alerts, subscriptions } from '@coinpace/db';
import { createTestHolding, setTestPrice, testEngines } from '@coinpace/db/testing';
import { busKinds, waitFor } from '@coinpace/adapters/testing';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAlertDelivery } from '../testing/alert-delivery.ts';
import {
  createCoinAlert,
  createPaidUser,
  createWideAlert,
  makeTick,
  readAlert,
} from '../testing/alert-fixtures.ts';

const cases = testEngines(process.env.DATABASE_URL).flatMap((engine) =>
  busKinds(process.env.REDIS_URL).map((bus) => [engine, bus] as const),
);

/**
 * Firings skipped because the allowance is used up: no cool-down starts, the skip is recorded once per
 * crossing, and the alert fires once the allowance allows. Consumer and dispatcher with real peers.
 */
describe.each(cases)('allowance skips on %s with the %s bus', (engine, busKind) => {
  const h = useAlertDelivery(engine, busKind, 'skips');

  it('an allowance-exhausted skip does not start the cool-down: recorded once, and the alert fires after an upgrade', async () => {
    const user = await createPaidUser(h.db);
    await h.exhaust(user.id);
    const { coins, alerts: made } = await h.protectPortfolio(user.id, 3);
    const ids = made.map((a) => a.id);
    await h.send(h.dip(coins, 85));
    await h.dispatch();
    let recorded = await h.eventsOf(ids);
    expect(recorded.map((e) => e.outcome)).toEqual(Array(3).fill('skipped_allowance'));
    for (const id of ids) {
      expect(await readAlert(h.db, id)).toMatchObject({
        status: 'Active',
        pausedBy: null,
        lastTriggered: null,
      });
    }
    expect(h.mailsTo(user.email)).toEqual([]);

    // Still past the trigger, tick after tick: the skip of this crossing is on record already.
    for (const price of [84, 83, 84]) await h.send(h.dip(coins, price));
    expect(await h.eventsOf(ids)).toHaveLength(3);
    await waitFor(() => h.events.filter((e) => e.userId === user.id).length === 3);

    // Upgraded to Token Run (200 a month): the next tick past the trigger fires them, in one message each way.
    await h.db.update(subscriptions).set({ planId: 'pro' }).where(eq(subscriptions.userId, user.id));
    await h.send(h.dip(coins, 84));
    await h.dispatch();
    recorded = await h.eventsOf(ids);
    expect(recorded.map((e) => e.outcome).sort()).toEqual([
      ...Array(3).fill('delivered'),
      ...Array(3).fill('skipped_allowance'),
    ]);
    expect(h.mailsTo(user.email).map((m) => m.subject)).toEqual(['Coinpace: 3 alerts fired']);
    expect(h.smsTo(user.phone)).toHaveLength(1);
    for (const id of ids) {
      expect(await readAlert(h.db, id)).toMatchObject({
        status: 'Paused',
        pausedBy: 'trigger',
        skippedAt: null,
      });
    }
    expect(await h.usageOf(user.id)).toMatchObject({ notificationsSent: 51, emailSent: 26, smsSent: 26 });
  });

  it('a skip is recorded once per crossing: back short of the trigger and past it again records it again, at most once per reset interval', async () => {
    const user = await createPaidUser(h.db);
    await h.exhaust(user.id);
    const coin = h.newCoin();
    const alert = await createCoinAlert(h.db, user.id, {
      coin,
      symbol: 'SWG',
      thresholdType: 'Below',
      thresholdValue: 90,
      resetInterval: '1hour',
      armedAt: new Date(Date.now() - 1_000),
    });
    const at = (price: number) => h.send(makeTick({ [coin]: price }, Date.now()));
    const skips = async () => (await h.eventsOf([alert.id])).length;
    await at(85);
    expect(await skips()).toBe(1);
    // Back above within the hour, and down again: the same crossing as far as the record goes.
    await at(95);
    await at(85);
    expect(await skips()).toBe(1);
    // An hour on, back above ends the crossing; the next dip records its skip.
    await h.db
      .update(alerts)
      .set({
        skippedAt: sql`${alerts.skippedAt} - interval '2 hours'`,
        updatedAt: sql`${alerts.updatedAt} - interval '2 hours'`,
      })
      .where(eq(alerts.id, alert.id));
    await at(85);
    expect(await skips()).toBe(1);
    await at(95);
    expect((await readAlert(h.db, alert.id)).skippedAt).toBeNull();
    await at(85);
    await at(84);
    expect(await skips()).toBe(2);
    expect(await readAlert(h.db, alert.id)).toMatchObject({ status: 'Active' });
    // Editing the alert starts a new crossing.
    await h.db
      .update(alerts)
      .set({ thresholdValue: '89', triggerPrice: '89' })
      .where(eq(alerts.id, alert.id));
    await at(84);
    expect(await skips()).toBe(3);
  });

  it('a whole-portfolio alert skipped for the allowance: once per crossing too', async () => {
    const user = await createPaidUser(h.db);
    await h.exhaust(user.id);
    const coin = h.newCoin();
    await createTestHolding(h.db, user.id, {
      coingeckoId: coin,
      symbol: 'WHL',
      quantity: '10',
      purchasePrice: '100',
    });
    const whole = await createWideAlert(h.db, user.id, {
      scope: 'portfolio',
      thresholdType: 'Loss',
      thresholdValue: 10,
    });
    await h.db
      .update(alerts)
      .set({ updatedAt: new Date(Date.now() - 1_000) })
      .where(eq(alerts.id, whole.id));
    const at = async (price: number) => {
      await setTestPrice(h.db, coin, price);
      await h.send(makeTick({ [coin]: price }, Date.now()));
    };
    const skips = async () => (await h.eventsOf([whole.id])).length;
    await at(85);
    await at(84);
    expect(await skips()).toBe(1);
    expect(await readAlert(h.db, whole.id)).toMatchObject({ status: 'Active' });
    // A week on (its reset interval), the portfolio recovers, then falls again.
    await h.db
      .update(alerts)
      .set({
        skippedAt: sql`${alerts.skippedAt} - interval '8 days'`,
        updatedAt: sql`${alerts.updatedAt} - interval '8 days'`,
      })
      .where(eq(alerts.id, whole.id));
    await at(95);
    expect((await readAlert(h.db, whole.id)).skippedAt).toBeNull();
    await at(85);
    expect(await skips()).toBe(2);
  });
});
