/**
 * The portfolio kinds in the alert benchmark: holdings for some of the users, and a mixed population of
 * portfolio value, drawdown, holding gain/loss and allocation alerts on them, none of which a tick
 * within ±4 % fires (so the firing counts of the other scenarios stay exact). The naive loop loads every
 * Active kind alert and every holding, and sums each alert's portfolio on its own, whether its coins moved or not.
 */
import { PORTFOLIO_KINDS, evaluatePortfolioRule, portfolioSnapshot, type PriceTick } from '@coinpace/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type AppDb } from './alerts-db.ts';

export interface KindSizes {
  /** Users with holdings (the first ones of the seeded users). */
  holders: number;
  /** Holdings per such user. */
  perUser: number;
  /** Portfolio-kind alerts, spread evenly over the holders and the four kinds. */
  kinds: number;
  coins: number;
}

export async function seedKinds(db: AppDb, s: KindSizes, log: (line: string) => void): Promise<void> {
  if (s.kinds === 0 || s.holders === 0) return;
  log(
    `  ${(s.holders * s.perUser).toLocaleString('en-US')} holdings of ${s.holders.toLocaleString('en-US')} users`,
  );
  // Distinct coins per user: offsets 0, 101, 202, ... stay apart modulo the coin count.
  await db.execute(
    sql.raw(`insert into portfolio_items (user_id, coingecko_id, symbol, name, quantity, purchase_price)
    select md5('bench-user-' || u)::uuid, c.id, 'B' || c.idx, c.id,
      round(((1000 + random() * 9000) / c.price)::numeric, 8), round(c.price * 0.9, 18)
    from generate_series(0, ${s.holders - 1}) u
    cross join generate_series(0, ${s.perUser - 1}) k
    join bench_coins c on c.idx = (u * 7 + k * 101) % ${s.coins}`),
  );
  log(
    `  ${s.kinds.toLocaleString('en-US')} portfolio-kind alerts (value, drawdown, holding gain/loss, allocation)`,
  );
  // g % 8 picks the kind and side; every threshold is out of reach of a ±4 % tick.
  await db.execute(
    sql.raw(`insert into alerts (user_id, type, scope, portfolio_item_id, coin_symbol, threshold_type,
      threshold_value, measure, notification_method, status, direction, reset_interval)
    select p.user_id, 'PortfolioGainLoss', k.scope, k.holding, k.symbol, k.tt, k.tv, k.measure, 'Email',
      'Active', case when k.tt in ('Above', 'Gain') then 'above' else 'below' end, '1hour'
    from generate_series(0, ${s.kinds - 1}) g
    cross join lateral (select id, user_id, symbol from portfolio_items
      where user_id = md5('bench-user-' || (g % ${s.holders}))::uuid order by id offset (g % ${s.perUser}) limit 1) p
    cross join lateral (select
      (array['portfolio_value', 'drawdown', 'holding_pnl', 'allocation'])[g % 4 + 1] as scope,
      case when g % 4 in (2, 3) or g % 8 = 5 then p.id end as holding,
      case when g % 4 in (2, 3) or g % 8 = 5 then p.symbol end as symbol,
      (array['Above', 'Loss', 'Gain', 'Above', 'Below', 'Loss', 'Loss', 'Below'])[g % 8 + 1] as tt,
      (array[1000000000, 50, 1000, 99.9, 1, 50, 1000000000, 0.001])[g % 8 + 1] as tv,
      case when g % 8 = 2 then 'percent' when g % 8 = 6 then 'amount' end as measure) k`),
  );
}

/**
 * The naive loop for the kinds: every Active kind alert and every holding with its stored price, loaded
 * each tick; each alert sums its own user's portfolio (the tick's prices over the stored ones).
 */
export async function naiveEvaluateKinds(db: AppDb, tick: PriceTick): Promise<string[]> {
  const kinds = PORTFOLIO_KINDS.map((k) => `'${k}'`).join(', ');
  const alertRows = rowsOf<{
    id: string;
    user_id: string;
    scope: (typeof PORTFOLIO_KINDS)[number];
    threshold_type: 'Above' | 'Below' | 'Gain' | 'Loss';
    threshold_value: string;
    measure: 'percent' | 'amount' | null;
    portfolio_item_id: string | null;
    high_water: string | null;
  }>(
    await db.execute(
      sql.raw(`select id, user_id, scope, threshold_type, threshold_value, measure, portfolio_item_id, high_water
      from alerts where status = 'Active' and scope in (${kinds})`),
    ),
  );
  const holdingRows = rowsOf<{
    id: string;
    user_id: string;
    coingecko_id: string;
    symbol: string;
    quantity: string;
    purchase_price: string;
    usd: string | null;
  }>(
    await db.execute(sql`select p.id, p.user_id, p.coingecko_id, p.symbol, p.quantity, p.purchase_price, l.usd
      from portfolio_items p left join latest_prices l on l.coingecko_id = p.coingecko_id`),
  );
  const byUser = new Map<string, typeof holdingRows>();
  for (const h of holdingRows) byUser.set(h.user_id, [...(byUser.get(h.user_id) ?? []), h]);
  const fired: string[] = [];
  for (const a of alertRows) {
    const own = (byUser.get(a.user_id) ?? []).map((h) => ({
      id: h.id,
      coingeckoId: h.coingecko_id,
      symbol: h.symbol,
      quantity: Number(h.quantity),
      purchasePrice: Number(h.purchase_price),
      price: tick.prices[h.coingecko_id]?.usd ?? (h.usd === null ? null : Number(h.usd)),
      fresh: true,
    }));
    const result = evaluatePortfolioRule(
      {
        scope: a.scope,
        thresholdType: a.threshold_type,
        thresholdValue: Number(a.threshold_value),
        measure: a.measure,
        portfolioItemId: a.portfolio_item_id,
        highWater: a.high_water === null ? null : Number(a.high_water),
      },
      portfolioSnapshot(own),
      1,
    );
    if (result.fire) fired.push(a.id);
  }
  return fired;
}
