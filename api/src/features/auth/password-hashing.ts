import { AppError } from '@coinpace/domain';

/**
 * scrypt hashes run at once per process: each takes 128 MiB and about 0.3 s of a core (a measured figure),
 * so 200 concurrent sign-ins would otherwise run 200 of them and stall everyone.
 */
export const MAX_CONCURRENT_HASHES = 2;
/** Hashes that may wait their turn; past this a sign-in or sign-up gets 503 with Retry-After. */
export const MAX_WAITING_HASHES = 32;
/**
 * Of the waiting places, those a sender without a clean record may take. The other
 * MAX_WAITING_HASHES - SHARED_WAITING_HASHES are reserved for senders with a clean record, and their
 * hashes run first, so a flood of wrong sign-ins cannot keep real people waiting or refused.
 */
export const SHARED_WAITING_HASHES = 8;
/**
 * Hashes one client key with a clean record may hold (running or waiting) in the reserved places; a
 * person signs in once at a time, so more at once from one key wait in the shared places instead.
 * This stops a fresh key's first burst from filling the reserved places before its record is stained.
 */
export const RESERVED_HASHES_PER_KEY = 2;
/** Seconds a client refused for a full queue is asked to wait. */
export const HASH_QUEUE_RETRY_AFTER_S = 2;

/** Who asks for a hash: its client key, and whether that key has a clean sign-in record. */
export interface HashSender {
  key: string;
  clean: boolean;
}

export interface HashQueueOptions {
  concurrency?: number;
  waiting?: number;
  shared?: number;
  reservedPerKey?: number;
  /** Called (and awaited) for each refusal before the 503 is thrown: the refusal's cost to the sender. */
  onRefused?: (sender: HashSender) => Promise<void>;
}

export interface HashQueue {
  /** Runs `work` when its turn comes, or throws 503 SIGN_IN_BUSY at once when `sender` has no place. */
  run<T>(work: () => Promise<T>, sender: HashSender): Promise<T>;
}

interface Job {
  start: () => void;
}

/**
 * Runs password hashing through a bounded queue with two kinds of waiting place: reserved ones for
 * senders with a clean record (at most `reservedPerKey` per key), run first, and shared ones anyone
 * may take. A sender with no place is refused at once, and `onRefused` charges it.
 */
export function createHashQueue(options: HashQueueOptions = {}): HashQueue {
  const concurrency = options.concurrency ?? MAX_CONCURRENT_HASHES;
  const waitingMax = options.waiting ?? MAX_WAITING_HASHES;
  const sharedMax = Math.min(options.shared ?? SHARED_WAITING_HASHES, waitingMax);
  const perKeyMax = options.reservedPerKey ?? RESERVED_HASHES_PER_KEY;
  const reserved: Job[] = [];
  const shared: Job[] = [];
  const reservedByKey = new Map<string, number>();
  let running = 0;

  const next = () => {
    while (running < concurrency) {
      const job = reserved.shift() ?? shared.shift();
      if (!job) return;
      running += 1;
      job.start();
    }
  };

  const placeFor = (sender: HashSender): 'reserved' | 'shared' | undefined => {
    const waiting = reserved.length + shared.length;
    const idle = running < concurrency && waiting === 0;
    if (sender.clean && (reservedByKey.get(sender.key) ?? 0) < perKeyMax && (idle || waiting < waitingMax))
      return 'reserved';
    if (idle || (shared.length < sharedMax && waiting < waitingMax)) return 'shared';
    return undefined;
  };

  return {
    async run<T>(work: () => Promise<T>, sender: HashSender): Promise<T> {
      const place = placeFor(sender);
      if (!place) {
        await options.onRefused?.(sender);
        throw new AppError('SIGN_IN_BUSY', { retryAfter: HASH_QUEUE_RETRY_AFTER_S });
      }
      if (place === 'reserved') reservedByKey.set(sender.key, (reservedByKey.get(sender.key) ?? 0) + 1);
      try {
        await new Promise<void>((start) => {
          (place === 'reserved' ? reserved : shared).push({ start });
          next();
        });
        try {
          return await work();
        } finally {
          running -= 1;
          next();
        }
      } finally {
        if (place === 'reserved') {
          const left = (reservedByKey.get(sender.key) ?? 1) - 1;
          if (left > 0) reservedByKey.set(sender.key, left);
          else reservedByKey.delete(sender.key);
        }
      }
    },
  };
}
