/**
 * The event-alert job (domain EVENT_KINDS): movement and sync_problem alerts are told by what exchange
 * syncs and wallet refreshes record, not by ticks. Every `everyMs` the worker role reads the movements
 * and failing places an Active alert has not told yet and fires them through fireAlerts, each movement
 * as its own tick (`movement:<transaction id>`) and each failing episode as its own
 * (`sync-problem:<place id>:<failing since>`): the alert event's idempotency key, alert id + that tick,
 * makes a movement or an episode fire once however many workers run the job, and however often. A sync
 * that works ends the episode (failing_since cleared), so the next failure is told again.
 */
import type { Logger } from '@coinpace/adapters';
import {
  findPendingMovements,
  findPendingSyncProblems,
  movementTickId,
  syncProblemTickId,
  type AppDb,
  type PendingMovement,
  type PendingSyncProblem,
} from '@coinpace/db';
import { fireAlerts, type FiredAlert } from './fire-alerts.ts';
import type { Firing } from './evaluate-tick.ts';

/**
 * How far back the job looks for movements, by when they were recorded: a worker down for longer loses
 * the news of what was synced meanwhile (the holdings themselves are right).
 */
export const MOVEMENT_LOOKBACK_MS = 24 * 60 * 60_000;

export interface EventAlertOptions {
  now: Date;
  /** PUBLIC_URL, for the link to the alerts page. */
  publicUrl: string;
}

/** Fires every movement and sync problem not told yet; returns the alerts fired. */
export async function runEventAlerts(db: AppDb, opts: EventAlertOptions): Promise<FiredAlert[]> {
  const fired: FiredAlert[] = [];
  const since = new Date(opts.now.getTime() - MOVEMENT_LOOKBACK_MS);
  const movements = groupBy(await findPendingMovements(db, since), (m) => m.transactionId);
  for (const [transactionId, rows] of movements) {
    fired.push(
      ...(await fireAlerts(db, rows.map(movementFiring), {
        tickId: movementTickId(transactionId),
        now: opts.now,
        publicUrl: opts.publicUrl,
      })),
    );
  }
  const problems = groupBy(await findPendingSyncProblems(db, opts.now), (p) =>
    syncProblemTickId(p.placeId, p.failingSince),
  );
  for (const [tickId, rows] of problems) {
    fired.push(
      ...(await fireAlerts(db, rows.map(problemFiring), {
        tickId,
        now: opts.now,
        publicUrl: opts.publicUrl,
      })),
    );
  }
  return fired;
}

function movementFiring(m: PendingMovement): Firing {
  return {
    alertId: m.alertId,
    userId: m.userId,
    price: String(m.worthUsd ?? 0),
    event: { place: m.place, symbol: m.symbol, quantity: trimDecimal(m.quantity) },
  };
}

function problemFiring(p: PendingSyncProblem): Firing {
  return { alertId: p.alertId, userId: p.userId, price: '0', event: { place: p.place, error: p.error } };
}

/** '0.50000000' as '0.5'. */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

export interface EventAlertJobOptions {
  db: AppDb;
  logger: Logger;
  publicUrl: string;
  /** How often to look, ms. Default 60,000. */
  everyMs?: number;
  now?: () => Date;
  /** Called after a run that fired something (the worker wakes the dispatcher). */
  onFired?: (fired: FiredAlert[]) => void;
}

/** Runs the event-alert job now and then every `everyMs`; the returned function stops it. */
export function startEventAlertJob(opts: EventAlertJobOptions): { stop: () => Promise<void> } {
  const now = opts.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = runEventAlerts(opts.db, { now: now(), publicUrl: opts.publicUrl })
      .then((fired) => {
        if (fired.length === 0) return;
        opts.logger.info({ fired: fired.length }, 'movement and sync-problem alerts fired');
        opts.onFired?.(fired);
      })
      .catch((err: unknown) => opts.logger.error({ err }, 'event-alert job failed'))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, opts.everyMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
