import {
  alertEvents,
  alertNoticeKey,
  insertExchangeAccount,
  insertWallet,
  outboxMessages,
  recordRefreshFailed,
  recordSyncDone,
  recordSyncFailed,
  storeSyncPage,
  storeWalletRows,
  type SyncedRow,
} from '@coinpace/db';
import {
  createTestDatabase,
  createTestHolding,
  setTestPrice,
  testEngines,
  type TestDatabase,
} from '@coinpace/db/testing';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKindAlert, createPaidUser, readAlert } from '../testing/alert-fixtures.ts';
import { runEventAlerts } from './event-alerts.ts';

const MINUTE_MS = 60_000;
// The real server when it is set (as .ci/run sets it), else the embedded default.
const engine = testEngines(process.env.DATABASE_URL).at(-1)!;

describe(`movement and sync-problem alerts on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, process.env.DATABASE_URL);
  });
  afterAll(async () => {
    await database?.close();
  });

  const run = (now: Date) => runEventAlerts(database.db, { now, publicUrl: 'http://coinpace.test' });
  const eventsOf = (alertId: string) =>
    database.db.select().from(alertEvents).where(eq(alertEvents.alertId, alertId));
  const mailsOf = async (alertId: string) => {
    const keys = (await eventsOf(alertId)).map((e) => alertNoticeKey(e.userId, e.tickId, 'email'));
    return keys.length
      ? database.db.select().from(outboxMessages).where(inArray(outboxMessages.dedupeKey, keys))
      : [];
  };
  const row = (kind: SyncedRow['kind'], quantity: string, at: Date, externalRef: string): SyncedRow => ({
    kind,
    at,
    quantity,
    pricePerCoin: '0',
    fee: '0',
    note: null,
    externalRef,
  });

  it('tells each new movement at or past the alert’s worth once, and leaves history and opening balances alone', async () => {
    const user = await createPaidUser(database.db);
    const coin = `move-coin-${engine}-${randomUUID().slice(0, 8)}`;
    const holding = await createTestHolding(database.db, user.id, {
      coingeckoId: coin,
      symbol: 'KMV',
      quantity: '0',
      purchasePrice: '0',
    });
    await setTestPrice(database.db, coin, 100);
    const arriving = await createKindAlert(database.db, user.id, {
      scope: 'movement',
      thresholdType: 'Gain',
      thresholdValue: 500,
    });
    const leaving = await createKindAlert(database.db, user.id, {
      scope: 'movement',
      thresholdType: 'Loss',
      thresholdValue: 1,
    });
    const account = await insertExchangeAccount(database.db, {
      id: randomUUID(),
      userId: user.id,
      exchange: 'demo',
      label: 'Main exchange',
      credentials: 'sealed',
      keyId: 'k1',
    });
    const wallet = (await insertWallet(database.db, {
      userId: user.id,
      label: 'Cold wallet',
      kind: 'demo',
      address: `demo-${randomUUID()}`,
    }))!;
    const now = new Date(Date.now() + 1_000);
    const stored = await storeSyncPage(database.db, {
      accountId: account.id,
      userId: user.id,
      from: null,
      cursor: { page: 1 },
      holdings: [
        {
          holdingId: holding.id,
          rows: [
            // History from before the account was connected: what the user had, not news.
            row('transfer_in', '50', new Date(now.getTime() - 365 * 24 * 60 * MINUTE_MS), 'x:old'),
            row('transfer_in', '10', now, 'x:big'), // $1,000: past $500
            row('transfer_in', '1', now, 'x:small'), // $100: short of $500
          ],
        },
      ],
    });
    expect(stored).toMatchObject({ status: 'stored', added: 3 });
    await storeWalletRows(database.db, wallet.id, user.id, [
      {
        holdingId: holding.id,
        rows: [
          row('transfer_in', '20', now, `wallet:${wallet.id}:opening:${coin}:${now.toISOString()}`),
          row('transfer_out', '2', now, `wallet:${wallet.id}:balance:${coin}:${now.toISOString()}`),
        ],
      },
    ]);

    const later = new Date(now.getTime() + MINUTE_MS);
    const fired = await run(later);
    expect(fired.map((f) => f.payload.alertId).sort()).toEqual([arriving.id, leaving.id].sort());
    expect(fired.find((f) => f.payload.alertId === arriving.id)!.payload).toMatchObject({
      coinSymbol: 'KMV',
      price: 1000,
      headline: '10 KMV arrived at Main exchange',
    });
    // Run again, and by two workers at once: nothing is told twice.
    await Promise.all([run(later), run(later)]);
    expect(await run(later)).toEqual([]);

    const [inEvent, ...moreIn] = await eventsOf(arriving.id);
    expect(moreIn).toEqual([]);
    expect(inEvent!.idempotencyKey).toMatch(new RegExp(`^${arriving.id}:movement:[0-9a-f-]{36}$`));
    expect(inEvent).toMatchObject({ outcome: 'queued', scope: 'movement', coinSymbol: 'KMV' });
    const [inMail, ...moreMails] = await mailsOf(arriving.id);
    expect(moreMails).toEqual([]);
    expect(inMail!.subject).toBe('Coinpace alert: 10 KMV arrived at Main exchange');
    expect(inMail!.bodyText).toContain('worth $1,000.00 at the latest price');
    const [outMail] = await mailsOf(leaving.id);
    expect(outMail!.subject).toBe('Coinpace alert: 2 KMV left Cold wallet');
    expect(await eventsOf(leaving.id)).toHaveLength(1);
    // Not paused: the next movement is told too.
    expect(await readAlert(database.db, arriving.id)).toMatchObject({ status: 'Active', pausedBy: null });

    await storeSyncPage(database.db, {
      accountId: account.id,
      userId: user.id,
      from: { page: 1 },
      cursor: { page: 2 },
      holdings: [{ holdingId: holding.id, rows: [row('transfer_in', '7', later, 'x:next')] }],
    });
    const next = await run(new Date(later.getTime() + MINUTE_MS));
    expect(next.map((f) => f.payload.alertId)).toEqual([arriving.id]);
    expect(await eventsOf(arriving.id)).toHaveLength(2);
  });

  it('tells a sync failing for the alert’s hours once per episode, and again after a sync works', async () => {
    const user = await createPaidUser(database.db);
    const alert = await createKindAlert(database.db, user.id, {
      scope: 'sync_problem',
      thresholdType: 'Above',
      thresholdValue: 1,
    });
    const account = await insertExchangeAccount(database.db, {
      id: randomUUID(),
      userId: user.id,
      exchange: 'demo',
      label: 'Trading account',
      credentials: 'sealed',
      keyId: 'k1',
    });
    const t0 = new Date(Date.now() + 1_000);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE_MS);

    await recordSyncFailed(database.db, account.id, 'The exchange did not answer.', false, t0);
    expect(await run(at(30))).toEqual([]); // failing for half an hour: not yet
    await recordSyncFailed(database.db, account.id, 'The exchange did not answer.', false, at(45));
    expect(await run(at(61))).toHaveLength(1); // an hour since the first failure
    expect(await run(at(90))).toEqual([]);
    const [mail] = await mailsOf(alert.id);
    expect(mail!.subject).toBe('Coinpace alert: Trading account is not syncing');
    expect(mail!.bodyText).toContain(
      'Trading account has not synced for 1 hour or more: The exchange did not answer.',
    );

    // A sync that works ends the episode; a key refused for good is told at once.
    await recordSyncDone(database.db, account.id, [], at(100));
    await recordSyncFailed(database.db, account.id, 'The exchange refused the key.', true, at(110));
    expect(await run(at(111))).toHaveLength(1);
    expect(await run(at(200))).toEqual([]);
    expect(await eventsOf(alert.id)).toHaveLength(2);

    const wallet = (await insertWallet(database.db, {
      userId: user.id,
      label: 'Solana wallet',
      kind: 'demo',
      address: `demo-${randomUUID()}`,
    }))!;
    await recordRefreshFailed(database.db, wallet.id, 'solana: the chain did not answer.', false, at(200));
    expect(await run(at(230))).toEqual([]);
    expect((await run(at(261))).map((f) => f.payload.alertId)).toEqual([alert.id]);
    expect(await eventsOf(alert.id)).toHaveLength(3);
    expect(await readAlert(database.db, alert.id)).toMatchObject({ status: 'Active' });
  });
});
