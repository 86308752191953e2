/**
 * Seeds the alert benchmark's database with set-based SQL: 500 coins with log-uniform prices, 100,000
 * users on a paid plan, 1,000,000 Active single-coin alerts. The first 1,000 alerts (2 per coin, 1,000
 * different users) sit 3 % above their coin's price and fire on a +4 % tick; every other trigger is at
 * least 5 % away, so a tick within ±2 % fires none.
 */
import { sql } from 'drizzle-orm';
import { alerts, inArray, rowsOf, type AppDb } from './alerts-db.ts';

export interface SeedSizes {
  alerts: number;
  coins: number;
  users: number;
  firing: number;
}

export interface Seeded {
  coins: { id: string; price: number }[];
  /** Ids of the alerts a firing tick fires. */
  firingIds: string[];
}

export async function seed(db: AppDb, sizes: SeedSizes, log: (line: string) => void): Promise<Seeded> {
  const { alerts: alertCount, coins, users, firing } = sizes;
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`drop table if exists bench_coins`);
  await db.execute(
    sql.raw(`create table bench_coins as
    select g as idx, 'bench-coin-' || lpad(g::text, 3, '0') as id,
      round(exp(ln(0.01) + random() * (ln(50000) - ln(0.01)))::numeric, 8) as price
    from generate_series(0, ${coins - 1}) g`),
  );
  log(`  ${users.toLocaleString('en-US')} users with an active plan`);
  await db.execute(
    sql.raw(`insert into users (id, identity_subject, email, phone, first_name)
    select md5('bench-user-' || g)::uuid, 'bench_' || g, 'bench' || g || '@example.test',
      '+1555' || lpad(g::text, 7, '0'), 'Bench'
    from generate_series(0, ${users - 1}) g`),
  );
  await db.execute(
    sql.raw(`insert into subscriptions (user_id, provider, plan_id, status, current_period_start, current_period_end)
    select md5('bench-user-' || g)::uuid, 'local', 'enterprise', 'active', now() - interval '1 day', now() + interval '29 days'
    from generate_series(0, ${users - 1}) g`),
  );
  log(`  ${alertCount.toLocaleString('en-US')} alerts over ${coins} coins`);
  for (let from = 0; from < alertCount; from += 200_000) {
    const to = Math.min(alertCount, from + 200_000) - 1;
    await db.execute(
      sql.raw(`insert into alerts (user_id, type, scope, coingecko_id, coin_symbol, coin_name,
        threshold_type, threshold_value, notification_method, status, direction, trigger_price, reset_interval)
      select md5('bench-user-' || (g % ${users}))::uuid, 'WatchlistPrice', 'coin', c.id, 'B' || c.idx, c.id,
        case when g < ${firing} or g % 2 = 0 then 'Above' else 'Below' end, t.p, 'Both', 'Active',
        case when g < ${firing} or g % 2 = 0 then 'above' else 'below' end, t.p, '1hour'
      from generate_series(${from}, ${to}) g
      join bench_coins c on c.idx = g % ${coins}
      cross join lateral (select round(case
        when g < ${firing} then c.price * 1.03
        when g % 2 = 0 then c.price * (1.05 + random()::numeric * 0.95)
        else c.price * (0.5 + random()::numeric * 0.45) end, 18) as p) t`),
    );
  }
  await db.execute(sql`analyze`);
  const coinRows = rowsOf<{ id: string; price: string }>(
    await db.execute(sql`select id, price::text as price from bench_coins order by idx`),
  );
  const firingRows = rowsOf<{ id: string }>(
    await db.execute(sql`select a.id from alerts a join bench_coins c on c.id = a.coingecko_id
      where a.direction = 'above' and a.trigger_price < c.price * 1.04`),
  );
  return {
    coins: coinRows.map((c) => ({ id: c.id, price: Number(c.price) })),
    firingIds: firingRows.map((r) => r.id),
  };
}

/** Makes the firing alerts Active again (between timed ticks). */
export async function rearmFiring(db: AppDb, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .update(alerts)
      // Armed since they were seeded, before any tick: a tick does not fire an alert set up after it.
      .set({ status: 'Active', pausedBy: null, lastTriggered: null, updatedAt: sql`${alerts.createdAt}` })
      .where(inArray(alerts.id, ids.slice(i, i + 1000)));
  }
}
