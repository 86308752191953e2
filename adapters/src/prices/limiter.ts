/**
 * Serialises upstream calls and spaces their starts (SPEC.md 'Timing': a shared limiter for calls under
 * 300 ms after the previous one). A call waits its turn, then waits out the rest of the gap, then runs.
 */
export class SerialLimiter {
  private tail: Promise<void> = Promise.resolve();
  private lastStart: number | null = null;

  /**
   * @param minGapMs least time between the starts of two calls, in milliseconds
   * @param now the clock, epoch milliseconds
   * @param sleep waits the given milliseconds
   */
  constructor(
    private readonly minGapMs: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /**
   * Runs `task` after every earlier task has settled and the gap since the last start has passed.
   * When it is this call's turn, `shortCut` may answer instead (a value other than undefined): then nothing
   * waits and the gap is not restarted, since no upstream call is made.
   */
  run<T>(task: () => Promise<T>, shortCut?: () => T | undefined): Promise<T> {
    const result = this.tail.then(async () => {
      const early = shortCut?.();
      if (early !== undefined) return early;
      if (this.lastStart !== null) {
        const wait = this.lastStart + this.minGapMs - this.now();
        if (wait > 0) await this.sleep(wait);
      }
      this.lastStart = this.now();
      return task();
    });
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
