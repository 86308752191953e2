import { alerts, listAlertEvents, outboxMessages } from '@coinpace/db';
import { testEngines } from '@coinpace/db/testing';
import { busKinds, waitFor } from '@coinpace/adapters/testing';
import { SMS_MAX_CHARS } from '@coinpace/domain';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAlertDelivery } from '../testing/alert-delivery.ts';
import { createCoinAlert, createPaidUser, readAlert } from '../testing/alert-fixtures.ts';
import { processTick } from './process-tick.ts';

const cases = testEngines(process.env.DATABASE_URL).flatMap((engine) =>
  busKinds(process.env.REDIS_URL).map((bus) => [engine, bus] as const),
);

/**
 * Alert storms: a market-wide move that crosses many alerts of one user at once goes out as one message
 * per channel. The consumer fires, the dispatcher sends to real SMTP and Twilio peers.
 */
describe.each(cases)('alert storms on %s with the %s bus', (engine, busKind) => {
  const h = useAlertDelivery(engine, busKind, 'storm');

  it('16 loss alerts crossing in one tick send one e-mail and one SMS, counted once each; a redelivered tick sends nothing twice', async () => {
    const user = await createPaidUser(h.db);
    // One of them set in euros: the combined e-mail tells it in euros, as its own e-mail would.
    const { coins, alerts: made } = await h.protectPortfolio(user.id, 16, { currency: 'eur' });
    const tick = h.dip(coins, 85);
    await h.send(tick);
    await h.dispatch();

    const mails = h.mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Coinpace: 16 alerts fired');
    expect(mails[0]!.text).toContain('16 alerts fired:');
    for (let i = 2; i <= 16; i += 1) {
      const symbol = `S${String(i).padStart(2, '0')}`;
      expect(mails[0]!.text).toContain(`- ${symbol} is down 10% or more`);
    }
    expect(mails[0]!.text).toContain('(S01) is now €76.50, -15.00% from €90.00.');
    expect(mails[0]!.text).toContain('(S16) is now $85.00, -15.00% from $100.00.');
    const texts = h.smsTo(user.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(texts[0]!.body).toMatch(
      /^Coinpace: 16 alerts fired: S01 down 10%, S02 down 10%, .* and \d+ more\. Details: http:\/\/coinpace\.test\/alerts$/,
    );
    expect(await h.usageOf(user.id)).toMatchObject({ notificationsSent: 1, emailSent: 1, smsSent: 1 });

    // Each alert keeps its own event, its own history entry and its own cool-down.
    const fired = await h.eventsOf(made.map((a) => a.id));
    expect(fired).toHaveLength(16);
    expect(new Set(fired.map((e) => e.outcome))).toEqual(new Set(['delivered']));
    for (const alert of made) {
      expect(await readAlert(h.db, alert.id)).toMatchObject({ status: 'Paused', pausedBy: 'trigger' });
    }
    const history = await listAlertEvents(h.db, user.id, { limit: 50 });
    expect(history).toHaveLength(16);
    for (const entry of history) {
      expect(entry.deliveries.map((d) => [d.channel, d.status])).toEqual([
        ['email', 'sent'],
        ['sms', 'sent'],
      ]);
    }
    await waitFor(
      () => h.events.filter((e) => e.type === 'alert:triggered' && e.userId === user.id).length === 16,
    );

    // The tick again, with the alerts armed as they were then: nothing is sent or counted twice.
    await h.db
      .update(alerts)
      .set({ status: 'Active', pausedBy: null, updatedAt: new Date(tick.at - 1_000) })
      .where(
        inArray(
          alerts.id,
          made.map((a) => a.id),
        ),
      );
    await h.send(tick);
    await h.dispatch();
    expect(h.mailsTo(user.email)).toHaveLength(1);
    expect(h.smsTo(user.phone)).toHaveLength(1);
    expect(await h.eventsOf(made.map((a) => a.id))).toHaveLength(16);
    expect(await h.usageOf(user.id)).toMatchObject({ notificationsSent: 1, emailSent: 1, smsSent: 1 });
  });

  it('a tick handled again after its message went out sends nothing more; an alert it had not fired fires on the next tick', async () => {
    const user = await createPaidUser(h.db);
    const { coins } = await h.protectPortfolio(user.id, 2);
    const tick = h.dip(coins, 80);
    await processTick(h.deps(), tick);
    // An alert armed before the tick that the first handling did not see (it was paused by the user then).
    const late = await createCoinAlert(h.db, user.id, {
      coin: coins[0]!,
      symbol: 'LATE',
      thresholdType: 'Below',
      thresholdValue: 90,
      method: 'Both',
      armedAt: new Date(tick.at - 1_000),
    });
    const again = await processTick(h.deps(), tick);
    expect(again.fired).toEqual([]);
    expect(await h.eventsOf([late.id])).toEqual([]);
    expect(await readAlert(h.db, late.id)).toMatchObject({ status: 'Active' });
    const messages = await h.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id));
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    const next = await processTick(h.deps(), h.dip(coins, 79));
    expect(next.fired.map((f) => f.payload.alertId)).toEqual([late.id]);
    await h.dispatch();
    expect(
      h
        .mailsTo(user.email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Coinpace alert: LATE is below $90.00', 'Coinpace: 2 alerts fired']);
    expect(await h.usageOf(user.id)).toMatchObject({ notificationsSent: 2, emailSent: 2, smsSent: 2 });
  });

  it('a combined SMS refused by Twilio: every alert it told is partially delivered, and the SMS is given back once', async () => {
    const user = await createPaidUser(h.db);
    const { coins, alerts: made } = await h.protectPortfolio(user.id, 3);
    await h.send(h.dip(coins, 85));
    h.twilio.fail({ status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' }, 1);
    await h.dispatch();
    expect(h.mailsTo(user.email)).toHaveLength(1);
    const fired = await h.eventsOf(made.map((a) => a.id));
    expect(fired.map((e) => e.outcome)).toEqual(Array(3).fill('partially_delivered'));
    expect(await h.usageOf(user.id)).toMatchObject({ notificationsSent: 1, emailSent: 1, smsSent: 0 });
  });
});
