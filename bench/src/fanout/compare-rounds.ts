/**
 * The sockets mode's comparison: the gateway against bare Socket.IO and raw `ws`, as the median over
 * the alternating rounds of each ratio with its spread (lowest–highest), against the goals.
 */
import type { Comparison, RunResult, ServerKind } from './results.ts';

type Ratio = (ours: RunResult, baseline: RunResult) => number;

/** The median over the rounds of `ratio` (the gateway against `baseline`), with the lowest and highest. */
function overRounds(
  results: RunResult[],
  clients: number,
  rounds: number,
  baseline: ServerKind,
  ratio: Ratio,
) {
  const values: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const at = (server: ServerKind) =>
      results.find((r) => r.clients === clients && r.server === server && (r.round ?? 0) === round);
    const a = at('gateway');
    const b = at(baseline);
    if (a && b) values.push(ratio(a, b));
  }
  const sorted = values.sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, text: `${median.toFixed(2)} (${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})` };
}

export function compareThree(
  results: RunResult[],
  clients: number,
  rounds: number,
  idle: boolean,
): Comparison {
  const over = (baseline: ServerKind, ratio: Ratio) => overRounds(results, clients, rounds, baseline, ratio);
  const heap: Ratio = (a, b) => a.heapPerClientBytes / b.heapPerClientBytes;
  const hSocketIo = over('socketio', heap);
  if (idle) {
    return {
      clients,
      medians: { 'heap / Socket.IO': hSocketIo.text, 'heap / ws': over('ws', heap).text },
      goals: { heapAtMost105xSocketIo: hSocketIo.median <= 1.05 },
    };
  }
  const throughput: Ratio = (a, b) => a.saturated!.messagesPerSecond / b.saturated!.messagesPerSecond;
  const p99: Ratio = (a, b) => a.paced!.p99Ms / b.paced!.p99Ms;
  const tSocketIo = over('socketio', throughput);
  const tWs = over('ws', throughput);
  const pWs = over('ws', p99);
  return {
    clients,
    medians: {
      'msgs/s / Socket.IO': tSocketIo.text,
      'msgs/s / ws': tWs.text,
      'heap / Socket.IO': hSocketIo.text,
      'heap / ws': over('ws', heap).text,
      'p99 paced / Socket.IO': over('socketio', p99).text,
      'p99 paced / ws': pWs.text,
    },
    goals: {
      throughputAtLeast098xSocketIo: tSocketIo.median >= 0.98,
      throughputAtLeast09xWs: tWs.median >= 0.9,
      heapAtMost105xSocketIo: hSocketIo.median <= 1.05,
      p99PacedAtMost11xWs: pWs.median <= 1.1,
    },
  };
}
