import { describe, expect, it } from 'vitest';
import { LimiterFullError, SerialLimiter } from './limiter.ts';
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

  it('refuses an ordinary call at once when the queue is full, but never a high-priority one', async () => {
    const clock = createTestClock(0);
    const limiter = new SerialLimiter(300, clock.now, clock.sleep, 2);
    let release!: () => void;
    const blocker = limiter.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    await new Promise((r) => setImmediate(r)); // the first call is running, no longer waiting
    const waiting = [limiter.run(async () => 'a'), limiter.run(async () => 'b')];
    expect(limiter.queued).toBe(2);
    await expect(limiter.run(async () => 'c')).rejects.toBeInstanceOf(LimiterFullError);
    const poll = limiter.run(async () => 'poll', undefined, 'high');
    release();
    expect(await Promise.all([blocker, ...waiting, poll])).toEqual(['first', 'a', 'b', 'poll']);
  });

  it('runs high-priority calls before every waiting ordinary one', async () => {
    const clock = createTestClock(0);
    const limiter = new SerialLimiter(300, clock.now, clock.sleep);
    const order: string[] = [];
    const task = (name: string) => async () => void order.push(name);
    let release!: () => void;
    const blocker = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((r) => setImmediate(r));
    const calls = [
      limiter.run(task('search')),
      limiter.run(task('proxy')),
      limiter.run(task('poll'), undefined, 'high'),
    ];
    release();
    await Promise.all([blocker, ...calls]);
    expect(order).toEqual(['poll', 'search', 'proxy']);
  });

  it('runs low-priority calls after every waiting ordinary one, and bounds them as well', async () => {
    const clock = createTestClock(0);
    const limiter = new SerialLimiter(300, clock.now, clock.sleep, 1);
    const order: string[] = [];
    const task = (name: string) => async () => void order.push(name);
    let release!: () => void;
    const blocker = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((r) => setImmediate(r));
    const calls = [
      limiter.run(task('rates'), undefined, 'low'),
      limiter.run(task('search')),
      limiter.run(task('poll'), undefined, 'high'),
    ];
    await expect(limiter.run(task('more rates'), undefined, 'low')).rejects.toBeInstanceOf(LimiterFullError);
    release();
    await Promise.all([blocker, ...calls]);
    expect(order).toEqual(['poll', 'search', 'rates']);
  });
});
