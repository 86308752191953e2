/** Retry timing of the outbox dispatcher: exponential backoff with a cap, bounded tries. */

export interface RetryPolicy {
  /** Delay after the first failed attempt, ms. Default 30,000. */
  baseDelayMs: number;
  /** Longest delay between attempts, ms. Default 1 hour. */
  maxDelayMs: number;
  /** Attempts before a message is marked failed. Default 8 (a little over an hour of trying with the defaults). */
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 8,
});

/**
 * What to do after attempt number `attempt` (1-based) failed transiently: wait `base * 2^(attempt-1)`
 * capped at `maxDelayMs`, or give up once `maxAttempts` attempts were made.
 */
export function nextRetry(
  attempt: number,
  policy: RetryPolicy,
): { retry: true; delayMs: number } | { retry: false } {
  if (attempt >= policy.maxAttempts) return { retry: false };
  const delayMs = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return { retry: true, delayMs };
}

/**
 * Retries for a window of time instead of a number of attempts: the same growing delays (capped at
 * `maxDelayMs`), until the next attempt would fall past `windowMs` after the message was written.
 */
export function nextRetryWithin(
  attempt: number,
  policy: RetryPolicy,
  createdAt: Date,
  windowMs: number,
  now: number = Date.now(),
): { retry: true; delayMs: number } | { retry: false } {
  const delayMs = Math.min(
    policy.maxDelayMs,
    policy.baseDelayMs * 2 ** Math.max(0, Math.min(attempt - 1, 40)),
  );
  if (now + delayMs > createdAt.getTime() + windowMs) return { retry: false };
  return { retry: true, delayMs };
}
