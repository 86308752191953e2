/**
 * Test support for abuse tests: asks `/healthz` over and over while an attack runs, and keeps every
 * answer's status and latency, so a test can assert the node kept answering and print how fast.
 */

export interface HealthSample {
  status: number;
  ms: number;
}

export interface HealthProbe {
  /** Stops asking; resolves with every answer, in order. */
  stop(): Promise<HealthSample[]>;
}

/** Starts asking `GET {url}/healthz`, one request at a time, `gapMs` apart (default 20). */
export function probeHealth(url: string, gapMs = 20): HealthProbe {
  const samples: HealthSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      let status: number;
      try {
        const response = await fetch(`${url}/healthz`);
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // No answer at all: counted as status 0.
        status = 0;
      }
      samples.push({ status, ms: performance.now() - started });
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

/** One line for the test output: how many answers, their statuses, and latency p50 / p99 / max. */
export function describeHealth(what: string, samples: readonly HealthSample[]): string {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const statuses = [...new Set(samples.map((s) => s.status))].join(',');
  return `${what}: /healthz answered ${samples.length}x (status ${statuses}), p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`;
}
