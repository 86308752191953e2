import {
  createTestBus,
  waitFor,
  createRecordingLogger,
  busKinds,
  type TestBus,
} from '@coinpace/adapters/testing';
import { alertEvents, alertNoticeKey, outboxMessages, rearmDueAlerts } from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  setTestPrice,
  testEngines,
  type TestDatabase,
} from '@coinpace/db/testing';
import { BUS_STREAMS, type PriceTick } from '@coinpace/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKindAlert, createPaidUser, makeTick, readAlert } from '../testing/alert-fixtures.ts';
import { startAlertConsumer } from './consumer.ts';
import type { TickResult } from './process-tick.ts';

const HOUR_MS = 60 * 60 * 1000;
// The real servers when they are set (as .ci/run sets them), else the embedded defaults: one pair each.
const engine = testEngines(process.env.DATABASE_URL).at(-1)!;
const busKind = busKinds(process.env.REDIS_URL).at(-1)!;

describe(`portfolio alert kinds through the alert consumer on ${engine} with the ${busKind} bus`, () => {
  let database: TestDatabase;
  let bus: TestBus;
  const handled: { tick: PriceTick; result: TickResult }[] = [];
  let stop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    database = await createTestDatabase(engine, process.env.DATABASE_URL);
    bus = await createTestBus(busKind, { redisUrl: process.env.REDIS_URL });
    const consumer = startAlertConsumer({
      db: database.db,
      bus,
      logger: createRecordingLogger(),
      pollMs: 60_000,
      publicUrl: 'http://coinpace.test',
      now: () => Date.now(),
      consumerName: 'kinds',
      blockMs: 100,
      onTick: (tick, result) => handled.push({ tick, result }),
    });
    stop = () => consumer.stop();
    await consumer.ready();
  });
  afterAll(async () => {
    await stop();
    await bus?.close();
    await database?.close();
  });

  const send = async (tick: PriceTick) => {
    await bus.append(BUS_STREAMS.ticks, tick);
    await waitFor(() => handled.filter((h) => h.tick.id === tick.id).length > 0, { timeoutMs: 10_000 });
  };
  const eventsOf = (alertId: string) =>
    database.db.select().from(alertEvents).where(eq(alertEvents.alertId, alertId));
  const outboxOf = async (alertId: string) => {
    const keys = (await eventsOf(alertId)).flatMap((e) =>
      e.channels.map((c) => alertNoticeKey(e.userId, e.tickId, c)),
    );
    return keys.length
      ? database.db.select().from(outboxMessages).where(inArray(outboxMessages.dedupeKey, keys))
      : [];
  };

  it('a value alert and a drawdown each send one message per crossing, and again only once re-armed', async () => {
    const btc = `kinds-btc-${engine}-${busKind}`;
    const eth = `kinds-eth-${engine}-${busKind}`;
    const user = await createPaidUser(database.db);
    await createTestHolding(database.db, user.id, {
      coingeckoId: btc,
      symbol: 'KBT',
      quantity: '1',
      purchasePrice: '40000',
    });
    await createTestHolding(database.db, user.id, {
      coingeckoId: eth,
      symbol: 'KET',
      quantity: '10',
      purchasePrice: '2000',
    });
    await setTestPrice(database.db, btc, 50_000);
    await setTestPrice(database.db, eth, 2_000);
    const value = await createKindAlert(database.db, user.id, {
      scope: 'portfolio_value',
      thresholdType: 'Above',
      thresholdValue: 75_000,
    });
    const drawdown = await createKindAlert(database.db, user.id, {
      scope: 'drawdown',
      thresholdType: 'Loss',
      thresholdValue: 10,
    });
    const prices = (b: number) => ({ [btc]: b, [eth]: 2_000 });

    await send(makeTick(prices(50_000), Date.now())); // 70,000: nothing; the peak is taken
    expect(await eventsOf(value.id)).toEqual([]);
    expect(Number((await readAlert(database.db, drawdown.id)).highWater)).toBe(70_000);

    const crossing = makeTick(prices(56_000), Date.now()); // 76,000: above 75,000
    await send(crossing);
    await send(makeTick(prices(57_000), Date.now())); // still above: paused, nothing more
    await send(crossing); // the same tick again: nothing twice
    const [mail, ...more] = await outboxOf(value.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', recipient: user.email });
    expect(mail!.subject).toBe('Coinpace alert: Your portfolio value is above $75,000.00');
    expect(mail!.bodyText).toContain('Your portfolio is now worth $76,000.00.');
    expect(mail!.bodyText).toContain('http://coinpace.test/alerts');
    expect(await readAlert(database.db, value.id)).toMatchObject({ status: 'Paused', pausedBy: 'trigger' });
    expect(Number((await readAlert(database.db, drawdown.id)).highWater)).toBe(77_000);

    await send(makeTick(prices(49_000), Date.now())); // 69,000: 10.4 % below the 77,000 peak
    await send(makeTick(prices(48_000), Date.now()));
    const dropped = await outboxOf(drawdown.id);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.bodyText).toContain('from its peak of $77,000.00');

    // The reset interval passes: both are Active again and the drawdown measures from a new peak.
    await rearmDueAlerts(database.db, new Date(Date.now() + 2 * HOUR_MS));
    expect(await readAlert(database.db, drawdown.id)).toMatchObject({ status: 'Active', highWater: null });
    await send(makeTick(prices(56_000), Date.now() + 2 * HOUR_MS)); // above again: a second crossing
    expect(await outboxOf(value.id)).toHaveLength(2);
    expect(await outboxOf(drawdown.id)).toHaveLength(1);
    expect(Number((await readAlert(database.db, drawdown.id)).highWater)).toBe(76_000);
  });

  it('a holding gain in an amount and an allocation alert fire on the tick that crosses them', async () => {
    const sol = `kinds-sol-${engine}-${busKind}`;
    const usdc = `kinds-usdc-${engine}-${busKind}`;
    const user = await createPaidUser(database.db);
    const held = await createTestHolding(database.db, user.id, {
      coingeckoId: sol,
      symbol: 'KSO',
      quantity: '100',
      purchasePrice: '100',
    });
    await createTestHolding(database.db, user.id, {
      coingeckoId: usdc,
      symbol: 'KUS',
      quantity: '10000',
      purchasePrice: '1',
    });
    await setTestPrice(database.db, sol, 100);
    await setTestPrice(database.db, usdc, 1);
    const gain = await createKindAlert(database.db, user.id, {
      scope: 'holding_pnl',
      thresholdType: 'Gain',
      thresholdValue: 4_500,
      measure: 'amount',
      currency: 'eur',
      portfolioItemId: held.id,
      coinSymbol: 'KSO',
    });
    const share = await createKindAlert(database.db, user.id, {
      scope: 'allocation',
      thresholdType: 'Above',
      thresholdValue: 60,
      portfolioItemId: held.id,
      coinSymbol: 'KSO',
      method: 'SMS',
    });
    await send({ ...makeTick({ [sol]: 140, [usdc]: 1 }, Date.now()), rates: { eur: 0.9 } }); // +3,600 €, 58.3 %
    expect(await eventsOf(gain.id)).toEqual([]);
    expect(await eventsOf(share.id)).toEqual([]);
    await send({ ...makeTick({ [sol]: 160, [usdc]: 1 }, Date.now()), rates: { eur: 0.9 } }); // +5,400 €, 61.5 %
    const [mail] = await outboxOf(gain.id);
    expect(mail!.subject).toBe('Coinpace alert: KSO is up €4,500.00 or more against its cost');
    expect(mail!.bodyText).toContain('a gain of €5,400.00 against its cost');
    const [event] = await eventsOf(share.id);
    expect(event).toMatchObject({ outcome: 'queued', channels: ['sms'] });
    const sms = (await outboxOf(share.id)).find((m) => m.channel === 'sms')!;
    expect(sms.bodyText).toContain('KSO is above 60% of your portfolio, now 61.54%');
    expect(sms.bodyText.length).toBeLessThanOrEqual(160);
  });
});
