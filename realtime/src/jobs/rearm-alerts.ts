/**
 * The re-arm job (DESIGN.md section 5): alerts paused by their trigger become Active again once
 * `last_triggered + reset_interval` has passed; alerts the user paused stay paused. With several workers
 * one runs it at a time (a Postgres advisory lock); the clock is injected.
 */
import type { Logger } from '@coinpace/adapters';
import { ADVISORY_LOCKS, rearmDueAlerts, withTryAdvisoryLock, type AppDb } from '@coinpace/db';

/** Re-arms every due alert at `now`; `ran` is false when another worker holds the job's lock. */
export async function rearmAlerts(db: AppDb, now: Date): Promise<{ ran: boolean; rearmed: string[] }> {
  const result = await withTryAdvisoryLock(db, ADVISORY_LOCKS.rearmAlerts, (tx) => rearmDueAlerts(tx, now));
  return result.ran ? { ran: true, rearmed: result.value.map((r) => r.id) } : { ran: false, rearmed: [] };
}

export interface RearmJobOptions {
  db: AppDb;
  logger: Logger;
  /** How often to look, ms. Default 60,000 (the shortest reset interval is an hour). */
  everyMs?: number;
  now?: () => Date;
}

/** Runs the re-arm job now and then every `everyMs`; the returned function stops it. */
export function startRearmJob(opts: RearmJobOptions): { stop: () => Promise<void> } {
  const now = opts.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = rearmAlerts(opts.db, now())
      .then(({ rearmed }) => {
        if (rearmed.length > 0) opts.logger.info({ rearmed: rearmed.length }, 'alerts re-armed');
      })
      .catch((err: unknown) => opts.logger.error({ err }, 're-arm job failed'));
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
