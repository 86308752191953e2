/**
 * The alert consumer's reads (DESIGN.md section 5): one indexed range
 * query over `alerts_trigger_idx (coingecko_id, trigger_currency, direction, trigger_price) WHERE status =
 * 'Active'` for the
 * single-coin alerts a tick reaches, and the portfolio-wide alerts of users holding a changed coin.
 * Lists travel as one JSON parameter (see alert-firing.ts).
 */
import { sql } from 'drizzle-orm';
import { TICK_KINDS, isDisplayCurrency, isUsableRate, type FxRates } from '@coinpace/domain';
import type { AppDb, AppTx } from '../connect.ts';
import type { AlertRecord } from './alerts.ts';
import { rowsOf } from './locks.ts';

/** A coin's price in a tick, as an exact decimal string. */
export interface TickQuote {
  coingeckoId: string;
  price: string;
}

/** An alert whose trigger a tick price reached. */
export interface CrossedAlert {
  id: string;
  userId: string;
  coingeckoId: string;
  /** The tick price that reached it, USD. */
  price: string;
}

/** A tick's quotes as one JSON parameter: `jsonb_to_recordset(...) as t(coin text, price numeric)`. */
export const tickQuotesJson = (quotes: TickQuote[]) =>
  JSON.stringify(quotes.map((q) => ({ coin: q.coingeckoId, price: q.price })));

/**
 * The currencies a tick can judge triggers in, the dollar and each usable rate, as one JSON parameter:
 * `jsonb_to_recordset(...) as r(currency text, rate numeric)`.
 */
export const tickRatesJson = (rates: FxRates) =>
  JSON.stringify([
    { currency: 'usd', rate: '1' },
    ...Object.entries(rates)
      .filter(([c, rate]) => c !== 'usd' && isDisplayCurrency(c) && isUsableRate(rate))
      .map(([currency, rate]) => ({ currency, rate: String(rate) })),
  ]);

/** The first instant after `armedBy`'s millisecond (see {@link findCrossedAlerts}). */
const armedBefore = (armedBy: Date) => new Date(armedBy.getTime() + 1);

/**
 * Every Active single-coin alert whose trigger the quotes reached: for each coin and each currency a
 * trigger is kept in, two index range scans (`above` with trigger <= price, `below` with trigger >=
 * price), never a scan of all alerts. A trigger in another currency than the dollar (an Above/Below alert
 * set in euros) is compared with the coin's price times the tick's rate of that currency;
 * currencies the tick has no rate for are not looked at. With `armedBy` (the tick's time) only alerts
 * last created, edited or re-armed by then count: a tick handled late does not fire an alert set up after
 * its prices were seen. The tick's time is whole milliseconds and the database stamps microseconds, so
 * the bound is the end of the tick's millisecond: an alert set up in the same millisecond as the tick
 * counts as armed by it.
 */
export async function findCrossedAlerts(
  db: AppDb | AppTx,
  quotes: TickQuote[],
  armedBy?: Date,
  rates: FxRates = {},
): Promise<CrossedAlert[]> {
  if (quotes.length === 0) return [];
  const json = tickQuotesJson(quotes);
  const currencies = tickRatesJson(rates);
  const armed = armedBy ? sql`and x.updated_at < ${armedBefore(armedBy).toISOString()}::timestamptz` : sql``;
  const result = await db.execute(sql`
    select a.id, a.user_id as "userId", t.coin as "coingeckoId", t.price::text as "price"
    from jsonb_to_recordset(${json}::jsonb) as t(coin text, price numeric)
    cross join jsonb_to_recordset(${currencies}::jsonb) as r(currency text, rate numeric)
    cross join lateral (
      (select x.id, x.user_id from alerts x
        where x.status = 'Active' and x.coingecko_id = t.coin and x.trigger_currency = r.currency
          and x.direction = 'above' and x.trigger_price <= t.price * r.rate ${armed})
      union all
      (select x.id, x.user_id from alerts x
        where x.status = 'Active' and x.coingecko_id = t.coin and x.trigger_currency = r.currency
          and x.direction = 'below' and x.trigger_price >= t.price * r.rate ${armed})
    ) a`);
  return rowsOf<CrossedAlert>(result);
}

/** The scopes judged on a user's holdings rather than by the trigger index. */
const WIDE_SCOPES = `(${['portfolio', 'all_coins', ...TICK_KINDS].map((s) => `'${s}'`).join(', ')})`;

/** What a tick judges a whole-portfolio, all-coins or portfolio-kind alert by: a few columns of its row. */
export type WideAlert = Pick<
  AlertRecord,
  | 'id'
  | 'userId'
  | 'scope'
  | 'thresholdType'
  | 'thresholdValue'
  | 'measure'
  | 'portfolioItemId'
  | 'highWater'
  | 'currency'
  | 'skippedAt'
>;

/** A millisecond epoch column as a Date (both drivers answer a float8 as a number). */
const dateOf = (ms: number | string | null): Date | null => (ms === null ? null : new Date(Number(ms)));

/** The columns of a wide alert's row (`alerts a`), as `wideAlertOf` reads them. */
export const WIDE_ALERT_COLUMNS = sql.raw(`a.id, a.user_id, a.scope, a.threshold_type,
  a.threshold_value::text as threshold_value, a.measure, a.portfolio_item_id, a.high_water::text as high_water,
  a.currency, (extract(epoch from a.skipped_at) * 1000)::float8 as skipped_ms`);

/** The alerts a tick may judge on holdings: Active, without a coin, of a wide scope (`alerts a`). */
export const ACTIVE_WIDE_ALERT = sql.raw(
  `a.status = 'Active' and a.coingecko_id is null and a.scope in ${WIDE_SCOPES}`,
);

