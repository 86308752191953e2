/**
 * Runs `tick` every `everyMs`, on the clock's multiples of it, so the workers of a deployment ask in the
 * same minute and the queue's job ids (one per item and slot) keep them from adding a job twice. A tick
 * that fails is logged by `tick` itself; the next one is planned after it ends, never beside it.
 */
export function startClockSchedule(everyMs: number, tick: () => Promise<void>): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => void tick().finally(next), everyMs - (Date.now() % everyMs));
    timer.unref();
  };
  next();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
