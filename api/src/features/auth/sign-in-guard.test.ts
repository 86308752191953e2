import { createRecordingLogger } from '@coinpace/adapters/testing';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { createPacer, oncePerWindow } from './sign-in-guard.ts';

describe('oncePerWindow', () => {
  it('writes the first line of each window and counts the rest into the next line', () => {
    const logger = createRecordingLogger();
    let now = 1_000;
    const warn = oncePerWindow(logger, 60_000, () => now);
    warn({ clientKey: 'a' }, 'refused');
    for (let i = 0; i < 500; i += 1) {
      now += 100; // 50 s of refusals, ten a second
      warn({ clientKey: 'a' }, 'refused');
    }
    expect(logger.lines).toHaveLength(1);
    now = 61_000;
    warn({ clientKey: 'b' }, 'refused');
    expect(logger.lines).toEqual([
      { level: 'warn', fields: { clientKey: 'a', notLogged: 0, windowMs: 60_000 }, msg: 'refused' },
      { level: 'warn', fields: { clientKey: 'b', notLogged: 500, windowMs: 60_000 }, msg: 'refused' },
    ]);
  });
});

describe('createPacer', () => {
  it('lets one attempt through per window and refuses at once past its waiting room', async () => {
    const pace = createPacer(new RateLimiterMemory({ points: 1, duration: 1 }), 2);
    expect(await pace('account')).toBe(true);
    // The next two wait for later windows; a fourth finds the waiting room full.
    const waiting = [pace('account'), pace('account')];
    expect(await pace('account')).toBe(false);
    // Another account is not held up by this one.
    expect(await pace('other')).toBe(true);
    expect(await Promise.all(waiting)).toEqual([true, true]);
    // Nobody waits now: the room is free again.
    expect(await pace('account')).toBe(true);
  });
});
