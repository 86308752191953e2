/**
 * Where a CPU profile's time went, for the fan-out benchmark's note: self time grouped into the parts
 * that grow with the number of clients (encoding, per-socket writes, adapter/broadcast) and the top
 * functions.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const CATEGORIES: [string, (fn: string, url: string) => boolean][] = [
  ['idle', (fn) => fn === '(idle)'],
  ['garbage collection', (fn) => fn === '(garbage collector)'],
  [
    'encoding (JSON, packet encode, frame build)',
    (fn, url) =>
      url.includes('socket.io-parser') ||
      url.includes('engine.io-parser') ||
      (url === '' && fn === 'stringify') ||
      url.includes('/ws/lib/sender') ||
      url.endsWith('/prices/protocol.ts'),
  ],
  [
    'per-socket writes (engine.io, ws, net)',
    (fn, url) =>
      url.includes('engine.io') ||
      url.includes('/ws/') ||
      url.startsWith('node:net') ||
      url.startsWith('node:internal/stream_base') ||
      url.startsWith('node:internal/streams') ||
      ['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String'].includes(fn),
  ],
  [
    'adapter and broadcast (rooms, apply)',
    (_fn, url) => url.includes('socket.io-adapter') || url.includes('/socket.io/dist/'),
  ],
  [
    'bus (JSON parse of the tick)',
    (fn, url) => url.includes('adapters/src/bus') || (url === '' && fn === 'parse'),
  ],
  ['gateway code', (_fn, url) => url.includes('realtime/src')],
  [
    'event emitters and timers',
    (_fn, url) => url.startsWith('node:events') || url.startsWith('node:internal/timers'),
  ],
];

/** A printable summary of the profile at `file`. */
export function summarizeProfile(file: string): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const categories = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const category = CATEGORIES.find(([, test]) => test(functionName, url))?.[0] ?? 'other (native, program)';
    categories.set(category, (categories.get(category) ?? 0) + micros);
    const name = `${functionName || '(anonymous)'} ${url.split('/node_modules/').at(-1)}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  }
  const busy = total - (categories.get('idle') ?? 0);
  const pct = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%`;
  const lines = [
    `busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms profiled; share of busy time:`,
  ];
  for (const [name, micros] of [...categories].sort((a, b) => b[1] - a[1])) {
    if (name !== 'idle') lines.push(`  ${pct(micros)}  ${name}`);
  }
  lines.push('top functions by self time:');
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    if (!name.startsWith('(idle)')) lines.push(`  ${pct(micros)}  ${name}`);
  }
  return lines.join('\n');
}
