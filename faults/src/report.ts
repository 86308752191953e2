/** The fault suite's summary: one row of figures per scenario, as a table and as JSON. */
import type { Check } from './scenario.ts';

export interface ScenarioResult {
  name: string;
  title: string;
  ok: boolean;
  /** Clients' wait for prices after the fault, ms (when the scenario measures it). */
  recoveryMs?: number;
  alerts: {
    expected: number;
    delivered: number;
    lost: number;
    duplicated: number;
    maxDelayMs: number | null;
  };
  wallMs: number;
  figures: Record<string, string>;
  /** Per channel: deliveries measured and their time from the tick that crossed to the peer, ms. */
  latency?: Record<string, ChannelLatency>;
  checks: Check[];
  error?: string;
}

/** The goal for a delivery on any channel, from the tick that crossed, at the 99th percentile. */
export const LATENCY_GOAL_MS = 2_000;

export interface ChannelLatency {
  count: number;
  minMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The nearest-rank percentile `p` (0-100) of `values`; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function channelLatency(values: readonly number[]): ChannelLatency {
  return {
    count: values.length,
    minMs: Math.min(...values),
    p50Ms: percentile(values, 50),
    p99Ms: percentile(values, 99),
    maxMs: Math.max(...values),
  };
}

/** The latency table of the scenarios that measured it: one row per scenario and channel. */
export function renderLatency(results: ScenarioResult[]): string {
  const rows = results.flatMap((r) =>
    Object.entries(r.latency ?? {}).map(([channel, l]) => [
      r.name,
      channel,
      String(l.count),
      String(Math.round(l.minMs)),
      String(Math.round(l.p50Ms)),
      String(Math.round(l.p99Ms)),
      String(Math.round(l.maxMs)),
      channel.startsWith('stage: ') ? '' : l.p99Ms <= LATENCY_GOAL_MS ? 'met' : 'missed',
    ]),
  );
  if (rows.length === 0) return '';
  const header = [
    'scenario',
    'channel',
    'deliveries',
    'min (ms)',
    'p50 (ms)',
    'p99 (ms)',
    'max (ms)',
    `p99 <= ${LATENCY_GOAL_MS} ms`,
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    "Delivery latency, from the tick that crossed to the message at the channel's peer:",
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

const s = (ms: number | null | undefined) => (ms == null ? '-' : `${(ms / 1000).toFixed(1)}`);

/** The table printed at the end of a run. */
export function renderTable(results: ScenarioResult[]): string {
  const header = [
    'scenario',
    'result',
    'prices back (s)',
    'messages',
    'lost',
    'dup',
    'max delay (s)',
    'wall (s)',
  ];
  const rows = results.map((r) => [
    `${r.name}: ${r.title}`,
    r.ok ? 'pass' : 'FAIL',
    s(r.recoveryMs),
    `${r.alerts.delivered}/${r.alerts.expected}`,
    String(r.alerts.lost),
    String(r.alerts.duplicated),
    s(r.alerts.maxDelayMs),
    s(r.wallMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const out = [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)];
  const notes = results.flatMap((r) => {
    const figures = Object.entries(r.figures).map(([k, v]) => `${k}: ${v}`);
    const failed = r.checks
      .filter((c) => !c.ok)
      .map((c) => `FAILED ${c.what}${c.detail ? ` (${c.detail})` : ''}`);
    const all = [...figures, ...failed, ...(r.error ? [`ERROR ${r.error}`] : [])];
    return all.length ? [`- ${r.name}: ${all.join('; ')}`] : [];
  });
  const latency = renderLatency(results);
  return [...out, '', 'Figures:', ...notes, ...(latency ? ['', latency] : [])].join('\n');
}
