/**
 * A per-consumer in-memory index of portfolio-wide alerts (whole-portfolio, all-coins and the portfolio
 * kinds) and of their users' holdings, so that a tick moving a few coins judges its holders' alerts by
 * arithmetic over memory instead of reading their rows. The database stays the source of truth: every
 * write to such an alert or to a holding, by anyone, is logged in `portfolio_watch` by a trigger in the
 * writing transaction, and before each tick the index reloads exactly the users logged since its last look
 * (one indexed read of the log when nothing changed). Firing still claims each alert in the database.
 */
import {
  currentWatchXmin,
  loadHoldingsOf,
  loadWideAlertsOf,
  prunePortfolioWatch,
  readPortfolioWatch,
  watchedAlertOf,
  type AppDb,
  type RaisedMarks,
  type WatchedAlert,
  type WatchedHolding,
} from '@coinpace/db';

/** Log rows are deleted this long after they were first seen committed. */
const KEEP_MINUTES = 15;
/** The index is rebuilt whole when it last looked at the log longer ago than this (a third of the above). */
const STALE_AFTER_MS = 5 * 60_000;
/** The log is pruned at most this often. */
const PRUNE_EVERY_MS = 60_000;

interface UserEntry {
  alerts: WatchedAlert[];
  holdings: WatchedHolding[];
}

export class PortfolioIndex {
  private readonly users = new Map<string, UserEntry>();
  private readonly holders = new Map<string, Set<string>>();
  /** Reads of the log start here; null: not built yet. */
  private sinceTxid: number | null = null;
  /** Transactions from `sinceTxid` on whose changes were already applied. */
  private applied = new Set<number>();
  private lastLookMs = 0;
  private lastPruneMs = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  /**
   * Brings the index up to date with the database: the users whose wide alerts or holdings changed since
   * the last look are reloaded (or everything, on the first call or after a long silence). On failure the
   * index is left as it was, and the next call looks again from the same point.
   */
  async refresh(db: AppDb): Promise<void> {
    const now = this.clock();
    if (this.sinceTxid === null || now - this.lastLookMs > STALE_AFTER_MS) {
      await this.rebuild(db);
    } else {
      const { xmin, changes } = await readPortfolioWatch(db, this.sinceTxid);
      const fresh = changes.filter((c) => !this.applied.has(c.txid));
      if (fresh.some((c) => c.userId === null)) {
        await this.rebuild(db);
      } else {
        const dirty = [...new Set(fresh.map((c) => c.userId!))];
        if (dirty.length > 0) await this.reload(db, dirty);
        // Changes of transactions from xmin on were seen committed (or not yet at all): remember the
        // former, so that the next read, from xmin on again, applies only the latter.
        const applied = new Set<number>();
        for (const txid of this.applied) if (txid >= xmin) applied.add(txid);
        for (const c of changes) if (c.txid >= xmin) applied.add(c.txid);
        this.applied = applied;
        this.sinceTxid = xmin;
      }
    }
    this.lastLookMs = now;
    if (now - this.lastPruneMs > PRUNE_EVERY_MS) {
      this.lastPruneMs = now;
      await prunePortfolioWatch(db, KEEP_MINUTES);
    }
  }

  /** The wide alerts, set up before `armedBefore` (epoch ms), of users holding one of `coins`. */
  alertsFor(coins: Iterable<string>, armedBeforeMs: number): { alerts: WatchedAlert[]; userIds: string[] } {
    const userIds = this.holdersOf(coins);
    const alerts: WatchedAlert[] = [];
    for (const u of userIds) {
      for (const a of this.users.get(u)!.alerts) if (a.updatedMs < armedBeforeMs) alerts.push(a);
    }
    return { alerts, userIds: [...userIds] };
  }

  /** A user's wide alerts as the index holds them (none when it holds no such user). */
  alertsOf(userId: string): readonly WatchedAlert[] {
    return this.users.get(userId)?.alerts ?? [];
  }