/** A row of WIDE_ALERT_COLUMNS. */
export interface WideAlertRow {
  id: string;
  user_id: string;
  scope: string;
  threshold_type: string;
  threshold_value: string;
  measure: string | null;
  portfolio_item_id: string | null;
  high_water: string | null;
  currency: string;
  skipped_ms: number | string | null;
}

export function wideAlertOf(r: WideAlertRow): WideAlert {
  return {
    id: r.id,
    userId: r.user_id,
    scope: r.scope,
    thresholdType: r.threshold_type,
    thresholdValue: r.threshold_value,
    measure: r.measure,
    portfolioItemId: r.portfolio_item_id,
    highWater: r.high_water,
    currency: r.currency,
    skippedAt: dateOf(r.skipped_ms),
  };
}

/**
 * Active whole-portfolio, all-coins and portfolio-kind alerts of users who hold one of `coins` (DESIGN.md
 * section 5: 'evaluated only for users who hold a coin that changed'). The holders come first, through the
 * holdings' coin index (the coins as an array, so the planner counts them rather than guessing a hundred),
 * then their alerts through alerts_wide_user_idx (Active, no coin): a tick moving a few coins reads only
 * its holders' rows, never all such alerts. `armedBy` as in {@link findCrossedAlerts}. A tick that moves
 * every coin reaches every holder's alerts: only the columns the judging reads are fetched, as plain rows
 * (the query builder's per-column mapping of whole rows cost more than the judging itself).
 */
export async function findPortfolioWideAlerts(
  db: AppDb | AppTx,
  coins: string[],
  armedBy?: Date,
): Promise<WideAlert[]> {
  if (coins.length === 0) return [];
  const list = JSON.stringify(coins);
  const armed = armedBy ? sql`and a.updated_at < ${armedBefore(armedBy).toISOString()}::timestamptz` : sql``;
  const result = await db.execute(sql`
    select ${WIDE_ALERT_COLUMNS}
    from alerts a
    where ${ACTIVE_WIDE_ALERT} ${armed}
      and a.user_id in (select p.user_id from portfolio_items p
        where p.coingecko_id = any(array(select jsonb_array_elements_text(${list}::jsonb))))`);
  return rowsOf<WideAlertRow>(result).map(wideAlertOf);
}

/** A holding of a user with its coin's latest accepted price, for portfolio-wide alerts. */
export interface PricedHoldingRow {
  id: string;
  userId: string;
  coingeckoId: string | null;
  symbol: string;
  /** Decimal strings. */
  quantity: string;
  purchasePrice: string;
  usd: string | null;
  receivedAt: Date | null;
  source: string | null;
}

/** The holdings of some users with each coin's latest accepted price, for portfolio-wide alerts (plain rows, as above). */
export async function loadPricedHoldings(db: AppDb | AppTx, userIds: string[]): Promise<PricedHoldingRow[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute(sql`
    select p.id, p.user_id, p.coingecko_id, p.symbol, p.quantity::text as quantity,
      p.purchase_price::text as purchase_price, l.usd::text as usd,
      (extract(epoch from l.received_at) * 1000)::float8 as received_ms, l.source
    from portfolio_items p
    left join latest_prices l on l.coingecko_id = p.coingecko_id
    where p.user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::uuid)`);
  return rowsOf<{
    id: string;
    user_id: string;
    coingecko_id: string | null;
    symbol: string;
    quantity: string;
    purchase_price: string;
    usd: string | null;
    received_ms: number | string | null;
    source: string | null;
  }>(result).map((r) => ({
    id: r.id,
    userId: r.user_id,
    coingeckoId: r.coingecko_id,
    symbol: r.symbol,
    quantity: r.quantity,
    purchasePrice: r.purchase_price,
    usd: r.usd,
    receivedAt: dateOf(r.received_ms),
    source: r.source,
  }));
}

/** A drawdown alert's high-water mark as a tick raised it. */
export interface HighWaterMark {
  alertId: string;
  /** USD, as a decimal string. */
  highWater: string;
}

/** The marks a {@link raiseHighWaterMarks} call stored, and the transaction that stored them. */
export interface RaisedMarks {
  /** The writing transaction (as `portfolio_watch` logs it); null when no mark rose. */
  txid: number | null;
  /** Each alert whose mark rose, with the mark as the database now holds it (its text). */
  raised: { alertId: string; userId: string; highWater: string }[];
}

/**
 * Stores the high-water marks a tick raised (or first took), in one statement. A mark only ever rises
 * here: a tick handled late never lowers a mark a later tick set; the re-arm job clears it. Answers the
 * rows it changed, as stored, and its transaction, so a reader that keeps these alerts in memory can
 * apply the change itself rather than reading the rows again.
 */
export async function raiseHighWaterMarks(
  db: AppDb | AppTx,
  marks: HighWaterMark[],
  at: Date,
): Promise<RaisedMarks> {
  if (marks.length === 0) return { txid: null, raised: [] };
  const json = JSON.stringify(marks.map((m) => ({ id: m.alertId, hw: m.highWater })));
  const result = await db.execute(sql`
    update alerts a set high_water = x.hw, high_water_at = ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${json}::jsonb) as x(id uuid, hw numeric)
    where a.id = x.id and a.status = 'Active' and (a.high_water is null or a.high_water < x.hw)
    returning a.id, a.user_id, a.high_water::text as high_water, txid_current()::text as txid`);
  const rows = rowsOf<{ id: string; user_id: string; high_water: string; txid: string }>(result);
  return {
    txid: rows.length === 0 ? null : Number(rows[0]!.txid),
    raised: rows.map((r) => ({ alertId: r.id, userId: r.user_id, highWater: r.high_water })),
  };
}
