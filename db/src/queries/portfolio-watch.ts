/**
 * The reads behind the alert consumer's in-memory index of portfolio-wide alerts and holdings: the change
 * log `portfolio_watch` (filled by triggers on `alerts` and `portfolio_items`, see migration 0030), the
 * wide alerts and the holdings of some users (or of every user with such an alert), and stored prices.
 */
import { sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../connect.ts';
import {
  ACTIVE_WIDE_ALERT,
  WIDE_ALERT_COLUMNS,
  wideAlertOf,
  type WideAlert,
  type WideAlertRow,
} from './alert-evaluation.ts';
import { rowsOf } from './locks.ts';

/** A milliseconds column (both drivers answer a float8 as a number, or its text). */
const msOf = (ms: number | string | null): number | null => (ms === null ? null : Number(ms));

/** One logged change: the writing transaction, and whose rows it changed (null: everyone's). */
export interface PortfolioChange {
  txid: number;
  userId: string | null;
}

/**
 * The changes logged by transactions from `sinceTxid` on that have committed, and the oldest transaction
 * still running as this read sees it (`xmin`): every transaction before it has committed or rolled back,
 * so a later read from `xmin` on misses none that commits afterwards.
 */
export async function readPortfolioWatch(
  db: AppDb | AppTx,
  sinceTxid: number,
): Promise<{ xmin: number; changes: PortfolioChange[] }> {
  const rows = rowsOf<{ xmin: string; changes: string | null }>(
    await db.execute(sql`
      select txid_snapshot_xmin(txid_current_snapshot())::text as xmin,
        (select json_agg(json_build_array(w.txid::text, w.user_id))::text
          from (select distinct txid, user_id from portfolio_watch where txid >= ${sinceTxid}) w) as changes`),
  );
  const row = rows[0]!;
  const changes = row.changes === null ? [] : (JSON.parse(row.changes) as [string, string | null][]);
  return {
    xmin: Number(row.xmin),
    changes: changes.map(([txid, userId]) => ({ txid: Number(txid), userId })),
  };
}

/** The oldest transaction still running: a reader that starts from it misses nothing committed later. */
export async function currentWatchXmin(db: AppDb | AppTx): Promise<number> {
  const rows = rowsOf<{ xmin: string }>(
    await db.execute(sql`select txid_snapshot_xmin(txid_current_snapshot())::text as xmin`),
  );
  return Number(rows[0]!.xmin);
}

/**
 * Marks the log rows now seen committed, and deletes those marked more than `keepMinutes` ago: a reader
 * that looks more often than that has seen them all.
 */
export async function prunePortfolioWatch(db: AppDb | AppTx, keepMinutes: number): Promise<void> {
  await db.execute(sql`update portfolio_watch set seen_at = now()
    where seen_at is null and txid < txid_snapshot_xmin(txid_current_snapshot())`);
  await db.execute(sql`delete from portfolio_watch
    where seen_at < now() - make_interval(mins => ${keepMinutes})`);
}

/** A wide alert with when it was last set up (epoch ms, fractional: the database keeps microseconds). */
export interface WatchedAlert extends WideAlert {
  updatedMs: number;
}

/** The Active whole-portfolio, all-coins and portfolio-kind alerts of `userIds`, or of everyone (null). */
export async function loadWideAlertsOf(db: AppDb | AppTx, userIds: string[] | null): Promise<WatchedAlert[]> {
  const who =
    userIds === null
      ? sql``
      : sql`and a.user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid)`;
  const result = await db.execute(sql`
    select ${WIDE_ALERT_COLUMNS}, (extract(epoch from a.updated_at) * 1000)::float8 as updated_ms
    from alerts a
    where ${ACTIVE_WIDE_ALERT} ${who}`);
  return rowsOf<WideAlertRow & { updated_ms: number | string }>(result).map((r) =>
    watchedAlertOf(wideAlertOf(r), Number(r.updated_ms)),
  );
}

/**
 * A wide alert with its set-up time, written out field by field: an index keeps many of these and reads
 * them on every tick, and objects built by one literal share one hidden class in V8, which keeps those
 * reads fast (the same objects spread from another did not share one, and read several times slower).
 */
export function watchedAlertOf(a: WideAlert, updatedMs: number): WatchedAlert {
  return {
    id: a.id,
    userId: a.userId,
    scope: a.scope,
    thresholdType: a.thresholdType,
    thresholdValue: a.thresholdValue,
    measure: a.measure,
    portfolioItemId: a.portfolioItemId,
    highWater: a.highWater,
    currency: a.currency,
    skippedAt: a.skippedAt,
    updatedMs,
  };
}

/** A holding as the index keeps it (numbers: the judging is arithmetic in doubles anyway). */
export interface WatchedHolding {
  id: string;
  userId: string;
  coingeckoId: string | null;
  symbol: string;
  quantity: number;
  purchasePrice: number;
}

/** The holdings of `userIds`, or (null) of every user with an Active wide alert. */
export async function loadHoldingsOf(db: AppDb | AppTx, userIds: string[] | null): Promise<WatchedHolding[]> {
  const who =
    userIds === null
      ? sql`(select a.user_id from alerts a where ${ACTIVE_WIDE_ALERT})`
      : sql`(select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid)`;
  const result = await db.execute(sql`
    select p.id, p.user_id, p.coingecko_id, p.symbol, p.quantity::text as quantity,
      p.purchase_price::text as purchase_price
    from portfolio_items p where p.user_id in ${who}`);
  return rowsOf<{
    id: string;
    user_id: string;
    coingecko_id: string | null;
    symbol: string;
    quantity: string;
    purchase_price: string;
  }>(result).map((r) => ({
    id: r.id,
    userId: r.user_id,
    coingeckoId: r.coingecko_id,
    symbol: r.symbol,
    quantity: Number(r.quantity),
    purchasePrice: Number(r.purchase_price),
  }));
}

/** A coin's stored latest price, as the judging of holdings reads it. */
export interface WatchedPrice {
  usd: number | null;
  receivedMs: number | null;
  source: string | null;
}

/** The stored latest prices of `coins`. */
export async function loadStoredPrices(
  db: AppDb | AppTx,
  coins: string[],
): Promise<Map<string, WatchedPrice>> {
  const prices = new Map<string, WatchedPrice>();
  if (coins.length === 0) return prices;
  const result = await db.execute(sql`
    select l.coingecko_id, l.usd::text as usd, (extract(epoch from l.received_at) * 1000)::float8 as received_ms,
      l.source
    from latest_prices l
    where l.coingecko_id = any(array(select jsonb_array_elements_text(${JSON.stringify(coins)}::jsonb)))`);
  for (const r of rowsOf<{
    coingecko_id: string;
    usd: string | null;
    received_ms: number | string | null;
    source: string | null;
  }>(result)) {
    prices.set(r.coingecko_id, {
      usd: r.usd === null ? null : Number(r.usd),
      receivedMs: msOf(r.received_ms),
      source: r.source,
    });
  }
  return prices;
}
