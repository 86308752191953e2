import { alerts, rearmDueAlerts } from '@coinpace/db';
import { createTestDatabase, testEngines, type TestDatabase } from '@coinpace/db/testing';
import { RESET_INTERVALS, RESET_INTERVAL_MS } from '@coinpace/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoinAlert, createPaidUser, readAlert } from '../testing/alert-fixtures.ts';
import { rearmAlerts } from './rearm-alerts.ts';

describe.each(testEngines(process.env.DATABASE_URL))('re-arm job on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, process.env.DATABASE_URL);
  });
  afterAll(() => database?.close());

  const fired = new Date('2026-03-01T08:00:00Z');
  const pause = (id: string, pausedBy: 'trigger' | 'user', lastTriggered: Date | null = fired) =>
    database.db.update(alerts).set({ status: 'Paused', pausedBy, lastTriggered }).where(eq(alerts.id, id));

  it.each(RESET_INTERVALS)('re-arms a trigger-paused alert exactly when %s has passed', async (interval) => {
    const user = await createPaidUser(database.db);
    const alert = await createCoinAlert(database.db, user.id, {
      coin: 'bitcoin',
      thresholdValue: 1,
      resetInterval: interval,
    });
    await pause(alert.id, 'trigger');
    const due = fired.getTime() + RESET_INTERVAL_MS[interval];
    expect((await rearmAlerts(database.db, new Date(due - 1))).rearmed).not.toContain(alert.id);
    expect(await readAlert(database.db, alert.id)).toMatchObject({ status: 'Paused', pausedBy: 'trigger' });
    const result = await rearmAlerts(database.db, new Date(due));
    expect(result).toMatchObject({ ran: true });
    expect(result.rearmed).toContain(alert.id);
    expect(await readAlert(database.db, alert.id)).toMatchObject({ status: 'Active', pausedBy: null });
    expect((await readAlert(database.db, alert.id)).lastTriggered).toEqual(fired);
  });

  it('leaves alerts the user paused, and active alerts, alone', async () => {
    const user = await createPaidUser(database.db);
    const byUser = await createCoinAlert(database.db, user.id, {
      coin: 'bitcoin',
      thresholdValue: 1,
      resetInterval: '1hour',
    });
    const active = await createCoinAlert(database.db, user.id, {
      coin: 'bitcoin',
      thresholdValue: 2,
      resetInterval: '1hour',
    });
    await pause(byUser.id, 'user');
    await database.db.update(alerts).set({ lastTriggered: fired }).where(eq(alerts.id, active.id));
    const later = new Date(fired.getTime() + 365 * 86_400_000);
    const result = await rearmDueAlerts(database.db, later);
    expect(result.map((r) => r.id)).not.toContain(byUser.id);
    expect(result.map((r) => r.id)).not.toContain(active.id);
    expect(await readAlert(database.db, byUser.id)).toMatchObject({ status: 'Paused', pausedBy: 'user' });
  });
});
