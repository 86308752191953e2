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
  checks: Check[];
  error?: string;
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
  return [...out, '', 'Figures:', ...notes].join('\n');
}
