import { noopLogger, type IdentityAdmin, type Logger } from '@coinpace/adapters';
import {
  ADVISORY_LOCKS,
  purgeBetaSignups,
  purgeContactMessages,
  withTryAdvisoryLock,
  type AppDb,
} from '@coinpace/db';
import { betaPurgeCutoff, contactPurgeCutoff } from '@coinpace/domain';
import { applyAccountLifecycle } from './account-lifecycle.ts';

/** How often the worker runs the lifecycle jobs by default: hourly is plenty for day-level rules. */
export const LIFECYCLE_INTERVAL_MS = 60 * 60 * 1000;

export interface LifecycleJobOptions {
  db: AppDb;
  /** Public origin for the link in the warning e-mail (config `publicUrl`). */
  publicUrl: string;
  /** The clock; tests move it. Default: the system clock. */
  now?: () => Date;
  logger?: Logger;
  /** Accounts read per query. Default 500. */
  batchSize?: number;
  /** Clerk's user deletion (CLERK_SECRET_KEY): the day-14 purge deletes the Clerk user too. */
  identityAdmin?: IdentityAdmin;
}

export interface LifecycleRun {
  warned: number;
  deleted: number;
  betaPurged: number;
  /** Contact messages older than the privacy page's year. */
  contactPurged: number;
}

/**
 * One pass of the worker's clean-up jobs (SPEC.md section 9): account warnings and deletions, and the
 * two-year purge of the beta waitlist, and the one-year purge of contact messages. Runs in one transaction under the lifecycle advisory lock, so
 * with several workers one does the pass and the others skip it; every step is idempotent, so a pass
 * repeated at the same time changes nothing.
 * @returns what was done, or null when another worker was running the pass.
 */
export async function runLifecycleJobs(options: LifecycleJobOptions): Promise<LifecycleRun | null> {
  const now = (options.now ?? (() => new Date()))();
  const outcome = await withTryAdvisoryLock(options.db, ADVISORY_LOCKS.lifecycleJobs, async (tx) => {
    const accounts = await applyAccountLifecycle(tx, {
      now,
      publicUrl: options.publicUrl,
      batchSize: options.batchSize,
      identityAdmin: options.identityAdmin,
      logger: options.logger,
    });
    const betaPurged = await purgeBetaSignups(tx, betaPurgeCutoff(now));
    const contactPurged = await purgeContactMessages(tx, contactPurgeCutoff(now));
    return { ...accounts, betaPurged, contactPurged };
  });
  return outcome.ran ? outcome.value : null;
}

export interface LifecycleScheduler {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs {@link runLifecycleJobs} at start and then every `intervalMs` (default hourly). A failed pass is
 * logged and retried at the next tick; passes never overlap within a process.
 */
export function startLifecycleJobs(
  options: LifecycleJobOptions & { intervalMs?: number },
): LifecycleScheduler {
  const logger = options.logger ?? noopLogger;
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = () => {
    if (stopped || running) return;
    running = runLifecycleJobs(options)
      .then((run) => {
        if (run && (run.warned || run.deleted || run.betaPurged || run.contactPurged))
          logger.info({ ...run }, 'lifecycle jobs ran');
        else if (!run) logger.debug('lifecycle jobs running in another worker');
      })
      .catch((err: unknown) => logger.error({ err }, 'lifecycle jobs failed; retrying at the next interval'))
      .finally(() => {
        running = undefined;
      });
  };

  const timer = setInterval(tick, options.intervalMs ?? LIFECYCLE_INTERVAL_MS);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
