/**
 * What a fault scenario is and what every one of them must show: no alert lost, none sent
 * twice, every role alive and ready afterwards, and clients receiving prices again. A scenario injects
 * its fault, moves prices across alerts, measures, and names its own extra checks (what that fault must
 * not break beyond the alerts, such as an exchange sync storing each movement once).
 */
import type { AlertBatch, AlertLedger } from './probes/alert-ledger.ts';
import type { PriceClients } from './probes/price-clients.ts';
import type { Topology } from './topology.ts';

export interface ScenarioContext {
  topology: Topology;
  ledger: AlertLedger;
  /** Browsers watching the pulse coin through the balancer, two per gateway. */
  clients: PriceClients;
  /** Replaces the browsers with a fresh set (round robin over the gateways again). */
  reconnectClients(): Promise<PriceClients>;
  /** A bearer token of a signed-up user, for API requests. */
  token: string;
  say(line: string): void;
}

/** One thing a scenario checked, e.g. 'recovery within 5 s'. */
export interface Check {
  what: string;
  ok: boolean;
  detail?: string;
}

/** An alert batch the scenario moved, and the moment its delay is counted from. */
export interface CheckedBatch {
  batch: AlertBatch;
  /** Default: when its price moved. A scenario whose fault holds alerts back counts from the fault's end. */
  delayFrom?: number;
  /** How long the runner waits for its messages, ms. Default 30,000. */
  deliverWithinMs?: number;
  /** Measure each channel's delivery latency from the tick that crossed (p50/p99 in the report). */
  measureLatency?: boolean;
}

export interface ScenarioOutcome {
  /** Clients' wait for prices after the fault ended (or the role died), ms. */
  recoveryMs?: number;
  batches: CheckedBatch[];
  /** Extra measured figures, shown in the table's notes. */
  figures?: Record<string, string>;
  checks?: Check[];
}

export interface Scenario {
  /** Short name, selectable on the command line (`npm run test:faults -- redis-kill`). */
  name: string;
  /** What it does, as the table shows it. */
  title: string;
  run(ctx: ScenarioContext): Promise<ScenarioOutcome>;
}

/** A check that a measured time meets a goal. */
export function within(what: string, ms: number | null | undefined, goalMs: number): Check {
  const ok = typeof ms === 'number' && ms <= goalMs;
  return { what: `${what} <= ${seconds(goalMs)}`, ok, detail: ms == null ? 'not measured' : seconds(ms) };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 100 ms; resolves with the ms it took, rejects after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} not seen within ${seconds(timeoutMs)}`);
    await sleep(100);
  }
  return Date.now() - started;
}
