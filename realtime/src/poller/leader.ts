/**
 * Leader election over the bus lock (DESIGN.md section 1: exactly one poller is active however many
 * run). The holder renews the lock every third of its TTL; a holder that dies stops renewing, the lock
 * expires, and a follower (retrying every second) takes it over.
 */
import { noopLogger, type Bus, type Lock, type Logger } from '@coinpace/adapters';

export interface LeaderElectionOptions {
  bus: Bus;
  /** Lock key, shared by every candidate. */
  key: string;
  /** Lock TTL in ms: how long a dead leader keeps the others waiting. */
  ttlMs: number;
  /** How often the leader renews, in ms. Default ttlMs / 3. */
  intervalMs?: number;
  /**
   * How often a candidate that does not lead tries again, in ms. Default the smaller of intervalMs
   * and 1,000: after a Redis outage the poller leads again within a second.
   */
  retryMs?: number;
  logger?: Logger;
  /** Called when this candidate starts leading (a new term). */
  onElected: () => void;
  /** Called when it stops leading (renewal refused, lock unreachable) or stops while leading. */
  onDeposed: () => void;
}

export interface LeaderElection {
  /** Starts campaigning at once. */
  start(): void;
  /** True while this candidate leads. */
  isLeader(): boolean;
  /**
   * Stops campaigning. With `release` (the default) a held lock is given up so another candidate takes
   * over at once; without it the lock runs out its TTL, as when the process dies.
   */
  stop(options?: { release?: boolean }): Promise<void>;
}

export function createLeaderElection(options: LeaderElectionOptions): LeaderElection {
  const { bus, key, ttlMs, onElected, onDeposed } = options;
  const logger = options.logger ?? noopLogger;
  const intervalMs = options.intervalMs ?? Math.max(1, Math.floor(ttlMs / 3));
  const retryMs = options.retryMs ?? Math.min(intervalMs, 1_000);
  // The lock this candidate holds, or believes it may still hold: kept while the broker is unreachable,
  // so leadership resumes as soon as a renewal succeeds instead of after the TTL.
  let lock: Lock | null = null;
  let leading = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = true;

  const lead = () => {
    if (leading || stopped) return;
    leading = true;
    onElected();
  };
  const stepDown = () => {
    if (!leading) return;
    leading = false;
    onDeposed();
  };

  async function campaign(): Promise<void> {
    try {
      if (lock) {
        if (await lock.renew()) {
          if (!leading) logger.info({ key }, 'leading again: the lock is still ours');
          lead();
        } else {
          logger.warn({ key }, 'leadership lost: the lock was taken or expired');
          lock = null;
          stepDown();
        }
      } else {
        lock = await bus.acquireLock(key, ttlMs);
        if (lock) {
          logger.info({ key }, 'elected leader');
          lead();
        }
      }
    } catch (err) {
      // Unsure whether we still hold the lock: stop leading rather than risk two leaders, and keep the
      // lock to renew once the broker answers (nobody else can take it before its TTL runs out).
      logger.warn({ err, key }, 'leader lock unreachable');
      stepDown();
    }
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      timer = undefined;
      running = campaign().then(() => {
        if (!stopped) schedule(leading ? intervalMs : retryMs);
      });
    }, delayMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    isLeader: () => leading,
    async stop({ release = true } = {}) {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      const held = lock;
      lock = null;
      stepDown();
      if (held && release)
        await held.release().catch((err: unknown) => logger.warn({ err, key }, 'lock release failed'));
    },
  };
}
