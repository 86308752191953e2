import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its state (expected, marked) is per page. */
async function freshModule() {
  vi.resetModules();
  return import('./first-content.ts');
}

/** Whether `promise` has settled once everything already queued (timers included) has run. */
async function settledAfterTimers(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  await vi.advanceTimersByTimeAsync(600);
  return settled;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('afterFirstContent', () => {
  it('waits only for the route code when no screen expects to mark its content', async () => {
    const { afterFirstContent } = await freshModule();
    let arrive: () => void = () => {};
    const route = new Promise<void>((resolve) => (arrive = resolve));
    const after = afterFirstContent(route);
    expect(await settledAfterTimers(after)).toBe(false);
    arrive();
    expect(await settledAfterTimers(after)).toBe(true);
  });

  it('waits for a screen that expects to mark its content until it does', async () => {
    const { afterFirstContent, expectFirstContent, markFirstContent } = await freshModule();
    expectFirstContent();
    const after = afterFirstContent(Promise.resolve());
    expect(await settledAfterTimers(after)).toBe(false);
    markFirstContent();
    expect(await settledAfterTimers(after)).toBe(true);
  });

  it('goes on without the mark once the longest wait is over', async () => {
    const { afterFirstContent, expectFirstContent } = await freshModule();
    expectFirstContent();
    const after = afterFirstContent(Promise.resolve());
    expect(await settledAfterTimers(after)).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await settledAfterTimers(after)).toBe(true);
  });

  it('does not wait for a screen that marked its content before', async () => {
    const { afterFirstContent, expectFirstContent, markFirstContent } = await freshModule();
    expectFirstContent();
    markFirstContent();
    expect(await settledAfterTimers(afterFirstContent(Promise.resolve()))).toBe(true);
  });
});
