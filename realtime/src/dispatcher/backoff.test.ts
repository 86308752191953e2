import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, nextRetry } from './backoff.ts';

describe('nextRetry', () => {
  const policy = { baseDelayMs: 1000, maxDelayMs: 5000, maxAttempts: 5 };

  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 5000],
  ])('after attempt %i waits %i ms', (attempt, delayMs) => {
    expect(nextRetry(attempt, policy)).toEqual({ retry: true, delayMs });
  });

  it('gives up after the last attempt', () => {
    expect(nextRetry(5, policy)).toEqual({ retry: false });
    expect(nextRetry(6, policy)).toEqual({ retry: false });
  });

  it('the default policy tries 8 times over about an hour', () => {
    let total = 0;
    for (let attempt = 1; attempt < DEFAULT_RETRY_POLICY.maxAttempts; attempt += 1) {
      const next = nextRetry(attempt, DEFAULT_RETRY_POLICY);
      if (next.retry) total += next.delayMs;
    }
    expect(total).toBe((30 + 60 + 120 + 240 + 480 + 960 + 1920) * 1000);
    expect(nextRetry(8, DEFAULT_RETRY_POLICY).retry).toBe(false);
  });
});
