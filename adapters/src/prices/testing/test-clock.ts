/** A hand-driven clock for tests: `sleep` records the wait and moves the clock, so nothing really waits. */
export interface TestClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Moves the clock forward. */
  advance(ms: number): void;
  /** Every wait asked of `sleep`, in order. */
  readonly sleeps: number[];
}

/** A TestClock starting at `start` (epoch ms). */
export function createTestClock(start = Date.UTC(2024, 10, 21, 12, 0, 0)): TestClock {
  let t = start;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    advance(ms) {
      t += ms;
    },
    sleeps,
  };
}

/** A logger that keeps what it is given, for asserting on logged warnings. */
export function createRecordingLogger() {
  const lines: { level: 'warn' | 'info' | 'debug'; obj: object; msg?: string }[] = [];
  return {
    lines,
    warn: (obj: object, msg?: string) => void lines.push({ level: 'warn', obj, msg }),
    info: (obj: object, msg?: string) => void lines.push({ level: 'info', obj, msg }),
    debug: (obj: object, msg?: string) => void lines.push({ level: 'debug', obj, msg }),
  };
}
