/**
 * Serialises upstream calls and spaces their starts (SPEC.md 'Timing': a shared limiter for calls under
 * 300 ms after the previous one). A call waits its turn, then waits out the rest of the gap, then runs.
 * The queue of ordinary calls is bounded: once `maxQueued` wait, another is refused
 * at once with `LimiterFullError` rather than held for minutes. High-priority calls (the price poll that
 * alerts depend on) are never refused and go before every waiting ordinary call; low-priority calls
 * (background reads such as past rates) go after every waiting ordinary one, and are bounded as they are.
 */

/** Thrown (as a rejection) by `run` when the queue of ordinary calls is full. */
export class LimiterFullError extends Error {
  constructor() {
    super('the upstream call queue is full');
    this.name = 'LimiterFullError';
  }
}

export type CallPriority = 'high' | 'normal' | 'low';

/** Ordinary calls that may wait at once, by default: at the 300 ms gap, about six seconds of waiting. */
export const DEFAULT_MAX_QUEUED_CALLS = 20;

export class SerialLimiter {
  private readonly high: (() => Promise<void>)[] = [];
  private readonly normal: (() => Promise<void>)[] = [];
  private readonly low: (() => Promise<void>)[] = [];
  private pumping = false;
  private lastStart: number | null = null;

  /**
   * @param minGapMs least time between the starts of two calls, in milliseconds
   * @param now the clock, epoch milliseconds
   * @param sleep waits the given milliseconds
   * @param maxQueued most ordinary calls waiting at once
   */
  constructor(
    private readonly minGapMs: number,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
    private readonly maxQueued = DEFAULT_MAX_QUEUED_CALLS,
  ) {}

  /** Ordinary calls waiting now. */
  get queued(): number {
    return this.normal.length;
  }

  /**
   * Runs `task` after every earlier task (of its priority or higher) has settled and the gap since the
   * last start has passed. When it is this call's turn, `shortCut` may answer instead (a value other than
   * undefined): then nothing waits and the gap is not restarted, since no upstream call is made.
   * Rejects with LimiterFullError at once when an ordinary (or low) call finds its queue full.
   */
  run<T>(
    task: () => Promise<T>,
    shortCut?: () => T | undefined,
    priority: CallPriority = 'normal',
  ): Promise<T> {
    const queue = priority === 'high' ? this.high : priority === 'low' ? this.low : this.normal;
    if (priority !== 'high' && queue.length >= this.maxQueued) return Promise.reject(new LimiterFullError());
    return new Promise<T>((resolve, reject) => {
      queue.push(async () => {
        try {
          const early = shortCut?.();
          if (early !== undefined) return resolve(early);
          if (this.lastStart !== null) {
            const wait = this.lastStart + this.minGapMs - this.now();
            if (wait > 0) await this.sleep(wait);
          }
          this.lastStart = this.now();
          resolve(await task());
        } catch (err) {
          reject(err);
        }
      });
      void this.pump();
    });
  }

  /** Runs waiting calls one at a time, high priority first and low last, until none waits. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      // Start on a later tick, as a chained promise would, so `run` never calls its task synchronously.
      await Promise.resolve();
      for (let next = this.next(); next; next = this.next()) await next();
    } finally {
      this.pumping = false;
    }
  }

  private next(): (() => Promise<void>) | undefined {
    return this.high.shift() ?? this.normal.shift() ?? this.low.shift();
  }
}