  /**
   * Applies drawdown marks this consumer stored itself (raiseHighWaterMarks' answer) to the alerts in
   * memory, and notes their transaction as applied, so the next look at the log does not reload those
   * users for a change the index already holds. The marks are the rows as the database holds them after
   * the write; any other change to these users is another transaction's, logged and reloaded as usual.
   * When an alert is not in memory the transaction is left to the log, which reloads its users.
   */
  applyOwnRaises(marks: RaisedMarks): void {
    if (marks.txid === null || this.sinceTxid === null) return;
    const found: { entry: UserEntry; at: number; highWater: string }[] = [];
    for (const m of marks.raised) {
      const entry = this.users.get(m.userId);
      const at = entry ? entry.alerts.findIndex((a) => a.id === m.alertId) : -1;
      if (!entry || at < 0) return;
      found.push({ entry, at, highWater: m.highWater });
    }
    // A new row object: the judging caches each row's parsed rule by its object.
    for (const f of found) {
      const old = f.entry.alerts[f.at]!;
      f.entry.alerts[f.at] = watchedAlertOf({ ...old, highWater: f.highWater }, old.updatedMs);
    }
    this.applied.add(marks.txid);
  }

  holdingsOf(userId: string): readonly WatchedHolding[] {
    return this.users.get(userId)?.holdings ?? [];
  }

  /** Whether the index was built (it is on the first refresh). */
  get built(): boolean {
    return this.sinceTxid !== null;
  }

  /** The users the index holds who hold one of `coins`, whatever their alerts' age. */
  holdersOf(coins: Iterable<string>): Set<string> {
    const userIds = new Set<string>();
    for (const coin of coins) {
      const held = this.holders.get(coin);
      if (held) for (const u of held) userIds.add(u);
    }
    return userIds;
  }

  /** The coins `userIds` hold other than `skip` (the tick's own): those whose stored prices value them. */
  coinsBesides(userIds: Iterable<string>, skip: ReadonlySet<string>): Set<string> {
    const coins = new Set<string>();
    for (const u of userIds) {
      for (const h of this.holdingsOf(u))
        if (h.coingeckoId !== null && !skip.has(h.coingeckoId)) coins.add(h.coingeckoId);
    }
    return coins;
  }

  private async rebuild(db: AppDb): Promise<void> {
    // The oldest running transaction first: whatever commits after the loads below is logged from it on.
    const xmin = await currentWatchXmin(db);
    const alerts = await loadWideAlertsOf(db, null);
    const holdings = await loadHoldingsOf(db, null);
    this.users.clear();
    this.holders.clear();
    this.apply(alerts, holdings);
    this.sinceTxid = xmin;
    this.applied = new Set();
  }

  private async reload(db: AppDb, userIds: string[]): Promise<void> {
    const alerts = await loadWideAlertsOf(db, userIds);
    const holdings = await loadHoldingsOf(db, userIds);
    for (const u of userIds) this.drop(u);
    this.apply(alerts, holdings);
  }

  private drop(userId: string): void {
    const entry = this.users.get(userId);
    if (!entry) return;
    for (const h of entry.holdings)
      if (h.coingeckoId !== null) this.holders.get(h.coingeckoId)?.delete(userId);
    this.users.delete(userId);
  }

  /** Adds users with their alerts and holdings; only users with an alert are kept (no alert, nothing to judge). */
  private apply(alerts: WatchedAlert[], holdings: WatchedHolding[]): void {
    for (const a of alerts) {
      let entry = this.users.get(a.userId);
      if (!entry) this.users.set(a.userId, (entry = { alerts: [], holdings: [] }));
      entry.alerts.push(a);
    }
    for (const h of holdings) {
      const entry = this.users.get(h.userId);
      if (!entry) continue;
      entry.holdings.push(h);
      if (h.coingeckoId === null) continue;
      let held = this.holders.get(h.coingeckoId);
      if (!held) this.holders.set(h.coingeckoId, (held = new Set()));
      held.add(h.userId);
    }
  }
}
