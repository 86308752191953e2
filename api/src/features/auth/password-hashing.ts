import { AppError } from '@coinpace/domain';
import pLimit from 'p-limit';

/**
 * scrypt hashes run at once per process: each takes 128 MiB and about 0.3 s of a core (issue 13,
 * finding 6), so 200 concurrent sign-ins would otherwise run 200 of them and stall everyone.
 */
export const MAX_CONCURRENT_HASHES = 2;
/** Hashes that may wait their turn; past this a sign-in or sign-up gets 503 with Retry-After. */
export const MAX_WAITING_HASHES = 32;
/** Seconds a client refused for a full queue is asked to wait. */
export const HASH_QUEUE_RETRY_AFTER_S = 2;

/** Runs password hashing through a bounded queue: `run(fn)` waits its turn, or throws 503 at once when full. */
export function createHashQueue(concurrency = MAX_CONCURRENT_HASHES, waiting = MAX_WAITING_HASHES) {
  const limit = pLimit(concurrency);
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      if (limit.pendingCount >= waiting) {
        throw new AppError('SIGN_IN_BUSY', { retryAfter: HASH_QUEUE_RETRY_AFTER_S });
      }
      return limit(work);
    },
  };
}
