import { describe, expect, it } from 'vitest';
import { SerialLimiter } from './limiter.ts';
import { createTestClock } from './testing/test-clock.ts';

describe('SerialLimiter', () => {
  it('runs tasks one at a time, in order, 300 ms apart', async () => {
    const clock = createTestClock(0);
    const limiter = new SerialLimiter(300, clock.now, clock.sleep);
    const starts: [string, number][] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      starts.push([name, clock.now()]);
      await new Promise((r) => setImmediate(r));
      running -= 1;
      return name;
    };
    const results = await Promise.all([
      limiter.run(task('a')),
      limiter.run(task('b')),
      limiter.run(task('c')),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(starts).toEqual([
      ['a', 0],
      ['b', 300],
      ['c', 600],
    ]);
  });

  it('waits only the rest of the gap, and not at all after it', async () => {
    const clock = createTestClock(0);
    const limiter = new SerialLimiter(300, clock.now, clock.sleep);
    await limiter.run(async () => undefined);
    clock.advance(250);
    await limiter.run(async () => undefined);
    clock.advance(300);
    await limiter.run(async () => undefined);
    expect(clock.sleeps).toEqual([50]);
  });

  it('keeps going after a task fails', async () => {
    const clock = createTestClock(0);
    const limiter = new SerialLimiter(300, clock.now, clock.sleep);
    const failed = limiter.run(async () => {
      throw new Error('boom');
    });
    await expect(failed).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('lets a short cut answer without waiting or restarting the gap', async () => {
    const clock = createTestClock(0);
    const limiter = new SerialLimiter(300, clock.now, clock.sleep);
    await limiter.run(async () => 'sent');
    expect(
      await limiter.run(
        async () => 'sent',
        () => 'skipped',
      ),
    ).toBe('skipped');
    expect(clock.sleeps).toEqual([]);
    clock.advance(300);
    await limiter.run(async () => 'sent');
    expect(clock.sleeps).toEqual([]);
  });
});
