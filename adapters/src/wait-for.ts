/** Test support: waits for a condition that becomes true asynchronously (a message arriving). */

export interface WaitForOptions {
  /** Give up after this many ms. Default 10,000: a deadline for liveness, not a performance bound. */
  timeoutMs?: number;
  /** Ms between checks. Default 10. */
  intervalMs?: number;
  /** Names the condition in the timeout error. */
  what?: string;
}

/** Resolves as soon as `condition` returns true; rejects when it has not within `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, intervalMs = 10, what = 'condition' }: WaitForOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waitFor: ${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
