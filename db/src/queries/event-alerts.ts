/**
 * The event-alert job's reads (domain EVENT_KINDS): the movements synced exchange accounts and wallets
 * recorded that an Active movement alert has not told yet, and the exchange accounts and wallets whose
 * syncs fail long enough for a sync_problem alert. "Not told yet" is the absence of the alert's event
 * under its idempotency key, so a job run twice, or by two workers at once, tells each once.
 */
import { sql } from 'drizzle-orm';
import type { AppDb } from '../connect.ts';
import { rowsOf } from './locks.ts';

/** The idempotency-key part of a movement: one firing per alert and movement (a holding transaction). */
export function movementTickId(transactionId: string): string {
  return `movement:${transactionId}`;
}

/** The idempotency-key part of a sync problem: one firing per alert, place and failing episode. */
export function syncProblemTickId(placeId: string, failingSince: Date): string {
  return `sync-problem:${placeId}:${failingSince.getTime()}`;
}

/** One movement an alert asks about. */
export interface PendingMovement {
  alertId: string;
  userId: string;
  transactionId: string;
  /** transfer_in or transfer_out. */
  kind: string;
  /** The amount moved, a decimal string. */
  quantity: string;
  symbol: string;
  coingeckoId: string | null;
  /** The exchange account's or wallet's label. */
  place: string;
  /** The alert's least worth, in `currency`. */
  thresholdValue: string;
  currency: string;
  /** What the amount is worth at the latest price, USD; null when the coin has no price. */
  worthUsd: number | null;
}

/**
 * Movements recorded since `since` (by when they were written) that an Active movement alert of their
 * user asks about and has not told: into an exchange account or wallet for Gain, out for Loss, of the
 * alert's holding when it has one. Only movements made after both the alert and the place were set up
 * count, and never a wallet's opening balance: a first sync's history is what the user had, not news.
 * A movement is worth the amount at the latest price in the alert's currency; one of a coin without a
 * price (or a currency without a rate) is told whatever its worth, since the amount is the news.
 */
export async function findPendingMovements(db: AppDb, since: Date, limit = 500): Promise<PendingMovement[]> {
  const result = await db.execute(sql`
    select a.id as alert_id, a.user_id, t.id as transaction_id, t.kind, t.quantity::text as quantity,
      p.symbol, p.coingecko_id, coalesce(e.label, w.label) as place,
      a.threshold_value::text as threshold_value, a.currency,
      (t.quantity * lp.usd)::float8 as worth_usd
    from alerts a
    join holding_transactions t on t.user_id = a.user_id
    join portfolio_items p on p.id = t.holding_id
    left join exchange_accounts e on e.id = t.location_id
    left join wallets w on w.id = t.wallet_id
    left join latest_prices lp on lp.coingecko_id = p.coingecko_id
    left join lateral (
      select case when a.currency = 'usd' then 1 else (select f.rate from fx_rates f
        where f.currency = a.currency order by f.day desc limit 1) end as rate
    ) fx on true
    where a.scope = 'movement' and a.status = 'Active'
      and (e.id is not null or w.id is not null)
      and t.kind = case a.threshold_type when 'Gain' then 'transfer_in' else 'transfer_out' end
      and (a.portfolio_item_id is null or a.portfolio_item_id = t.holding_id)
      and t.created_at >= ${since.toISOString()}::timestamptz
      and t.at >= a.created_at and t.at >= coalesce(e.created_at, w.created_at)
      and (t.external_ref is null or t.external_ref not like 'wallet:%:opening:%')
      and (lp.usd is null or fx.rate is null or t.quantity * lp.usd * fx.rate >= a.threshold_value)
      and not exists (select 1 from alert_events ev
        where ev.idempotency_key = a.id::text || ':movement:' || t.id::text)
    order by t.created_at, t.id
    limit ${limit}`);
  return rowsOf<{
    alert_id: string;
    user_id: string;
    transaction_id: string;
    kind: string;
    quantity: string;
    symbol: string;
    coingecko_id: string | null;
    place: string;
    threshold_value: string;
    currency: string;
    worth_usd: number | null;
  }>(result).map((r) => ({
    alertId: r.alert_id,
    userId: r.user_id,
    transactionId: r.transaction_id,
    kind: r.kind,
    quantity: r.quantity,
    symbol: r.symbol,
    coingeckoId: r.coingecko_id,
    place: r.place,
    thresholdValue: r.threshold_value,
    currency: r.currency,
    worthUsd: r.worth_usd === null ? null : Number(r.worth_usd),
  }));
}

/** One failing place a sync_problem alert has not told about in this episode. */
export interface PendingSyncProblem {
  alertId: string;
  userId: string;
  /** The exchange account's or wallet's id and label. */
  placeId: string;
  place: string;
  failingSince: Date;
  error: string | null;
}

/**
 * Exchange accounts and wallets failing since at least the alert's hours before `now` (or at once when
 * the key or address was refused for good: status stopped), for each Active sync_problem alert of their
 * user that has not told this episode.
 */
export async function findPendingSyncProblems(
  db: AppDb,
  now: Date,
  limit = 500,
): Promise<PendingSyncProblem[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select a.id as alert_id, a.user_id, f.id as place_id, f.label as place,
      ((extract(epoch from f.failing_since) * 1000)::bigint)::text as failing_ms, f.last_error
    from alerts a
    join (
      select id, user_id, label, failing_since, last_error, status from exchange_accounts
        where failing_since is not null
      union all
      select id, user_id, label, failing_since, last_error, status from wallets
        where failing_since is not null
    ) f on f.user_id = a.user_id
    where a.scope = 'sync_problem' and a.status = 'Active'
      and (f.status = 'stopped'
        or f.failing_since <= ${at}::timestamptz - a.threshold_value * interval '1 hour')
      and not exists (select 1 from alert_events ev
        where ev.idempotency_key = a.id::text || ':sync-problem:' || f.id::text || ':'
          || ((extract(epoch from f.failing_since) * 1000)::bigint)::text)
    order by f.failing_since, f.id
    limit ${limit}`);
  return rowsOf<{
    alert_id: string;
    user_id: string;
    place_id: string;
    place: string;
    failing_ms: string;
    last_error: string | null;
  }>(result).map((r) => ({
    alertId: r.alert_id,
    userId: r.user_id,
    placeId: r.place_id,
    place: r.place,
    failingSince: new Date(Number(r.failing_ms)),
    error: r.last_error,
  }));
}
