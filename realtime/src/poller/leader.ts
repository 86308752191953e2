/**
 * Leader election over the bus lock (DESIGN.md section 1: exactly one poller is active however many
 * run). The holder renews the lock every third of its TTL; a holder that dies stops renewing, the lock
 * expires, and a follower (retrying as often) takes it over.
 */
import { noopLogger, type Bus, type Lock, type Logger } from '@coinpace/adapters';

export interface LeaderElectionOptions {
  bus: Bus;
  /** Lock key, shared by every candidate. */
  key: string;
  /** Lock TTL in ms: how long a dead leader keeps the others waiting. */
  ttlMs: number;
  /** How often the leader renews and a follower retries, in ms. Default ttlMs / 3. */
  intervalMs?: number;
  logger?: Logger;
  /** Called when this candidate takes the lock. */
  onElected: () => void;
  /** Called when it loses the lock (renewal refused or failed) or stops while leading. */
  onDeposed: () => void;
}

export interface LeaderElection {
  /** Starts campaigning at once. */
  start(): void;
  /** True while this candidate holds the lock. */
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
  let lock: Lock | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = true;

  const depose = () => {
    lock = null;
    onDeposed();
  };

  async function campaign(): Promise<void> {
    try {
      if (lock) {
        if (!(await lock.renew())) {
          logger.warn({ key }, 'leadership lost: the lock was taken or expired');
          depose();
        }
      } else {
        lock = await bus.acquireLock(key, ttlMs);
        if (lock && !stopped) {
          logger.info({ key }, 'elected leader');
          onElected();
        }
      }
    } catch (err) {
      // Unsure whether we still hold the lock: stop leading rather than risk two leaders.
      logger.warn({ err, key }, 'leader lock unreachable');
      if (lock) depose();
    }
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      timer = undefined;
      running = campaign().then(() => {
        if (!stopped) schedule(intervalMs);
      });
    }, delayMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    isLeader: () => lock !== null,
    async stop({ release = true } = {}) {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      const held = lock;
      if (!held) return;
      depose();
      if (release)
        await held.release().catch((err: unknown) => logger.warn({ err, key }, 'lock release failed'));
    },
  };
}
