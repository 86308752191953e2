/**
 * Where the bytes of idle sockets go: two V8 heap snapshots (before and after the clients connect)
 * summed by what each object is (its constructor or type), and the difference per client, largest first.
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count per object kind ("type:name", e.g. "object:Socket", "string", "closure:onclose"). */
function totals(file: string): Map<string, { bytes: number; count: number }> {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = heap.snapshot.meta.node_types[0];
  const out = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt]!]!;
    // Strings and code are summed by type alone: their names are their contents.
    const named = type === 'object' || type === 'closure' || type === 'native' || type === 'array';
    const key = named ? `${type}:${heap.strings[heap.nodes[i + nameAt]!]}` : type;
    const entry = out.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += heap.nodes[i + sizeAt]!;
    entry.count += 1;
    out.set(key, entry);
  }
  return out;
}

export interface HeapDiffRow {
  kind: string;
  bytesPerClient: number;
  objectsPerClient: number;
}

/** The kinds that grew, per client, largest first (`top` rows and the rest summed). */
export function heapDiff(before: string, after: string, clients: number, top = 15): HeapDiffRow[] {
  const a = totals(before);
  const b = totals(after);
  const rows: HeapDiffRow[] = [];
  for (const [kind, { bytes, count }] of b) {
    const was = a.get(kind) ?? { bytes: 0, count: 0 };
    const grew = bytes - was.bytes;
    if (grew <= 0) continue;
    rows.push({
      kind,
      bytesPerClient: Math.round(grew / clients),
      objectsPerClient: Math.round(((count - was.count) / clients) * 100) / 100,
    });
  }
  rows.sort((x, y) => y.bytesPerClient - x.bytesPerClient);
  const rest = rows.slice(top);
  return [
    ...rows.slice(0, top),
    {
      kind: `(${rest.length} other kinds)`,
      bytesPerClient: rest.reduce((sum, r) => sum + r.bytesPerClient, 0),
      objectsPerClient: Math.round(rest.reduce((sum, r) => sum + r.objectsPerClient, 0) * 100) / 100,
    },
  ];
}
