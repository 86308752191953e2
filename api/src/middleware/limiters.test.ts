import { describe, expect, it } from 'vitest';
import { memoryLimiters, onePerName } from './limiters.ts';

describe('onePerName', () => {
  it('hands every caller of a name the same limiter, so their counts are shared', async () => {
    const limiters = onePerName(memoryLimiters());
    const first = limiters('check-password', { points: 2, duration: 60 });
    const second = limiters('check-password', { points: 2, duration: 60 });
    expect(second).toBe(first);
    await first.consume('1.2.3.4');
    await second.consume('1.2.3.4');
    await expect(first.consume('1.2.3.4')).rejects.toMatchObject({ remainingPoints: 0 });
  });

  it('makes a limiter per name', () => {
    const limiters = onePerName(memoryLimiters());
    expect(limiters('a', { points: 1, duration: 1 })).not.toBe(limiters('b', { points: 1, duration: 1 }));
  });

  it('refuses a second caller asking one name with other points or window', () => {
    const limiters = onePerName(memoryLimiters());
    limiters('check-password', { points: 10, duration: 900 });
    expect(() => limiters('check-password', { points: 5, duration: 900 })).toThrow(
      "rate limiter 'check-password' asked for 5 per 900 s, but it was made with 10 per 900 s",
    );
    expect(() => limiters('check-password', { points: 10, duration: 60 })).toThrow(/asked for 10 per 60 s/);
  });
});
